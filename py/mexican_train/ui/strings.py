"""Every sentence and label the game's screens show or speak, as English msgids of the gettext catalogue.

A name here holds a msgid (``N_``) or a singular/plural pair (``NP_``); the
code shows it with ``_(S.NAME)`` or ``plural(S.NAME, n)``, in the language
spoken at that moment (see ``mexican_train.i18n``). Templates use
``str.format`` fields; names, numbers and tiles are always fields, never
pieces glued to a sentence. The page's static text (setup form, dialogs,
help) is in the page template (page/), the labels of rule options and CPU
levels beside their declarations (``rules.Rules``, ``players.LEVELS``); the
few texts the page's JavaScript needs before Python has loaded are
``PAGE_TEXT`` below, written into the page at build time.
"""

from ..i18n import N_, NC_, NP_

# -- names -------------------------------------------------------------------
YOU = N_("You")
PLAYER_N = N_("Player {n}")
CPU_N = N_("CPU {n}")
NAME_YOU = N_("{name} (you)")
# the viewer's own seat in a list or a table when it kept the default name: never "You (you)"
VIEWER_LABEL = NC_("the viewer's own seat in a list or table", "You")
TRAIN_TITLE_YOURS = N_("Your train")
TRAIN_TITLE_SEAT = N_("{name}'s train")
MEXICAN_TRAIN = N_("Mexican Train")
# a train inside a sentence ("… played 3-9 on {train}.")
TRAIN_YOURS = N_("your train")
TRAIN_SEAT = NC_("inside a sentence", "{name}'s train")  # "el tren de Ana", where the heading says "Tren de Ana"
TRAIN_MEXICAN = N_("the Mexican Train")
ENGINE = N_("Engine {value}-{value}")
KIND_PERSON = N_("Person")
KIND_CPU = N_("CPU · {level}")
TILE = "{a}-{b}"  # tile notation: the same in every language
TILE_SPOKEN = N_("{a} and {b}")
DOUBLE_SPOKEN = N_("double {a}")

# -- train states, in words as well as looks ------------------------------------
STATE_PRIVATE = N_("Private: only {name} plays here")
STATE_PRIVATE_YOURS = N_("Private: only you play here")
STATE_SHARED = N_("Shared: anyone plays here")
STATE_MARKED = N_("Marked: open to everyone")
STATE_MARKED_YOURS = N_("Marked: open to everyone until you play here")
STATE_OPEN_DOUBLE = N_("Open double: cover it first")
# a double laid in the turn in progress: what applies now, not what applies once the turn is over
STATE_DOUBLE_LATER = N_("Double laid this turn: it must be covered first from the next turn on")
STATE_DOUBLE_NOW = N_("Double laid this turn: cover it now")
STATE_DOUBLE_EITHER = N_("Double laid this turn: cover it or the other double now")
NEEDS = N_("Needs {value}")
TRAIN_SPOKEN = NP_("{train}. {state}. {n} tile, ends at {end}", "{train}. {state}. {n} tiles, ends at {end}")
TRAIN_SPOKEN_EMPTY = N_("{train}. {state}. Not started: starts with a {end}")
TRAIN_SPOKEN_TARGET = N_("play {tile} here")
TRAIN_EARLIER = NP_("{n} earlier tile", "{n} earlier tiles")

# -- the hand -----------------------------------------------------------------------
HAND_TITLE = N_("Your hand")
HAND_POINTS = NP_("{n} point in hand", "{n} points in hand")
HAND_TITLE_NAMED = N_("{name}'s hand")
HAND_HIDDEN = N_("{name}'s hand is hidden.")
TILE_PLAYABLE_ON = N_("{tile}, playable on: {trains}")
TILE_NOT_PLAYABLE = N_("{tile}, not playable now")
TILE_SELECTED = N_("{tile}, selected: now choose a train")
TILE_DRAWN = N_("just drawn")
FACE_DOWN = NP_("{n} tile, face down", "{n} tiles, face down")
TILES_IN_HAND = NP_("{n} tile", "{n} tiles")

