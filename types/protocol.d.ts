// The protocol between the page and Python, declared in py/mexican_train/ui/protocol.py and views.py.
// Written by `python3 -m scripts.build_protocol`; do not edit (tests/test_protocol.py checks it is current).

declare namespace Py {
  export type TrainState = "double" | "shared" | "marked" | "private";

  export type CommandId = "draw" | "pass" | "stop" | "clear" | "hint" | "next" | "reveal" | "pause" | "resume";

  export type BoardScreen = "board" | "round_end" | "match_end";

  export type Focus = "board" | "round_end" | "match_end" | "pause" | "next" | "reveal" | "trains" | "hand";

  /** A command of the board: the person's actions that are not a tile on a train, and the screen's own. */
  export type Command = "draw" | "pass" | "stop" | "clear" | "hint" | "next" | "reveal" | "pause" | "resume" | "escape" | "next_round" | "final_results";

  /** Which of the browser's storages a key is in: the origin's (localStorage) or the tab's (sessionStorage). */
  export type StorageArea = "local" | "session";

  /** Why the page could not apply an answer's writes: a text changed since Python read it (another tab
   * wrote), a written text read back differently, or the storage refused (full, forbidden). */
  export type FailureReason = "changed" | "differs" | "error";

  export type JobKind = "cpu" | "hint" | "review" | "warm_up";

  /** Which match the replay opens. */
  export type ReplaySource = "current" | "saved" | "daily" | "file";

  /** What the review looks at: the round just over, or the whole match. */
  export type ReviewScope = "round" | "match";

  /** Storage texts by key (null: the key holds nothing). */
  export type Texts = Record<string, string | null>;

  /** The setup form's settings (Python checks every one). */
  export type Settings = Record<string, unknown>;

  /** One tile as drawn: its notation and its halves, left to right. */
  export interface TileFace {
    id: string;
    a: number;
    b: number;
  }

  /** Which round is played, its engine and the boneyard, as numbers and in words. */
  export interface RoundLine {
    number: number;
    of: number;
    engine: number;
    text: string;
    engine_text: string;
    boneyard: number;
    boneyard_text: string;
  }

  /** One seat beside the board: who plays it, how many tiles it holds, its match total. */
  export interface PlayerRow {
    seat: number;
    name: string;
    kind: string;
    kind_label: string;
    tiles: number;
    tiles_text: string;
    total: number;
    total_text: string;
    to_move: boolean;
    is_viewer: boolean;
    face_down: string;
    away: string;
  }

  /** One train: whose it is, its state in words and looks, its tiles and where the tile in hand may go. */
  export interface TrainRow {
    id: string;
    owner: number | null;
    title: string;
    state: TrainState;
    state_text: string;
    end: number;
    needs: string;
    tiles: TileFace[];
    marked: boolean;
    mine: boolean;
    open_double: boolean;
    eligible: boolean;
    target: boolean;
    hinted: boolean;
    label: string;
    earlier_text: string[];
  }

  /** A tile of the hand on screen, with where it may go now. */
  export interface HandTile {
    id: string;
    a: number;
    b: number;
    playable: boolean;
    selected: boolean;
    drawn: boolean;
    targets: string[];
    hinted: boolean;
    label: string;
  }

  /** The hand on screen (``hidden``: a person must take the device and reveal it first). */
  export interface HandView {
    hidden: boolean;
    text?: string;
    seat?: number;
    title?: string;
    tiles?: HandTile[];
    pips?: number;
    points_text?: string;
    active?: boolean;
  }

  /** A command of the board (``protocol.Command``), its label, its key and whether it is offered now. */
  export interface CommandButton {
    id: CommandId;
    label: string;
    key: string | null;
    shown: boolean;
  }

  /** Whether a computer is to move now, and the pause its speed gives before it acts. */
  export interface CpuView {
    pending: boolean;
    delay: number;
    speed: string;
  }

  /** The hint on screen: the action it suggests, in the notation, and the tile and train it names. */
  export interface Hint {
    action: string;
    tile: string | null;
    train: string | null;
  }

  /** A seat at the end of a round: the tiles it kept, its points, its total. */
  export interface RoundEndRow {
    seat: number;
    name: string;
    tiles: TileFace[];
    tiles_text: string;
    points: number;
    points_text: string;
    total: number;
  }

