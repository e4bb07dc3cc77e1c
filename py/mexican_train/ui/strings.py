"""Every sentence and label the game's code shows or speaks, in one place, ready for translation.

The page's static text (setup form, help) lives in index.html; everything
produced while playing comes from here. Templates use ``str.format`` fields.
"""

# -- names -------------------------------------------------------------------
YOU = "You"
NAME_YOU = "{name} (you)"
YOUR_TRAIN = "Your train"
SEATS_TRAIN = "{name}'s train"
MEXICAN_TRAIN = "Mexican Train"
ENGINE = "Engine {value}-{value}"
KIND = {"human": "Player", "easy": "CPU · Easy", "normal": "CPU · Normal", "strong": "CPU · Strong",
        "random": "CPU · Random"}
TILE = "{a}-{b}"
TILE_SPOKEN = "{a} and {b}"
DOUBLE_SPOKEN = "double {a}"

# -- train states, in words as well as looks ------------------------------------
STATE_PRIVATE = "Private: only {name} plays here"
STATE_PRIVATE_YOURS = "Private: only you play here"
STATE_SHARED = "Shared: anyone plays here"
STATE_MARKED = "Marked: open to everyone"
STATE_MARKED_YOURS = "Marked: open to everyone until you play here"
STATE_OPEN_DOUBLE = "Open double: cover it first"
STATE_EMPTY_SUFFIX = "not started"
NEEDS = "Needs {value}"
TRAIN_SPOKEN = "{train}, {state}, {tiles}, ends at {end}"
TRAIN_SPOKEN_EMPTY = "{train}, {state}, not started: starts with a {end}"
TRAIN_SPOKEN_TARGET = "play {tile} here"
TRAIN_SPOKEN_TILES = "{count} tiles"
TRAIN_SPOKEN_TILE = "1 tile"
TRAIN_EARLIER = "{count} earlier tiles"

# -- the hand -----------------------------------------------------------------------
HAND_TITLE = "Your hand"
HAND_TITLE_NAMED = "{name}'s hand"
HAND_HIDDEN = "{name}'s hand is hidden."
TILE_PLAYABLE_ON = "{tile}, playable on: {trains}"
TILE_NOT_PLAYABLE = "{tile}, not playable now"
TILE_SELECTED = "{tile}, selected: now choose a train"
TILE_DRAWN = "just drawn"
FACE_DOWN = "{count} tiles, face down"
FACE_DOWN_ONE = "1 tile, face down"

# -- commands -----------------------------------------------------------------------
DRAW = "Draw"
PASS = "Pass"
STOP = "End chain"
CLEAR = "Clear selection"
NEXT_PLAYER = "Next player"
REVEAL = "Reveal hand"
HINT = "Hint"
PAUSE = "Pause"
CONTINUE = "Continue"
NEXT_ROUND = "Next round"
FINAL_RESULTS = "Final results"
NEW_MATCH = "New match"
PLAY_AGAIN = "Play again"

# -- what to do next (the one-line banner) ----------------------------------------------
DO_PLAY = "Your turn: pick a tile, then a train."
DO_PLAY_NAMED = "{name}'s turn: pick a tile, then a train."
DO_SELECTED = "Now pick a train for {tile}, or pick the tile again to put it back."
DO_COVER = "Cover the open double {value}-{value} on {train} before anything else."
DO_COVER_DRAW = "Cover the open double {value}-{value} on {train}: nothing in your hand fits, so draw one."
DO_COVER_PASS = "Cover the open double {value}-{value} on {train}: nothing fits and the boneyard is empty, so pass."
DO_EXTRA = "You played a double: play one more tile."
DO_EXTRA_IMMEDIATE = "You played a double: cover it now."
DO_TWO_DOUBLES = "Two doubles: cover one of them."
DO_CHAIN_START = "Opening turn: start your own train from the engine."
DO_CHAIN = "Opening turn: add to your chain, or end it."
DO_CHAIN_DOUBLE = "Cover the double in your chain."
DO_DRAWN = "You drew {tile}: it fits, so play it."
DO_DRAW = "No tile fits: draw one."
DO_PASS = "No tile fits and the boneyard is empty: pass."
DO_PASS_OPENING = "You cannot start your train: pass, and it becomes marked."
DO_STOP = "Nothing more fits: end your chain."
DO_REVEAL = "Pass the device to {name}, then press Reveal hand."
DO_NEXT = "Turn over. Look at the board, then press Next player."
DO_WAIT_CPU = "{name} is thinking…"
DO_WATCH = "{name} to play."
DO_PAUSED = "Paused. Nothing moves until you continue."