# -- commands -----------------------------------------------------------------------
DRAW = N_("Draw")
PASS = N_("Pass")
STOP = N_("End chain")
CLEAR = N_("Clear selection")
NEXT_PLAYER = N_("Next player")
REVEAL = N_("Reveal hand")
HINT = N_("Hint")
PAUSE = N_("Pause")
CONTINUE = N_("Continue")
NEXT_ROUND = N_("Next round")
FINAL_RESULTS = N_("Final results")
PLAY_AGAIN = N_("Play again")

# -- what to do next (the one-line banner) ----------------------------------------------
DO_PLAY = N_("Your turn: pick a tile, then a train.")
DO_PLAY_NAMED = N_("{name}'s turn: pick a tile, then a train.")
DO_SELECTED = N_("Now pick a train for {tile}, or pick the tile again to put it back.")
DO_COVER = N_("Cover the open double {value}-{value} on {train} before anything else.")
DO_COVER_DRAW = N_("Cover the open double {value}-{value} on {train}: nothing in your hand fits, so draw one.")
DO_COVER_PASS = N_("Cover the open double {value}-{value} on {train}: nothing fits and the boneyard is empty, "
                   "so pass.")
DO_EXTRA = N_("You played a double: play one more tile.")
DO_EXTRA_IMMEDIATE = N_("You played a double: cover it now.")
DO_TWO_DOUBLES = N_("Two doubles: cover one of them.")
DO_CHAIN_START = N_("Opening turn: start your own train from the engine.")
DO_CHAIN = N_("Opening turn: add to your chain, or end it.")
DO_CHAIN_DOUBLE = N_("Cover the double in your chain.")
DO_DRAWN = N_("You drew {tile}: it fits, so play it.")
DO_DRAW = N_("No tile fits: draw one.")
DO_PASS = N_("No tile fits and the boneyard is empty: pass.")
DO_PASS_OPENING = N_("You cannot start your train: pass, and it becomes marked.")
DO_STOP = N_("Nothing more fits: end your chain.")
DO_REVEAL = N_("Pass the device to {name}, then press Reveal hand.")
DO_NEXT = N_("Turn over. Look at the board, then press Next player.")
DO_WAIT_CPU = N_("{name} is thinking…")
DO_WAIT_AWAY = N_("Waiting for {name}: their device is not connected.")
AWAY = N_("away")
AWAY_STAND_IN = N_("away: CPU · {level} plays meanwhile")
DO_WATCH = N_("{name} to play.")
DO_PAUSED = N_("Paused. Nothing moves until you continue.")

# -- narration (the live region) ---------------------------------------------------------
SAID_PLAY = N_("{name} played {tile} on {train}.")
SAID_PLAY_YOU = N_("You played {tile} on {train}.")
SAID_PLAY_DOUBLE = N_("{name} played the double {tile} on {train}.")
SAID_PLAY_DOUBLE_YOU = N_("You played the double {tile} on {train}.")
SAID_DRAW = N_("{name} drew a tile.")
SAID_DRAW_YOU = N_("You drew {tile}.")
SAID_DRAW_YOU_UNSEEN = N_("You drew a tile.")  # the replay of an unfinished round: the tile stays hidden
SAID_PASS = N_("{name} passed.")
SAID_PASS_YOU = N_("You passed.")
SAID_STOP = N_("{name} ended the opening chain.")
SAID_STOP_YOU = N_("You ended the opening chain.")
SAID_MARK = N_("{name}'s train is now marked: open to everyone.")
SAID_MARK_YOURS = N_("Your train is now marked: open to everyone.")
SAID_UNMARK = N_("{name}'s train is private again.")
SAID_UNMARK_YOURS = N_("Your train is private again.")
SAID_OUT = N_("{name} played the last tile: the round is over.")
SAID_OUT_YOU = N_("You played your last tile: the round is over.")
SAID_BLOCKED = N_("Nobody can play: the round is blocked.")
SAID_OPEN_DOUBLE = N_("The double {value}-{value} on {train} is open: it must be covered first.")
SAID_TURN = N_("{name}'s turn.")
SAID_TURN_YOU = N_("Your turn.")
SAID_CPU_TURN = N_("{name}: {moves}")
SAID_AND = N_(", then ")
SAID_SELECTED = N_("{tile} selected.")
SAID_CLEARED = N_("Selection cleared.")
SAID_NOT_PLAYABLE = N_("{tile} cannot be played now.")
SAID_NOT_HERE = N_("{tile} cannot go on {train}.")
SAID_PICK_FIRST = N_("Pick a tile from your hand first, then the train.")
SAID_PAUSED = N_("Game paused.")
SAID_RESUMED = N_("Game continues.")
SAID_HINT = N_("Hint: {action}. {reason}")
SAID_ROUND_START = N_("Round {number} of {rounds}: engine {engine}-{engine}. {name} starts.")
SAID_ROUND_START_YOU = N_("Round {number} of {rounds}: engine {engine}-{engine}. You start.")
SAID_MATCH_START = N_("New match: {players}.")
SAID_MATCH_START_YOU = N_("New match: you against {players}.")
SAID_RESTORED = N_("Saved match restored.")
SAID_NAMES_CLEANED = NP_("Control or invisible characters were taken out of the name {names}.",
                         "Control or invisible characters were taken out of the names {names}.")

