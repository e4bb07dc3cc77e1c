"""The screens beside the board, one module each: statistics, the daily deal, the replay, the review.

Each part takes the events the route table gives it (``protocol.ROUTES``) and
answers with its view (``views``); ``dispatch.Page`` holds one of each.
"""
