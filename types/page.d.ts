// The page's own types beside the protocol's (types/protocol.d.ts, generated from Python): what the build
// writes into #mt-data (scripts/build_page.py render, _registry), and the bridge's reply when Python no
// longer answers (static/js/bridge.js). Both add to the namespace Py.

declare namespace Py {
  /** Python stopped answering (static/js/bridge.js makes it): the page shows it with its reload. */
  interface Fatal {
    part: "fatal";
    error: string;
  }

  /** An answer as the bridge hands it on: Python's, or the fatal reply. */
  type Reply = Answer | Fatal;

  /** What static/js/app.js hands each screen's part (static/js/parts/<name>.js, ``attach``). */
  interface PartHooks {
    /** Send an event and draw its answer the usual way (by its part); resolves with it. */
    send(event: Event): Promise<Reply | null>;
    /** Send an event; resolves with its answer, drawn by no one (the caller draws it). */
    call(event: Event): Promise<Reply | null>;
    /** Draw an answer the usual way (a fatal one with the page's reload). */
    show(reply: Reply): void;
    /** Show a match's view model that starts on the game screen (a new match, the daily deal). */
    startShown(view: GameView): void;
    /** The match's view model on screen (null: none), and its replacement (null: no match in play). */
    getVm(): BoardView | null;
    setVm(view: BoardView | null): void;
    /** The part of the page shown: "setup", "game", or a screen's ("replay"). */
    showScreen(name: string): void;
    view(): string;
    /** The setup form's settings. */
    settings(): Record<string, unknown>;
  }

  /** A screen's part on the page (static/js/parts/<name>.js). */
  interface PartModule {
    attach(hooks: PartHooks): void;
    /** Draw an answer of this part (every part hears the fatal reply: Python stopped answering). */
    render(answer: Reply): void;
    /** The page actions (data-action) this part carries out: true when done, false to let the page go on. */
    actions: Record<string, (el: HTMLElement | undefined) => boolean | Promise<boolean>>;
    /** Whether a job of this part may go on now (``thinking``: the job's kind). */
    thinks?(kind: JobKind): boolean;
    /** After every view model of the game. */
    shown?(view: GameView): void;
    /** Python is ready. */
    ready?(): void;
  }

  /** The protocol's names, keys, limits and dialogs (ui/protocol.py page_data). */
  interface ProtocolData {
    events: EventType[];
    commands: Command[];
    keys: { prefix: string; match: string; daily: string; stats: string; unreadable: string };
    limits: { import_bytes: number; call_bytes: number };
    /** The screens beside the board (their modules: static/js/parts/<name>.js). */
    parts: string[];
    dialogs: { id: string; persons: boolean }[];
  }

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
    protocol: ProtocolData;
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
    /** The size of Python's memory snapshot as built beside the page (null without one): pyodide-boot.js. */
    snapshotBytes: number | null;
    /** The length of the function table the snapshot was taken with (null if unknown): pyodide-boot.js. */
    snapshotTable: number | null;
  }
}
