// What the page's JavaScript receives from Python, as it reads it: the view model (py/mexican_train/ui/viewmodel.py,
// with py/page.py's fields), the coach's answers (ui/coach.py, ui/replay.py), the setup screen's boot answer, and
// the data the build writes into #mt-data (scripts/build_page.py). Written by hand from those files, field by
// field, for the JavaScript type check; the Python side is the authority on every shape here.

declare namespace Py {
  /** An event the page sends (ui/controller.py handle, py/page.py App.dispatch, ui/coach.py Coach.handle). */
  interface Event {
    type: string;
    [field: string]: unknown;
  }

  /** What Python stopped answering looks like (static/js/bridge.js makes it): shown with the page's reload. */
  interface Fatal {
    fatal: true;
    error: string;
    same?: undefined;
    screen?: undefined;
  }

  /** Python is still thinking and nothing changed: nothing to draw. */
  interface Same {
    same: true;
    thinking: Thinking;
    fatal?: undefined;
    screen?: undefined;
    error?: undefined;
  }

  /** The job a view model says Python has under way (its next slice is the page's "think" event). */
  type Thinking = "cpu" | "hint" | null;

  /** A screen of the game (ui/controller.py Screen), and the replay's own. */
  type MatchScreen = "board" | "round_end" | "match_end";

  /** py/page.py App._vm's fields, on every view model. */
  interface PageFields {
    screen: string;
    announce: string[];
    prompts: string[];
    error: string | null;
    notice: string | null;
    blocked: boolean;
    thinking: Thinking;
    /** Moves not saved in this browser while saves fail; null while saving works. */
    unsaved: number | null;
    /** An unreadable save in the way, for the page's question. */
    held: { hash: string; text: string } | null;
    /** The daily deal's end (ui/coach.py daily_end), on the game's view models. */
    daily_end?: DailyEnd | null;
    fatal?: undefined;
    same?: undefined;
  }

  /** The view model with no match (the setup screen: settings refused, an unreadable save). */
  interface SetupView extends PageFields {
    screen: "setup";
  }

  /** The view model of a match on the game screen (ui/viewmodel.py view_model). */
  interface MatchView extends PageFields {
    screen: MatchScreen;
    round: Round;
    players: Player[];
    trains: Train[];
    hand: Hand | HiddenHand | null;
    commands: Command[];
    banner: string;
    rules: string;
    paused: boolean;
    cpu: { pending: boolean; delay: number; speed: string };
    after_turn: string;
    hint: string | null;
    focus: string;
    /** Where the match is: round/actions/awaiting next/revealed; a focus move or sound follows a change. */
    step: string;
    hotseat: boolean;
    summary: MatchSummary;
    round_end?: RoundEnd;
    match_end?: MatchEnd;
  }

  type ViewModel = SetupView | MatchView;

  /** What bridge.dispatch answers. */
  type Answer = ViewModel | Same | Fatal;

  interface Round {
    number: number;
    of: number;
    engine: number;
    text: string;
    engine_text: string;
    boneyard: number;
    boneyard_text: string;
  }

  interface Player {
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
  }

  /** A tile on a train: its two ends, in the order laid. */
  type Pair = [number, number];

  interface Train {
    id: string;
    owner: number | null;
    title: string;
    state: string;
    state_text: string;
    end: number;
    needs: string;
    tiles: Pair[];
    marked: boolean;
    mine: boolean;
    open_double: boolean;
    eligible: boolean;
    target: boolean;
    hinted: boolean;
    label: string;
    /** The plural forms of "N earlier tiles" (text.js plural). */
    earlier_text: string[];
  }

  interface HandTile {
    /** The tile's notation, "3-9". */
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

  interface Hand {
    hidden: false;
    seat: number;
    title: string;
    tiles: HandTile[];
    pips: number;
    points_text: string;
    active: boolean;
  }

  /** Another person's hand waits to be revealed: only words. */
  interface HiddenHand {
    hidden: true;
    text: string;
    tiles?: undefined;
  }

  interface Command {
    id: string;
    label: string;
    key: string | null;
    shown: boolean;
  }

  /** What a page that embeds the game may learn about the match (ui/viewmodel.py match_summary). */
  interface MatchSummary {
    match: string;
    rules: Record<string, string | number | boolean>;
    kinds: string[];
    names: string[];
    rounds: number[][];
    totals_after: number[][];
    totals: number[];
    over: boolean;
    winners: number[];
  }

  interface RoundEnd {
    title: string;
    rows: { seat: number; name: string; tiles: string[]; tiles_text: string; points: number; points_text: string;
            total: number }[];
    button: { id: string; label: string };
    total_label: string;
  }