# -- moves in short (for summaries and the hint) -------------------------------------------
MOVE_PLAY = N_("{tile} on {train}")
MOVE_DRAW = N_("draw a tile")
MOVE_PASS = N_("pass")
MOVE_STOP = N_("end the chain")
MOVED_DRAW = N_("drew")
MOVED_PASS = N_("passed")
MOVED_STOP = N_("ended the chain")
MOVED_MARK = N_("got a marker")

# -- round and match end -------------------------------------------------------------
ROUND_OVER_OUT = N_("Round {number} over: {name} went out.")
ROUND_OVER_OUT_YOU = N_("Round {number} over: you went out.")
ROUND_OVER_BLOCKED = N_("Round {number} over: the round was blocked.")
ROUND_POINTS = NP_("{n} point", "{n} points")
NO_TILES_LEFT = N_("no tiles left")
MATCH_OVER = N_("Match over")
WINNER = NP_("{name} wins with {n} point.", "{name} wins with {n} points.")
WINNER_YOU = NP_("You win with {n} point.", "You win with {n} points.")  # the one person against computers
WINNERS = NP_("{names} share the win with {n} point.", "{names} share the win with {n} points.")
WINNERS_YOU = NP_("You share the win with {names}, with {n} point.", "You share the win with {names}, with {n} points.")
TOTAL = N_("Total")
ROUND_N = N_("Round {number}")
CHART_TITLE = N_("Scores after each round")
CHART_SUMMARY = N_("{name}: {scores}")

# -- status line ---------------------------------------------------------------------
ROUND_OF = N_("Round {number} of {rounds}")
BONEYARD = N_("Boneyard: {count}")
MATCH_TOTAL = N_("Match total: {n}")  # a train's heading: the owner's score so far, this round's once it is over

# -- the rules in force (shown under the board; each option's words are in rules.Rules) -------
RULES_SET = NP_("double-{set}, {n} tile each", "double-{set}, {n} tiles each")
RULES_ROUNDS_ONE = N_("one round")
RULES_ROUNDS_FULL = N_("full match of {rounds} rounds")
RULES_ROUNDS_N = NP_("{n} round", "{n} rounds")

# -- problems --------------------------------------------------------------------------
ERROR_SETTINGS = N_("These settings cannot start a match: {reason}")
ERROR_SAVE_UNREADABLE = N_("Your saved match could not be read ({reason}). It has been kept aside, "
                           "so nothing is lost; you can start a new match.")
ERROR_SAVE_FAILED = N_("The match could not be saved in this browser ({reason}). You can keep playing; "
                       "export it to keep it.")
