// Sound effects made in the page with Web Audio (oscillators and filtered
// noise): no recordings. Off by default; the audio context is only created
// when the person switches sound on (a user gesture, as browsers require).
/** @type {AudioContext | null} */
let ctx = null;
let on = false;

export function isOn() { return on; }

/** @param {boolean} value */
export function setOn(value) {
  on = !!value;
  if (!on) return;
  try {
    if (!ctx) ctx = new (window.AudioContext || /** @type {typeof AudioContext} */ (window.webkitAudioContext))();
    if (ctx.state === "suspended") ctx.resume();
  } catch (e) { on = false; }
}

/**
 * @param {number} freq
 * @param {number} start
 * @param {number} dur
 * @param {{type?: OscillatorType, gain?: number, slide?: number}} [shape]
 */
function tone(freq, start, dur, { type = "sine", gain = 0.15, slide = 0 } = {}) {
  if (!ctx) return;
  const t = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (slide) osc.frequency.exponentialRampToValueAtTime(Math.max(30, freq + slide), t + dur);
  amp.gain.setValueAtTime(0.0001, t);
  amp.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

/**
 * @param {number} start
 * @param {number} dur
 * @param {{gain?: number, freq?: number, q?: number}} [shape]
 */
function noise(start, dur, { gain = 0.25, freq = 2500, q = 1.2 } = {}) {
  if (!ctx) return;
  const t = ctx.currentTime + start;
  const frames = Math.max(1, Math.floor(ctx.sampleRate * dur));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / frames, 3);
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const amp = ctx.createGain();
  amp.gain.value = gain;
  src.connect(filter).connect(amp).connect(ctx.destination);
  src.start(t);
}

/** @type {Record<string, () => void>} */
const EFFECTS = {
  place: () => { noise(0, 0.05, { freq: 2200, gain: 0.5 }); tone(180, 0, 0.07, { type: "triangle", gain: 0.12 }); },
  draw: () => noise(0, 0.22, { freq: 900, q: 0.6, gain: 0.35 }),
  pass: () => tone(220, 0, 0.25, { type: "sine", gain: 0.12, slide: -90 }),
  mark: () => { tone(660, 0, 0.12, { type: "square", gain: 0.04 }); tone(520, 0.1, 0.14, { type: "square", gain: 0.04 }); },
  turn: () => { tone(784, 0, 0.18, { gain: 0.08 }); tone(1046, 0.09, 0.22, { gain: 0.07 }); },
  round: () => [523, 659, 784].forEach((f, i) => tone(f, i * 0.12, 0.3, { type: "triangle", gain: 0.1 })),
  match: () => [523, 659, 784, 1046].forEach((f, i) => tone(f, i * 0.14, i === 3 ? 0.6 : 0.3, { type: "triangle", gain: 0.1 })),
};

/** @param {string} name */
export function play(name) {
  if (!on || !ctx || !Object.hasOwn(EFFECTS, name)) return;
  try { EFFECTS[name](); } catch (e) { /* a sound is never worth an error */ }
}

/**
 * Pick a sound for a new view model: from the events of the step it shows (vm.events, the engine's public log:
 * a tile placed, a tile drawn, a train newly marked, a round over), and from what the screen turns to (the
 * match's end, the person's turn). Nothing is kept between calls.
 * @param {Py.BoardView | null} prev
 * @param {Py.BoardView | null} vm
 */
export function react(prev, vm) {
  if (!on || !prev || !vm || !vm.round || !prev.round) return;
  if (vm.screen === "match_end" && prev.screen !== "match_end") return play("match");
  const did = new Set(vm.events.map((e) => e.kind));
  if (did.has("out") || did.has("blocked")) return play("round");
  if (vm.screen !== "board" || prev.round.number !== vm.round.number) return;
  if (did.has("play")) play("place");
  else if (did.has("draw")) play("draw");
  else if (did.has("mark")) play("mark");
  if (vm.focus === "hand" && prev.focus !== "hand" && prev.focus !== "trains") play("turn");
}