  interface MatchEnd {
    title: string;
    text: string;
    rows: { seat: number; name: string; total: number; winner: boolean }[];
    total_label: string;
    chart: Chart;
    button: { id: string; label: string };
  }

  /** A line chart (static/js/chart.js): the match's running totals, or the statistics' recent results. */
  interface Chart {
    title: string;
    rounds: number;
    series: { name?: string; points: number[]; winner: boolean; summary: string }[];
    /** The whole accessible name, when it is not the match's totals. */
    label?: string;
    round_label?: string;
  }

  /** What bridge.boot answers: the save the setup screen offers, or why it cannot. */
  interface BootInfo {
    saved: { text: string; over: boolean } | null;
    message: string | null;
    stuck?: boolean;
    behind?: string | null;
  }

  // -- the coach (ui/coach.py Coach.handle) ------------------------------------------------
  /** One answer of the coach: each event fills some of these. */
  interface CoachReply {
    error?: string;
    stats?: Stats;
    daily?: Daily;
    /** daily_play, daily_again, daily_leave: the game's view model (none: no match). */
    vm?: ViewModel | null;
    replay?: ReplayView;
    review?: Review;
    /** stats_export: the file. */
    text?: string;
    name?: string;
    fatal?: undefined;
  }

  type CoachAnswer = CoachReply | Fatal;

  interface Stats {
    rows: { label: string; value: string }[];
    groups: { title: string; rows: { label: string; value: string }[] }[];
    chart: Chart | null;
    empty: string | null;
    message: string | null;
  }

  /** What the share button says afterwards. */
  interface ShareNotes {
    shared: string;
    copied: string;
    select: string;
  }

  interface Daily {
    title: string;
    about: string;
    status: string;
    play: { action: string; label: string };
    share: string | null;
    streak: string;
    longest: string;
    calendar: {
      title: string;
      weekdays: string[];
      weeks: { day: number; date: string; played: boolean; today: boolean; future: boolean; label: string }[][];
    };
    notes: ShareNotes;
  }

  interface DailyEnd {
    share: string | null;
    practice: string | null;
    notes: ShareNotes;
    again: string;
  }

  /** The replay at one step (ui/replay.py view_model, with ui/coach.py replay_at's fields). */
  interface ReplayView {
    screen: "replay";
    index: number;
    last: number;
    round: number;
    action: number;
    where: string;
    engine_text: string;
    boneyard_text: string;
    players: Player[];
    trains: Train[];
    /** Each seat's hand: tiles (notation) only when the round is over in the file. */
    hands: { seat: number; name: string; count: number; count_text: string; tiles?: string[] }[];
    hands_shown: boolean;
    said: string[];
    round_starts: number[];
    rules: string;
    items: { index: number; label: string }[];
    hidden_text: string;
    round_labels: string[];
  }

  interface ReviewItem {
    round: number;
    action: number;
    where: string;
    played: string;
    better: string;
    cost: string;
    reason: string;
  }

  /** The review: its progress while it runs, its items once done. */
  type Review =
    | { running: true; title: string; done: number; total: number; text: string }
    | { running: false; title: string; summary: string; items: ReviewItem[]; jump: string };

  // -- #mt-data (scripts/build_page.py render) -----------------------------------------------
  interface PresetTable {
    /** The fewest and the most seats. */
    seats: [number, number];
    options: Record<string, string | number | boolean>;
  }

  interface RuleOption {
    name: string;
    kind: "choice" | "switch";
    number: boolean;
    choices: (string | number)[];
  }

  /** The game's registries (build_page.py _registry, with the page language's words). */
  interface Registry {
    /** Preset name -> tile set ("6", "9", "12", ...) -> what the preset gives it. */
    presets: Record<string, Record<string, PresetTable>>;
    options: RuleOption[];
    tiles: Record<string, number>;
    levels: { name: string; offered: boolean }[];
    speeds: string[];
    default_speed: string;
    after_turn: string[];
    after_turn_default: { solo: string; group: string };
    /** Screen -> the part of the page it is drawn in ("setup" or "game"). */
    screens: Record<string, string>;
    names: { you: string; person: string; cpu: string };
    level_labels: Record<string, string>;
    level_names: Record<string, string>;
    preset_rules: Record<string, string>;
    /** What a name may hold (mexican_train.names): its most characters, and the inside of a character class
     * (for a RegExp with the u flag) of the control and invisible characters it may not. */
    name_rules: { most: number; hidden: string };
  }

  /** [code, name in that language, page file]. */
  type Language = [string, string, string];

  interface PageData {
    lang: string;
    languages: Language[];
    /** The words the page shows itself (ui/strings.py PAGE_TEXT), in its language. */
    text: Record<string, string>;
    registry: Registry;
    /** Plural category (Intl.PluralRules) -> which form of a plural message. */
    plural: Record<string, number>;
  }
}