ERROR_SAVE_UNREADABLE_STUCK = N_("Your saved match could not be read ({reason}). It could not be copied aside "
                                 "({problem}), so it stays where it is, untouched: nothing replaces it unless "
                                 "you say so, and you can download it first.")
ERROR_STORAGE_UNSTABLE = N_("The saved match could not be read: this browser's storage gives back something "
                            "different each time it is read. Nothing has been changed; try reloading the page.")
UNREADABLE_FOUND_KEPT = N_("A saved match in this browser could not be read ({reason}). It has been kept "
                           "aside, so nothing is lost, and this match is saved in its place.")
UNREADABLE_IN_THE_WAY = N_("The saved match in this browser cannot be read ({reason}), and there is no room "
                           "to copy it aside ({problem}). Saving this match would replace it. Download it "
                           "first to keep a copy, or keep it and play on without saving.")
REASON_UNREADABLE_IN_THE_WAY = N_("an unreadable saved match is in its place")
REASON_NO_ROOM_ASIDE = N_("there are already 999 unreadable saves kept aside")
REASON_COPY_DIFFERS = N_("the storage gave back something else than was copied")
REASON_READ_BACK_DIFFERS = N_("the storage gave back something else than was written")
REASON_STORAGE_REFUSED = N_("the browser's storage refused to keep it")
REASON_STORAGE_ERROR = N_("the browser's storage failed ({error})")  # {error}: the browser's name of it
NOT_SAVED_FOR = NP_("Not saved in this browser for the last {n} move ({reason}). Save the match to a file "
                    "to keep it.",
                    "Not saved in this browser for the last {n} moves ({reason}). Save the match to a file "
                    "to keep it.")
NOT_SAVED_HELD = NP_("Not saved for the last {n} move: an unreadable saved match is in its place, and it is "
                     "kept until you choose.",
                     "Not saved for the last {n} moves: an unreadable saved match is in its place, and it is "
                     "kept until you choose.")
SAVE_BEHIND = NP_("The saved match is {n} move behind where you left it: it could not be saved ({reason}).",
                  "The saved match is {n} moves behind where you left it: they could not be saved ({reason}).")
SAVE_BEHIND_OTHER = NP_("The match you last played in this tab could not be saved ({reason}): its last {n} "
                        "move is lost unless you saved it to a file. The saved match offered here is an "
                        "older one.",
                        "The match you last played in this tab could not be saved ({reason}): its last {n} "
                        "moves are lost unless you saved it to a file. The saved match offered here is an "
                        "older one.")
ERROR_IMPORT = N_("That file is not a match we can open: {reason}")
ERROR_OTHER_TAB = N_("This match is being played in another tab or window: it saved the match since this page "
                     "did. To avoid overwriting it, this page stops saving. Press “Continue here” to carry on "
                     "from the latest save.")
ERROR_STORAGE_FORBIDDEN = N_("This browser does not let the game use its storage here ({reason}), so the match "
                             "cannot be saved. You can still play, and save the match to a file from the menu.")
ERROR_INTERNAL = N_("Something went wrong ({reason}). The match is unchanged.")
REASON_STORAGE_FULL = N_("the browser's storage for this site is full")
REASON_STORAGE_DENIED = N_("access denied: a privacy setting, or the game is inside another site's page")

# -- the replay ----------------------------------------------------------------------
# the replay shows the position before action {action} (the review's items and their jumps say the same number)
REPLAY_WHERE = N_("Round {round} of {rounds}, before action {action} of {actions}")
REPLAY_WHERE_END = NP_("Round {round} of {rounds}, after its last action ({n} action)",
                       "Round {round} of {rounds}, after its last action ({n} actions)")
REPLAY_NOT_PLAYED = N_("{round}: not played yet")
REPLAY_DEAL = N_("Round {round}: the tiles are dealt.")

REPLAY_NOTHING = N_("There is no match to replay: play one, or open a match file.")
REPLAY_UNREADABLE = N_("That match cannot be replayed: {reason}")
REPLAY_HAND_HIDDEN = N_("hidden until the round is over")
REPLAY_REVIEW_ITEM = N_("Round {round}, action {action}: about {cost} points")