  /** A button a view names: the ``data-action`` it runs and its label (``disabled``: shown, not pressed). */
  export interface Button {
    id: string;
    label: string;
    disabled?: boolean;
  }

  /** The round's end dialog. */
  export interface RoundEnd {
    title: string;
    rows: RoundEndRow[];
    button: Button;
    total_label: string;
  }

  /** A seat in the final standings. */
  export interface MatchEndRow {
    seat: number;
    name: string;
    total: number;
    winner: boolean;
  }

  /** One line of a chart: running totals (or points) round by round, with the same figures in words. */
  export interface Series {
    name?: string;
    points: number[];
    winner: boolean;
    summary: string;
  }

  /** A line chart: its title, how many points along it, its lines. */
  export interface Chart {
    title: string;
    rounds: number;
    series: Series[];
    round_label?: string;
    label?: string;
  }

  /** The match's end dialog. */
  export interface MatchEnd {
    title: string;
    text: string;
    rows: MatchEndRow[];
    total_label: string;
    chart: Chart;
    button: Button;
  }

  /** One thing the step on screen did, as the engine's public event log says it (``engine.Event``): a tile
   * played on a train (``tile``, ``train``), a draw (never its tile), a pass, the end of an opening chain, a
   * train marked (only when it was not) or unmarked, the round over (``out``; ``blocked``, whose ``seat`` is
   * -1). ``round`` counts from 1. */
  export interface StepEvent {
    kind: "play" | "draw" | "pass" | "stop" | "mark" | "unmark" | "out" | "blocked";
    seat: number;
    round: number;
    tile: string | null;
    train: string | null;
  }

  /** What a page that embeds the game may learn of the match (``static/js/host.js``): never a tile. */
  export interface MatchSummary {
    match: string;
    rules: Settings;
    kinds: string[];
    names: string[];
    rounds: number[][];
    totals_after: number[][];
    totals: number[];
    over: boolean;
    winners: number[];
  }

  /** What the page says after the share button: shared, copied, or select it and copy it yourself. */
  export interface ShareNotes {
    shared: string;
    copied: string;
    select: string;
  }

  /** The daily deal's end: the counted result to share, or that this attempt was practice. */
  export interface DailyEnd {
    share: string | null;
    practice: string | null;
    notes: ShareNotes;
    again: string;
  }

  /** An unreadable save in the way of this match's save: its fingerprint and the question to ask. */
  export interface Held {
    hash: string;
    text: string;
  }

  /** No match on screen: the setup screen, with why the settings could not start one (``error``). The last
   * fields, on every view of the game (``matchapp.MatchApp.view``), are the save's state: a lasting ``notice``
   * about saving, ``blocked`` while another tab's save is left alone, the moves ``unsaved`` while saving fails,
   * an unreadable save ``held`` in the way; and how the daily deal ended, when it is the one that ended. */
  export interface SetupView {
    screen: "setup";
    announce: string[];
    prompts: string[];
    error: string | null;
    notice?: string | null;
    blocked?: boolean;
    unsaved?: number | null;
    held?: Held | null;
    daily_end?: DailyEnd | null;
  }

  /** The board, and the round's and the match's end on top of it, for one ``viewer`` (see ``SetupView`` for
   * the save's fields). */
  export interface BoardView {
    screen: BoardScreen;
    announce: string[];
    prompts: string[];
    error: string | null;
    round: RoundLine;
    players: PlayerRow[];
    trains: TrainRow[];
    hand: HandView | null;
    commands: CommandButton[];
    banner: string;
    rules: string;
    paused: boolean;
    cpu: CpuView;
    after_turn: string;
    hint: Hint | null;
    focus: Focus;
    step: string;
    hotseat: boolean;
    viewer: number | null;
    summary: MatchSummary;
    events: StepEvent[];
    round_end?: RoundEnd;
    match_end?: MatchEnd;
    notice?: string | null;
    blocked?: boolean;
    unsaved?: number | null;
    held?: Held | null;
    daily_end?: DailyEnd | null;
  }

  /** The saved match the first screen offers: a line naming it, and whether it is over. */
  export interface SavedOffer {
    text: string;
    over: boolean;
  }

  /** What the setup screen says about the save: the match to continue, or why it cannot be read (``stuck``:
   * it could not be copied aside and stays in its place), and how far behind it is after failed saves. */
  export interface BootView {
    saved: SavedOffer | null;
    message: string | null;
    stuck: boolean;
    behind: string | null;
  }

