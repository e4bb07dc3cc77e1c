// The globals the page's scripts share through window: each is set in one place (named below) and read by others.
// Also the few browser APIs the page uses where they exist that TypeScript's DOM library does not declare.

/** static/js/boot.js: loading progress and readiness. Test hooks: events, readyMs, ready, idbFallback, watchdogFired. */
interface MtBoot {
  /** [name, ms since the page started, detail] of each stage seen. */
  events: [string, number, string][];
  ready: boolean;
  readyMs: number | null;
  /** The loading bar's percentage, never backwards. */
  progress: number;
  stage: string;
  waiters: (() => void)[];
  /** Run ``fn`` once Python has exposed window.mtApi (at once if it has). */
  whenReady(fn: () => void): void;
  /** app.js mirrors the progress with it. */
  onProgress: ((pct: number, stage: string) => void) | null;
  /** static/js/idb-standin.js: PyScript's store was kept in memory. */
  idbFallback?: boolean;
  watchdogFired?: boolean;
}

/** py/page.py, when Python runs on the page's thread: a call of the protocol as JSON text and its answer
 * (static/js/python.js hands it on as window.mtPython). */
interface MtApi {
  call(text: string): string;
  /** Python's version. */
  python: string;
}

/** static/js/prefs.js: the display preferences. */
interface MtPrefsValues {
  numerals: boolean;
  contrast: boolean;
  motion: "system" | "reduce" | "full";
}

interface MtPrefs {
  get(): MtPrefsValues;
  set(update: Partial<MtPrefsValues>): MtPrefsValues;
  apply(): MtPrefsValues;
  /** Every [data-pref] control to the values in force. */
  sync(): void;
  key: string;
}

/** One step of the page's drawing (static/js/app.js; bench/page_speed.py reads them). */
interface MtPerfStep {
  type: string;
  /** When it was sent (performance.now()). */
  at: number;
  /** ms in the bridge: Python and JSON both ways. */
  py: number;
  /** ms drawing the screen. */
  render: number;
  /** of which ms drawn into a hidden screen in a task before (a new match's board: render.prepareBoard) */
  prepared?: number;
  /** The part of the page the answer was for ("game", "none", ...). */
  part?: string;
}

/** The events the page's scripts dispatch on window, and PyScript's (polyscript's) progress. */
interface WindowEventMap {
  /** A loading stage's name ("Loading interpreter", ...). */
  "py:progress": CustomEvent<string>;
  "py:ready": Event;
  /** static/js/python.js: window.mtPython is there. */
  "app:py-ready": Event;
  /** py/page.py: window.mtApi is there (Python on the page's thread). */
  "app:py-started": Event;
  /** static/js/pyodide-start.js: a chunk of a big download arrived (window.mtDownload). */
  "mt:download": Event;
  /** static/js/prefs.js: the display preferences changed. */
  "mt:prefs": CustomEvent<MtPrefsValues>;
}

/** static/js/python.js: where Python runs, and the door to it (static/js/bridge.js is its one user). */
interface MtPython {
  where: "worker" | "page";
  /** Python's version. */
  python: string;
  /** A call of the protocol as JSON text; its answer. */
  transport(text: string): Promise<string>;
  /** An event is waiting: a think in flight answers after its slice. */
  interrupt(): void;
}