# -- the coach (review) ------------------------------------------------------------------
REVIEW_TITLE_ROUND = N_("Review of round {round}")
REVIEW_TITLE_MATCH = N_("Review of the match")
REVIEW_PROGRESS = N_("Looking at decision {done} of {total}…")
REVIEW_NOTHING = N_("Nothing to point out: no decision cost a point or more.")
REVIEW_NO_PERSON = N_("There is nobody to review: every seat was played by the computer.")
REVIEW_COUNT = NP_("{n} decision worth another look.", "{n} decisions worth another look.")
REVIEW_WHERE = N_("Round {round}, action {action} ({name})")
REVIEW_WHERE_YOURS = N_("Round {round}, action {action}")  # the one person against computers: no name to say
REVIEW_PLAYED = N_("Played: {move}")
REVIEW_BETTER = N_("Strong would play: {move}")
REVIEW_COST = N_("About {cost} points more left in hand, on average")
REVIEW_JUMP = N_("Show in the replay")

# -- lifetime statistics ----------------------------------------------------------------
STATS_MATCHES = N_("Matches played")
STATS_MATCHES_WON = N_("Matches won")
STATS_ROUNDS = N_("Rounds played")
STATS_ROUNDS_WON = N_("Rounds won")
STATS_AVERAGE = N_("Average points per round")
STATS_BEST = N_("Best round")
STATS_BEST_VALUE = NP_("{n} point ({day})", "{n} points ({day})")
STATS_STREAK = N_("Longest winning streak")
STATS_STREAK_NOW = N_("Current winning streak")
STATS_MATCHES_VALUE = NP_("{n} match", "{n} matches")
STATS_GROUP_LINE = N_("{matches}, {won} won; {rounds_won} of {rounds} rounds won; {average} points a round")
STATS_BY_OPPONENTS = N_("By opponent")
STATS_BY_SET = N_("By set")
STATS_FRIENDS = N_("With friends")
STATS_MIXED = N_("Mixed computer levels")
STATS_VS_LEVEL = N_("Against {level}")
STATS_SET = N_("Double-{set}")
STATS_NONE = N_("No statistics yet: they count from the end of your first round.")
STATS_DASH = N_("none yet")
STATS_CHART_TITLE = N_("Average points per round in recent matches")
STATS_CHART_LABEL = N_("{title}, oldest first: {summary}.")
STATS_CHART_POINT = N_("{points} ({result})")
STATS_WON = N_("won")
STATS_LOST = N_("lost")
STATS_UNREADABLE = N_("Your statistics could not be read ({reason}). They are kept in this browser's storage "
                      "under the name {key}, so nothing is lost; counting starts again from here.")
STATS_UNREADABLE_STUCK = N_("Your statistics could not be read ({reason}) and could not be copied aside "
                            "({problem}), so they are left untouched and nothing new is counted.")
STATS_NOT_SAVED = N_("The statistics could not be saved in this browser ({reason}).")
STATS_IMPORTED = N_("Statistics imported: {matches} and {days} added to what was here.")
STATS_IMPORTED_MATCHES = NP_("{n} match", "{n} matches")
STATS_IMPORTED_DAYS = NP_("{n} day of the daily deal", "{n} days of the daily deal")
STATS_IMPORTED_NOTHING = N_("Statistics imported: the file holds nothing that was not here already, so nothing "
                            "changed.")
STATS_IMPORT_ERROR = N_("That file is not a statistics file we can open: {reason}")
STATS_RESET_DONE = N_("The statistics have been reset.")
STATS_FILE_NAME = N_("mexican-train-statistics.json")
MATCH_FILE_NAME = N_("mexican-train-match.json")

# -- the daily deal -----------------------------------------------------------------------
DAILY_TITLE = N_("Daily deal of {day}")
DAILY_ABOUT = N_("One round a day, the same deal for everyone: you against Strong, double-12. The first "
                 "attempt counts; later ones are practice.")