# -- narration (the live region) ---------------------------------------------------------
SAID_PLAY = "{name} played {tile} on {train}."
SAID_PLAY_DOUBLE = "{name} played the double {tile} on {train}."
SAID_DRAW = "{name} drew a tile."
SAID_DRAW_YOU = "You drew {tile}."
SAID_PASS = "{name} passed."
SAID_STOP = "{name} ended the opening chain."
SAID_MARK = "{train} is now marked: open to everyone."
SAID_UNMARK = "{train} is private again."
SAID_OUT = "{name} played the last tile: the round is over."
SAID_BLOCKED = "Nobody can play: the round is blocked."
SAID_TURN = "{name}'s turn."
SAID_TURN_YOU = "Your turn."
SAID_CPU_TURN = "{name}: {moves}"
SAID_AND = ", then "
SAID_SELECTED = "{tile} selected."
SAID_CLEARED = "Selection cleared."
SAID_NOT_PLAYABLE = "{tile} cannot be played now."
SAID_NOT_HERE = "{tile} cannot go on {train}."
SAID_PICK_FIRST = "Pick a tile from your hand first, then the train."
SAID_PAUSED = "Game paused."
SAID_RESUMED = "Game continues."
SAID_HINT = "Hint: {action}. {reason}"
SAID_ROUND_START = "Round {number} of {rounds}: engine {engine}-{engine}. {name} starts."
SAID_ROUND_START_YOU = "Round {number} of {rounds}: engine {engine}-{engine}. You start."
SAID_MATCH_START = "New match: {players}."
SAID_RESTORED = "Saved match restored."

# -- moves in short (for summaries and the hint) -------------------------------------------
MOVE_PLAY = "{tile} on {train}"
MOVE_DRAW = "draw a tile"
MOVE_PASS = "pass"
MOVE_STOP = "end the chain"
MOVED_DRAW = "drew"
MOVED_PASS = "passed"
MOVED_STOP = "ended the chain"
MOVED_MARK = "got a marker"

# -- round and match end -------------------------------------------------------------
ROUND_OVER_OUT = "Round {number} over: {name} went out."
ROUND_OVER_BLOCKED = "Round {number} over: the round was blocked."
ROUND_POINTS = "{points} points"
ROUND_POINT = "1 point"
NO_TILES_LEFT = "no tiles left"
MATCH_OVER = "Match over"
WINNER = "{name} wins with {total} points."
WINNERS = "{names} share the win with {total} points."
AND = " and "
TOTAL = "Total"
ROUND_N = "Round {number}"
CHART_TITLE = "Scores after each round"
CHART_SUMMARY = "{name}: {scores}"

# -- status line ---------------------------------------------------------------------
ROUND_OF = "Round {number} of {rounds}"
BONEYARD = "Boneyard: {count}"
TILES_IN_HAND = "{count} tiles"
TILE_IN_HAND = "1 tile"
SCORE = "{total} points"

# -- the rules in force (shown under the board) ----------------------------------------
RULES_PRESET = {"standard": "Standard rules", "classic": "Classic rules"}
RULES_SET = "double-{set}, {hand} tiles each"
RULES_FLEXIBLE = "after a double, one more tile anywhere you may play"
RULES_IMMEDIATE = "after a double, cover it at once"
RULES_CHAIN = "first turn builds a chain"
RULES_MEXICAN_LATER = "Mexican Train from your second turn"
RULES_BLANK = "double-blank scores {points}"
RULES_EXHAUSTED = "a double with no tiles left to match needs no cover"
RULES_ROUNDS = {1: "one round", 3: "three rounds"}
RULES_ROUNDS_FULL = "full match of {rounds} rounds"
RULES_ROUNDS_N = "{rounds} rounds"

# -- problems --------------------------------------------------------------------------
ERROR_SETTINGS = "These settings cannot start a match: {reason}"
ERROR_SAVE_UNREADABLE = ("Your saved match could not be read ({reason}). It has been kept aside, "
                         "so nothing is lost; you can start a new match.")
ERROR_SAVE_FAILED = "The match could not be saved in this browser ({reason}). You can keep playing; export it to keep it."
ERROR_IMPORT = "That file is not a match we can open: {reason}"
ERROR_OTHER_TAB = ("This match is being played in another tab or window: it saved the match since this page did. To avoid "
                   "overwriting it, this page stops saving. Press “Continue here” to carry on from the latest save.")
ERROR_STORAGE_FORBIDDEN = ("This browser does not let the game use its storage here ({reason}), so the match cannot be "
                           "saved. You can still play, and save the match to a file from the menu.")
ERROR_INTERNAL = "Something went wrong ({reason}). The match is unchanged."

# -- the saved match offered on the setup screen ----------------------------------------
SAVED_MATCH = "{players}: {round}"
SAVED_MATCH_OVER = "{players}: match over"