  /** A file to download: its text and its name ("" when there is nothing to export). */
  export interface FileView {
    text: string;
    name: string;
  }

  /** Whether the idle-time work (the warm-up, the coach's reading ahead) has more to do. */
  export interface WarmUpView {
    more: boolean;
  }

  /** Test hook (bench/page_speed.py): the Python time of each recent computer step, ``[kind, ms]``. */
  export interface TimingsView {
    cpu: [string, number][];
  }

  /** Store ``value`` under ``key`` if it still holds ``expect`` (None: nothing); the page reads it back. */
  export interface SetWrite {
    op: "set";
    area: "local" | "session";
    key: string;
    value: string;
    expect: string | null;
  }

  /** Remove ``key`` if it still holds ``expect``. */
  export interface RemoveWrite {
    op: "remove";
    area: "local" | "session";
    key: string;
    expect: string | null;
  }

  /** What every answer carries, besides its ``part`` (each answer names its own, one literal). */
  export interface AnswerBase {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
  }

  /** What a game answer carries when seats are played from friends' devices: each one's view model, by seat
   * (as text), for the host's page to send to that device alone (static/js/friends.js). */
  export interface FriendViews {
    friends?: Record<string, SetupView | BoardView>;
  }

  /** The match on screen (``part`` "game"). */
  export interface GameAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    friends?: Record<string, SetupView | BoardView>;
    part: "game";
    view: SetupView | BoardView;
  }

  /** The setup screen's offer (``part`` "boot"). */
  export interface BootAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "boot";
    view: BootView;
  }

  /** A file to download (``part`` "file"). */
  export interface FileAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "file";
    view: FileView;
  }

  /** Nothing to draw (``part`` "none"): a job goes on thinking, or the event changed nothing on screen. */
  export interface NoneAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "none";
  }

  /** An undeclared or malformed event (``part`` "refused"): ``error`` in words for the person, ``warn`` for
   * the console (it names the event's type); nothing changed. */
  export interface RefusedAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "refused";
    error: string;
    warn: string;
  }

  /** A slice of the warm-up done (``part`` "warm_up"). */
  export interface WarmUpAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "warm_up";
    view: WarmUpView;
  }

  /** The test hook's figures (``part`` "timings"). */
  export interface TimingsAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "timings";
    view: TimingsView;
  }

  /** A day of the daily deal's calendar. */
  export interface CalendarDay {
    day: number;
    date: string;
    played: boolean;
    today: boolean;
    future: boolean;
    label: string;
  }

  /** The last weeks, Monday first, each day played or not. */
  export interface Calendar {
    title: string;
    weekdays: string[];
    weeks: CalendarDay[][];
  }

  /** The daily deal's main button: what it does and its words. */
  export interface DailyPlay {
    action: "daily_play" | "daily_again";
    label: string;
  }

  /** The daily deal's screen. */
  export interface DailyView {
    title: string;
    about: string;
    status: string;
    play: DailyPlay;
    share: string | null;
    streak: string;
    longest: string;
    calendar: Calendar;
    notes: ShareNotes;
  }

  /** The daily deal's screen (``part`` "daily"). */
  export interface DailyAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "daily";
    view: DailyView;
  }

  /** A seat's hand in the replay: its tiles only once its round is over in the file. */
  export interface ReplayHand {
    seat: number;
    name: string;
    count: number;
    count_text: string;
    tiles?: TileFace[];
  }

  /** A review item to jump to in the replay: the step and its label. */
  export interface ReplayItem {
    index: number;
    label: string;
  }

  /** One step of the replay, as a bystander sees the table. */
  export interface ReplayView {
    index: number;
    last: number;
    round: number;
    action: number;
    where: string;
    engine_text: string;
    boneyard_text: string;
    players: PlayerRow[];
    trains: TrainRow[];
    hands: ReplayHand[];
    hands_shown: boolean;
    said: string[];
    round_starts: number[];
    rules: string;
    items: ReplayItem[];
    hidden_text: string;
    round_labels: string[];
    rounds_later: string[];
  }

  /** The replay (``part`` "replay"); ``view`` None and ``error`` say why nothing can be replayed. */
  export interface ReplayAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "replay";
    view: ReplayView | null;
    error: string | null;
  }

  /** One decision of the review: where, what was played, what Strong would play, what it cost, why. */
  export interface ReviewItemView {
    round: number;
    action: number;
    where: string;
    played: string;
    better: string;
    cost: string;
    reason: string;
  }

  /** The review: its progress while it runs (``running``), then its items. */
  export interface ReviewView {
    running: boolean;
    title: string;
    done?: number;
    total?: number;
    text?: string;
    summary?: string;
    items?: ReviewItemView[];
    jump?: string;
  }

  /** The review (``part`` "review"), running or done; ``view`` None and ``error`` when there is none. */
  export interface ReviewAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "review";
    view: ReviewView | null;
    error: string | null;
  }

  /** A label and its value, in words. */
  export interface Figure {
    label: string;
    value: string;
  }

  /** A table of figures with its caption. */
  export interface FigureGroup {
    title: string;
    rows: Figure[];
  }

  /** The statistics screen. */
  export interface StatsView {
    rows: Figure[];
    groups: FigureGroup[];
    chart: Chart | null;
    empty: string | null;
    message: string | null;
  }

  /** The statistics screen (``part`` "stats"), with a refusal of an imported file in ``error``. */
  export interface StatsAnswer {
    seq: number;
    thinking: JobKind | null;
    writes: (SetWrite | RemoveWrite)[];
    part: "stats";
    view: StatsView;
    error: string | null;
  }

  /** The game's view model: the setup screen's, or the board's (told apart by ``screen``). */
  export type GameView = SetupView | BoardView;

  /** What happens after a person's turn, from the menu: "wait" or "go". */
  export interface SetAfterTurn {
    type: "after_turn";
    value: string;
  }

  /** What the setup screen offers about the save (at start, and when another tab changed it). */
  export interface Boot {
    type: "boot";
  }

  /** A command of the board. */
  export interface RunCommand {
    type: "command";
    name: Command;
  }

  /** Continue the saved match. */
  export interface ContinueSaved {
    type: "continue_saved";
  }

  /** The computer to move starts thinking (its speed's pause is over). */
  export interface CpuTurn {
    type: "cpu";
  }

  /** The daily deal's screen. */
  export interface OpenDaily {
    type: "daily";
  }

  /** A new attempt at today's deal (practice once one has counted). */
  export interface PlayDailyAgain {
    type: "daily_again";
    cpu_speed?: string | null;
  }

  /** Back from the daily deal to the match in play, if any. */
  export interface LeaveDaily {
    type: "daily_leave";
  }

  /** Play today's deal: the attempt in progress, or a new one; at the setup screen's computer speed. */
  export interface PlayDaily {
    type: "daily_play";
    cpu_speed?: string | null;
  }

  /** The match file of the match on screen, to download. */
  export interface ExportMatch {
    type: "export_match";
  }

  /** A friend's seat, from the host's page: its device is connected (``away`` false) or its channel closed;
   * while it is away, a computer of level ``stand_in`` plays it, or nobody ("": the match waits at its turn).
   * When the friend is back, the computer hands the seat back. */
  export interface FriendSeat {
    type: "friend_seat";
    seat: number;
    away: boolean;
    stand_in?: string;
  }

  /** Open a match file (its text). */
  export interface ImportMatch {
    type: "import";
    text: string;
  }

  /** Benchmark hook: a fixed Python loop of ``n`` steps (at most ten million), timed where Python runs; the
   * answer is the timings' (``[["loop", ms]]``). bench/phone_speed.py times it throttled and not, to show that
   * its slower processor reaches Python's worker. */
  export interface Loop {
    type: "loop";
    n: number;
  }

  /** Start a match with these settings. */
  export interface NewMatch {
    type: "new_match";
    settings: Settings;
  }

  /** The view of the match on screen again, changing nothing (back from the replay or the setup screen). */
  export interface Refresh {
    type: "refresh";
  }

  /** The player's yes to replacing the unreadable save with this fingerprint. */
  export interface ReplaceUnreadable {
    type: "replace_unreadable";
    hash: string;
  }

  /** The replay at step ``index``. */
  export interface ReplayGo {
    type: "replay_go";
    index: number;
  }

  /** The replay just before action ``action`` of round ``round`` (both counted from 0). */
  export interface ReplayToItem {
    type: "replay_item";
    round: number;
    action: number;
  }

  /** Replay a match: the one on screen, the saved one, today's daily deal, or a file (its text). */
  export interface OpenReplay {
    type: "replay_open";
    source: ReplaySource;
    text?: string;
  }

  /** Review the person's play: the round just over, or the whole match. */
  export interface OpenReview {
    type: "review";
    scope: ReviewScope;
  }

  /** Another tab wrote the save (a storage event). */
  export interface SaveChanged {
    type: "save_changed";
  }

  /** The computers' speed, from the menu. */
  export interface SetSpeed {
    type: "speed";
    speed: string;
  }

  /** Test hook: Python works ``ms`` milliseconds (at most ``SPIN_MS``) without a break, then answers nothing
   * (e2e/test_worker.py: the page answers taps meanwhile, since Python is not on its thread). */
  export interface Spin {
    type: "spin";
    ms: number;
  }

  /** The statistics screen. */
  export interface OpenStats {
    type: "stats";
  }

  /** The statistics as a file. */
  export interface ExportStats {
    type: "stats_export";
  }

  /** A statistics file (its text), merged into the record. */
  export interface ImportStats {
    type: "stats_import";
    text: string;
  }

  /** Empty the statistics (the page asked first). */
  export interface ResetStats {
    type: "stats_reset";
  }

  /** The writes of answer ``failed`` could not all be made: at write ``at`` (its index), for ``reason``;
   * ``error`` is the browser's message when the storage refused. The page put back what it had written, last
   * first, but for the first ``kept`` writes, which it could not undo. The call carries every text as it is. */
  export interface StorageFailed {
    type: "storage_failed";
    failed: number;
    at: number;
    reason: FailureReason;
    error?: string;
    kept?: number;
  }

  /** Carry on here from the latest save, after another tab saved the match. */
  export interface TakeOver {
    type: "take_over";
  }

  /** Run the next slice of the job in progress (a computer's turn, the hint, the review, the warm-up). */
  export interface Think {
    type: "think";
  }

  /** Pick a tile of the hand on screen (or put the picked one back): its notation, "3-9". */
  export interface PickTile {
    type: "tile";
    tile: string;
  }

  /** Test hook: the Python time of recent computer steps (reading them empties the list). */
  export interface Timings {
    type: "timings";
  }

  /** Play the picked tile on a train: "M" or a seat's number. */
  export interface PickTrain {
    type: "train";
    train: string;
  }

  /** The page was hidden (the match pauses) or shown again. */
  export interface Visibility {
    type: "visibility";
    hidden: boolean;
  }

  /** A slice of idle-time work: the warm-up while the first screen waits, then the coach reading the rounds
   * over ahead (the page sends it while idle, for as long as the answer says there is more). */
  export interface WarmUp {
    type: "warm_up";
  }

  /** Every event the page may send. */
  export type Event = SetAfterTurn | Boot | RunCommand | ContinueSaved | CpuTurn | OpenDaily | PlayDailyAgain | LeaveDaily | PlayDaily | ExportMatch | FriendSeat | ImportMatch | Loop | NewMatch | Refresh | ReplaceUnreadable | ReplayGo | ReplayToItem | OpenReplay | OpenReview | SaveChanged | SetSpeed | Spin | OpenStats | ExportStats | ImportStats | ResetStats | StorageFailed | TakeOver | Think | PickTile | Timings | PickTrain | Visibility | WarmUp;

  /** Every event's type. */
  export type EventType = Event["type"];

  /** Where an event comes from: this screen (``seat`` None), or the seat that plays from another device. */
  export interface Source {
    seat?: number | null;
  }

  /** One message from the page: the event, its number, its source, what changed in storage since the last
   * call (``local``, ``session``: the game's keys only; every one of them when ``complete``, as at the first
   * call and after writes failed), the browser's message where a storage cannot be used at all
   * (``local_error``, ``session_error``: a frame on another site, a privacy setting), and the last call whose
   * writes the page applied (-1: none yet). */
  export interface Call {
    seq: number;
    event: Event;
    source?: Source;
    local?: Texts;
    session?: Texts;
    complete?: boolean;
    local_error?: string | null;
    session_error?: string | null;
    applied?: number;
  }

  export type Write = SetWrite | RemoveWrite;

  /** Every answer, told apart by its part. */
  export type Answer = BootAnswer | DailyAnswer | FileAnswer | GameAnswer | NoneAnswer | RefusedAnswer | ReplayAnswer | ReviewAnswer | StatsAnswer | TimingsAnswer | WarmUpAnswer;

  /** The part of the page an answer is for. */
  export type PartName = Answer["part"];
}