DAILY_NOT_PLAYED = N_("Not played yet today.")
DAILY_IN_PROGRESS = N_("Today's deal is in progress.")
DAILY_IN_PROGRESS_PRACTICE = N_("A practice attempt of today's deal is in progress.")
DAILY_COUNTED = N_("Today's result: {result}")
DAILY_COUNTED_UNFINISHED = N_("Today's counted attempt was left unfinished.")
DAILY_PRACTICE = NP_("{n} practice attempt today.", "{n} practice attempts today.")
DAILY_PLAY = N_("Play today's deal")
DAILY_CONTINUE = N_("Continue today's deal")
DAILY_AGAIN = N_("Play it again (practice)")
DAILY_STREAK = NP_("Streak: {n} day", "Streak: {n} days")
DAILY_LONGEST = NP_("Longest streak: {n} day", "Longest streak: {n} days")
DAILY_CALENDAR = N_("Days played in the last five weeks ({months})")
DAILY_MONTHS = N_("{first} to {last}")  # two months of the calendar: "November 2026 to December 2026"
DAILY_DAY_PLAYED = N_("{day}: played")
DAILY_DAY_NOT_PLAYED = N_("{day}: not played")
DAILY_DAY_TODAY = N_("{day} (today)")
DAILY_SHARE_COPIED = N_("Copied to the clipboard.")
DAILY_SHARE_SHARED = N_("Shared.")
DAILY_SHARE_SELECT = N_("Copying is not allowed here: select the text above to copy it.")
DAILY_UNREADABLE = N_("The daily deal in progress in this browser could not be read ({reason}). It is kept in "
                      "this browser's storage under the name {key}, so nothing is lost; its result so far stays "
                      "in the statistics.")
DAILY_PRACTICE_END = N_("Practice: this attempt does not count.")

# -- the saved match offered on the setup screen ----------------------------------------
SAVED_MATCH = N_("{players}: {round}")
SAVED_MATCH_OVER = N_("{players}: match over")
SAVED_MATCH_YOU = N_("You against {players}: {round}")
SAVED_MATCH_OVER_YOU = N_("You against {players}: match over")

# -- the web app manifest (manifest.webmanifest is the English one; scripts/build_page.py writes the others) --
MANIFEST = {
    "name": N_("Mexican Train dominoes"),
    "short_name": N_("Mexican Train"),
    "description": N_("Mexican Train dominoes: play against the computer or pass the device between friends. "
                      "Works offline."),
}

# -- what the page's JavaScript says before (and besides) Python: written into the page at build time --
PAGE_TEXT = {
    # loading (static/js/boot.js)
    "loadStart": N_("Loading the game engine…"),
    # {pct}: how far the loading is, 0-99, the progress bar's own figure (the bytes over the wire are fewer: they
    # come compressed, so a size in MB would count what the browser inflated, not what was downloaded)
    "loadDownload": N_("Downloading the game engine: {pct}%"),
    "loadStarting": N_("Starting the game engine (this takes a few seconds)…"),
    "loadFiles": N_("Loading the game rules…"),
    "loadReady": N_("Ready."),
    # static/js/python.js: the browser refused the background worker; the game engine runs on the page itself
    "loadOnPage": N_("This browser cannot run the game engine in the background, so it runs in the page itself: "
                     "the page may stop answering for a few seconds while it starts."),
    "loadWatchdog": N_("The game engine has not started after a minute. If the bar above has stopped moving, "
                       "reload the page. If it keeps happening, this browser may be blocking WebAssembly, or the "
                       "site is missing files (vendor/ and py/mexican_train.zip must be served beside "
                       "index.html)."),
    # the page (static/js/text.js)
    "queuedStart": N_("The match starts as soon as the game engine is ready ({pct}%)."),
    "queuedContinue": N_("Your match continues as soon as the game engine is ready ({pct}%)."),
    "savedFound": N_("A saved match is waiting in this browser."),
    "savedElsewhere": N_("This match is open in another tab or window right now. If you continue it here, that "
                         "tab stops saving it."),
    "updateReady": N_("A new version of the game is ready. Reload to use it; your match is saved."),
    "updateReload": N_("Reload now"),
    "updateLater": N_("Later"),
    "seatLabel": N_("Player {n}"),
    "seatCpu": N_("{name} ({level})"),
    "engineTile": N_("Engine"),
    "playHere": N_("Play here"),
    "hintHere": N_("Hint: play here"),
    # beside a computer's train when its move is not ready 300 ms after it was due
    "cpuThinking": N_("thinking…"),
    "lastTiles": N_("Last tiles: {tiles}."),
    "noTiles": N_("No tiles yet."),
    "showFewer": N_("Show fewer tiles"),
    "exportName": MATCH_FILE_NAME,
    "bridgeBroken": N_("The game engine stopped answering ({reason}). Reload the page to carry on from the last "
                       "save."),
    "importNotText": N_("That file is not text (it is not UTF-8), so it was not opened."),
    "importTooBig": N_("That file is larger than {limit} MB, so it is not a match file; it was not opened."),
    "unreadableName": N_("mexican-train-unreadable-save-{date}.json"),
    "chartLabel": N_("{title}. Round by round totals: {summary}."),
    "toMove": N_("to play"),
}


