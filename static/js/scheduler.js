// CPU pacing and thinking in slices.
//
// When the view model says a CPU may move, wait vm.cpu.delay ms (a fresh task
// even at 0, so the browser paints and handles input between CPU steps), then
// run one step. A step already on its way for the same position keeps its time:
// taps and keys while a computer waits do not postpone its move. Python thinks
// a few ms per call; while it is not done (vm.thinking) the next slice runs as
// a new macrotask, after the browser has handled input and painted. Nothing
// runs while paused or hidden.
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;
/** @type {string | null} */
let timerStep = null;     // the position (vm.step) the pending CPU step is for
/** @type {(() => void) | null} */
let slice = null;         // the next slice of thinking, queued behind input
const channel = new MessageChannel();
channel.port1.onmessage = () => { const run = slice; slice = null; if (run) run(); };

export function cancel() {
  if (timer !== null) { clearTimeout(timer); timer = null; }
  timerStep = null;
}

/**
 * Schedule the next CPU step if the view model calls for one; true when one is on its way.
 * @param {Py.BoardView | null} vm
 * @param {() => void} step
 */
export function schedule(vm, step) {
  if (!vm || vm.screen !== "board" || !vm.cpu || !vm.cpu.pending || vm.paused
      || document.visibilityState === "hidden") {
    cancel();
    return false;
  }
  if (timer !== null && timerStep === vm.step) return true;
  cancel();
  timerStep = vm.step;
  timer = setTimeout(() => { timer = null; timerStep = null; step(); }, Math.max(0, vm.cpu.delay | 0));
  return true;
}

/**
 * Run `fn` (the next slice of Python's thinking) as a new task, once the browser has handled what is waiting.
 * @param {() => void} fn
 */
export function nextSlice(fn) {
  const queued = slice !== null;
  slice = fn;
  if (!queued) channel.port2.postMessage(0);
}
