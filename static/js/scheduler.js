// CPU pacing: when the view model says a CPU may move, wait vm.cpu.delay ms
// (a fresh task even at 0, so the browser paints and handles input between
// CPU steps), then run one step. Nothing runs while paused or hidden.
let timer = null;

export function cancel() {
  if (timer !== null) { clearTimeout(timer); timer = null; }
}

/** Schedule the next CPU step if the view model calls for one; true when one is on its way. */
export function schedule(vm, step) {
  cancel();
  if (!vm || vm.screen !== "board" || !vm.cpu || !vm.cpu.pending || vm.paused) return false;
  if (document.visibilityState === "hidden") return false;
  timer = setTimeout(() => { timer = null; step(); }, Math.max(0, vm.cpu.delay | 0));
  return true;
}

export function pending() { return timer !== null; }