interface Window {
  mtBoot: MtBoot;
  /** Set by static/js/prefs.js: a service worker controlled the page when it started. */
  mtLoadedByWorker?: boolean;
  /** Set by static/js/prefs.js: the worker reading Python's wasm and snapshot ahead (static/js/worker/early.js),
   *  whether on a first visit (the package first), its messages so far, and who takes the next ones (python.js). */
  mtEarly?: { worker: Worker | null; first: boolean; parts: unknown[]; onpart: ((message: unknown) => void) | null };
  /** Test hook: when the read-ahead's worker was ended, ms from the navigation. */
  mtEarlyEnded?: number;
  /** Set by static/js/prefs.js: another service worker took over since (offline.js offers the reload). */
  mtTakenOver?: boolean;
  /** Set by static/js/input.js once the page's own input handling is there (prefs.js answers until then). */
  mtInput?: boolean;
  /** Set by static/js/python.js: where PyScript's frame (static/js/pyscript-frame.js) hands over PyScript's module. */
  mtPyScript?: { loaded(core: typeof import("../vendor/pyscript/core.js")): void; failed(err: unknown): void };
  /** Set by static/js/prefs.js on a return visit: PyScript's frame, made by the page's first script and added to the
   * page one task later. */
  mtPyScriptFrame?: HTMLIFrameElement;
  /** Set by static/js/pyscript-frame.js: PyScript's module on its way, when python.js has not asked for it yet. */
  mtPyScriptLoading?: Promise<typeof import("../vendor/pyscript/core.js")>;
  /** Set in PyScript's frame by static/js/pyscript-frame.js when PyScript's module asked its SharedArrayBuffer
   * stand-in (a test hook). */
  mtSharedArrayBufferAsked?: boolean;
  /** Set by static/js/python.js once Python is ready. */
  mtPython?: MtPython;
  /** Set by py/page.py when Python runs on the page's thread. */
  mtApi?: MtApi;
  /** Set by static/js/prefs.js (inline in the page) before anything else runs. */
  mtPrefs?: MtPrefs;
  /** static/js/prefs.js: puts the page's form fields in place (scripts/build_page.py holds them in templates). */
  mtFieldsIn?: (within?: ParentNode) => void;
  /** static/js/pyodide-start.js: [received, total] bytes of each big download, null for a file that will not come. */
  mtDownload?: Record<string, [number, number] | null>;
  /** static/js/pyodide-start.js: the service worker's cache answers, nothing is downloaded. */
  mtFromCache?: boolean;
  /** static/js/app.js: the last 2000 drawing steps; with layout, the draw time includes style and layout. */
  mtPerf?: { steps: MtPerfStep[]; layout: boolean };
  /** Test hooks of static/js/pyodide-start.js and snapshot.js (bench/page_speed.py, bench/phone_speed.py). */
  mtPythonStart?: "pending" | "snapshot" | "full start-up";
  mtSnapshotPackage?: "none" | "same" | "other";
  mtThroughput?: number | null;
  mtUnpacked?: number;
  mtWorkerBytes?: number | null;
  /** static/js/app.js, with ?test=1: the browser tests' and benchmarks' hooks. */
  mtTest?: { call(event: Py.Event): Promise<Py.Reply>; breakBridge(message: string): void; meanwhile(fn: () => void): void; fonts?: string[] };
  /** Safari before 14.1. */
  webkitAudioContext?: typeof AudioContext;
  /** The Shape Detection API's QR reader, where the browser has it (static/js/qr.js). */
  BarcodeDetector?: BarcodeDetectorClass;
  /** vendor/jsqr/jsQR.js, once static/js/qr.js has loaded it. */
  jsQR?: JsQr;
}

/** What static/js/qr.js uses of the Shape Detection API's BarcodeDetector. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** What static/js/qr.js uses of jsQR (npm jsqr, dist/jsQR.js, a classic script that sets window.jsQR). */
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** Permissions Policy (Chromium's featurePolicy before it): may this frame use a feature. */
interface PermissionsPolicyLike {
  allowsFeature(feature: string): boolean;
}
interface Document {
  readonly permissionsPolicy?: PermissionsPolicyLike;
  readonly featurePolicy?: PermissionsPolicyLike;
}

/** The Network Information API's hints (Chromium): static/js/pyodide-start.js reads two. */
interface NetworkInformation {
  readonly saveData?: boolean;
  readonly effectiveType?: "slow-2g" | "2g" | "3g" | "4g";
}

interface Navigator {
  readonly connection?: NetworkInformation;
}

/**
 * static/js/snapshot.js runs as a module worker too, where the global is a WorkerGlobalScope: the DOM library
 * declares a window's globals only.
 */
declare var WorkerGlobalScope: { new (): object; prototype: object } | undefined;

/** The Prioritized Task Scheduling API (Chromium 129+: scheduler.yield()), where the browser has it. */
interface Scheduler {
  yield(): Promise<void>;
}

declare var scheduler: Scheduler | undefined;