# -- the person spoken to ------------------------------------------------------------------------------
SECOND_PERSON: dict[str | tuple[str, str], str | tuple[str, str]] = {
    SAID_PLAY: SAID_PLAY_YOU, SAID_PLAY_DOUBLE: SAID_PLAY_DOUBLE_YOU, SAID_DRAW: SAID_DRAW_YOU,
    SAID_PASS: SAID_PASS_YOU, SAID_STOP: SAID_STOP_YOU, SAID_MARK: SAID_MARK_YOURS, SAID_UNMARK: SAID_UNMARK_YOURS,
    SAID_OUT: SAID_OUT_YOU, SAID_TURN: SAID_TURN_YOU, SAID_ROUND_START: SAID_ROUND_START_YOU,
    SAID_MATCH_START: SAID_MATCH_START_YOU, TRAIN_SEAT: TRAIN_YOURS, TRAIN_TITLE_SEAT: TRAIN_TITLE_YOURS,
    STATE_PRIVATE: STATE_PRIVATE_YOURS, ROUND_OVER_OUT: ROUND_OVER_OUT_YOU, WINNER: WINNER_YOU,
    WINNERS: WINNERS_YOU, REVIEW_WHERE: REVIEW_WHERE_YOURS, SAVED_MATCH: SAVED_MATCH_YOU,
    SAVED_MATCH_OVER: SAVED_MATCH_OVER_YOU, DO_PLAY_NAMED: DO_PLAY, HAND_TITLE_NAMED: HAND_TITLE,
}
"""Every message with a seat's name (or a list of names) that can name the viewer's own seat, with the twin
said instead when it does (the one person against computers; in hot-seat play, the seat whose hand is shown)."""

NAMED_BY_LABEL = {
    NAME_YOU: "the viewer's seat with a name someone typed (``narrate.seat_label``); the default is VIEWER_LABEL",
    CHART_SUMMARY: "the name slot takes ``narrate.seat_label``, which says the viewer's seat as VIEWER_LABEL",
}
"""Messages whose name slot takes a seat's label, never the default name of the viewer's seat."""

NEVER_THE_VIEWER = {
    HAND_HIDDEN: "a hot-seat hand not shown yet: the person it belongs to is not at the screen",
    DO_REVEAL: "the next person of a hot-seat table, who is not looking yet",
    DO_WAIT_CPU: "a computer's seat", DO_WAIT_AWAY: "an away friend's seat: its device gets no view while away",
    DO_WATCH: "another seat's turn", SAID_CPU_TURN: "a computer's seat",
    SAID_NAMES_CLEANED: "names someone typed, never a default name",
    KIND_CPU: "a computer level, not a seat", STATS_VS_LEVEL: "a computer level, not a seat",
    PAGE_TEXT["seatCpu"]: "a computer's seat on the setup screen",
}
"""The messages with a name slot that never names the viewer's seat, and why."""
