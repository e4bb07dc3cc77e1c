// The page's JavaScript entry: wires the setup form, the bridge to Python, the renderer, input, the CPU
// scheduler, sound and the screens beside the board (static/js/parts/, one module each, loaded by name from
// the protocol's list of parts). The game's state lives in Python; `vm` below is only the last view model of
// a match, kept to re-render on resize and to tell a sound or a focus move from the previous one.
//
// Every answer Python sends names the part of the page it is for (types/protocol.d.ts, Py.Answer): the match
// on screen ("game"), the setup screen's offer ("boot"), a file to download, nothing to draw ("none"), a
// refusal ("refused"), or a screen's part, whose module draws it (``route``).
import * as bridge from "./bridge.js";
import { $, fileText, find, setHidden } from "./dom.js";
import * as render from "./render.js";
import * as scheduler from "./scheduler.js";
import * as sound from "./sound.js";
import * as setup from "./setup.js";
import * as saving from "./saving.js";
import { read as readStored } from "./storage.js";
import { attachInput } from "./input.js";
import { LANGUAGES, REGISTRY, TEXT, fill } from "./text.js";
import { registerOffline } from "./offline.js";
import { attachTabs } from "./tabs.js";
import { attachLanguagePickers, takeResume } from "./language.js";
import { readPresets } from "./presets.js";
import { attachHost } from "./host.js";
import * as friends from "./friends.js";

/** @typedef {import("./setup.js").Settings} Settings */

const PROTOCOL = REGISTRY.protocol;
const COMMANDS = new Set(PROTOCOL.commands);

/** @type {Py.BoardView | null} */
let vm = null;            // the last view model of a match (render cache only)
/** @type {Py.JobKind | null} */
let thinking = null;      // the job Python has under way, from the last answer (its next slice is "think")
let view = "setup";       // the part of the page the person is on: "setup", "game" (REGISTRY.screens), "replay"
/** @type {{kind: "start", settings: Settings} | {kind: "continue"} | null} */
let queued = null;        // {kind: "start", settings} or {kind: "continue"}, waiting for Python
let startAsked = false;   // a match (or its friends' lobby) was asked for on this page: by the address, a tap or a lobby
/** @type {Settings | null} */
let pendingSettings = null;
/** @type {HTMLElement | null | undefined} */
let confirmOpener = null;        // the Start button that asked "Start a new match?"
let savedOffer = hasSaveKey();   // a saved match may be waiting (Python says for sure once ready)
let savedText = TEXT.savedFound;
let otherTabPlaying = false;     // another tab answered that it has this match in play (tabs.js)
/** @type {ReturnType<typeof attachTabs>} */
let tabs;                // the other tabs (tabs.js), from init()
/** @type {ReturnType<typeof attachHost>} */
let host;                // the page that embeds the game, if any (host.js), from init()
/** @type {Map<string, Py.PartModule>} */
const parts = new Map();  // the screens beside the board, by part name, once loaded
const params = new URLSearchParams(location.search);
const address = readPresets(params, REGISTRY, params.get("test") === "1", LANGUAGES);   // a preset (presets.js)

function hasSaveKey() { return readStored(PROTOCOL.keys.match) !== null; }

// ------------------------------------------------------------------ screens
/** @param {string} name */
function showScreen(name) {
  view = name;
  setHidden($("setup-screen"), name !== "setup");
  setHidden($("game-screen"), name !== "game");
  setHidden($("replay-screen"), name !== "replay");   // parts/replay.js
  document.documentElement.dataset.view = name;
  if (name === "setup") {
    scheduleCpu();   // none while the setup screen is up
    for (const { id } of PROTOCOL.dialogs) {
      const dialog = $(id, HTMLDialogElement);
      if (dialog.open && id !== "help-dialog") render.closeDialog(dialog);
    }
    updateSavedPanel();
  }
}

// The first screen offers one tap: Back to the match in play, else Continue a saved match, else Start
// (with the settings summed up beside it). Only that one is the primary button.
function updateSavedPanel() {
  const live = !!vm;
  const offer = savedOffer && !live;
  $("saved-panel").hidden = !(offer || live);
  $("quick-start").classList.toggle("primary", !(offer || live));
  $("saved-text").textContent = vm ? vm.round.text : savedText;
  find('#saved-panel [data-action="continue_saved"]').hidden = !offer;
  find('#saved-panel [data-action="back"]').hidden = !live;
  $("saved-elsewhere").hidden = !(offer && otherTabPlaying);
  $("saved-elsewhere").textContent = TEXT.savedElsewhere;
}

// ------------------------------------------------------------------ talking to Python
// Test hook (bench/page_speed.py, bench/longtasks.py): window.mtPerf.steps holds the last 2000
// events as {type, at, py, render}: when it was sent, ms until its answer (Python, JSON, the save's
// writes) and ms drawing it (0 when there was nothing to draw). With window.mtPerf.layout = true the
// draw time includes style and layout.
/** @type {NonNullable<Window["mtPerf"]>} */
const perf = window.mtPerf = { steps: [], layout: false };

/** @param {MtPerfStep} step */
function note(step) { if (perf.steps.push(step) > 2000) perf.steps.shift(); }

// html[data-busy] is "1" while an event is on its way to Python or its answer is not drawn yet, "0" once the
// page is quiet: the browser tests wait for it before they read the screen (Python answers asynchronously).
let busy = 0;
/** @param {number} change */
function busyBy(change) {
  busy += change;
  document.documentElement.dataset.busy = busy > 0 ? "1" : "0";
}

/** The end of an event's busy time, in the next task: whoever asked draws the answer in this one, and any
 * dialog that opens with it is open by then (render.drawn). */
function quietWhenDrawn() {
  setTimeout(() => { void render.drawn().then(() => busyBy(-1)); }, 0);
}

/** A new task: the browser paints and answers input before what follows. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Send an event to Python and draw its answer (``route``); resolves with the answer (null while Python is not
 * ready). ``later``: the answer is drawn in a task of its own (the first board of a match: Python's answer and
 * the whole new screen's style and layout in one task took over 100 ms on a phone).
 * @param {Py.Event} event
 * @returns {Promise<Py.Reply | null>}
 */
async function send(event, later = false) {
  const reply = await call(event);
  if (!reply) return null;
  // a think that answered while an event waited: that event's answer draws what it did (its writes are made)
  if (event.type === "think" && bridge.busy() && reply.part !== "fatal") return reply;
  let prepared = 0;   // ms of drawing done in a task before
  let boardShown = false;
  if (later && reply.part === "game") {
    await nextTask();
    // a screen about to be shown: its board drawn while still hidden, and shown in the next task (render.prepareBoard)
    if (reply.view.screen === "board" && view !== REGISTRY.screens.board) {
      const t0 = performance.now();
      render.prepareBoard(/** @type {Py.BoardView} */ (reply.view));
      prepared = performance.now() - t0;
      boardShown = true;
      await nextTask();
    }
  }
  const t1 = performance.now();
  route(reply);
  // the shown board's style worked out in this task, leaving its layout to the next frame: the frame that did
  // both was a task over 50 ms at 4x in 11 of 24 instant matches' first boards, against 4 of 24 (bench.longtasks)
  if (boardShown) void getComputedStyle($("board")).display;
  if (perf.layout) void document.body.offsetHeight;
  note({ type: event.type, at: lastCall.at, py: lastCall.ms,
    render: reply.part === "none" ? 0 : prepared + performance.now() - t1, prepared, part: reply.part });
  return reply;
}

const lastCall = { at: 0, ms: 0 };

/**
 * Send an event to Python; its answer is not drawn (the caller draws it).
 * @param {Py.Event} event
 * @returns {Promise<Py.Reply | null>}
 */
async function call(event) {
  if (!bridge.ready()) return null;
  if (event.type === "warm_up") return bridge.call(event);   // idle-time work that draws nothing: not busy
  busyBy(1);
  try {
    const t0 = performance.now();
    const reply = await bridge.call(event);
    lastCall.at = t0;
    lastCall.ms = performance.now() - t0;
    return reply;
  } finally {
    quietWhenDrawn();
  }
}

/** Draw an answer in the part of the page it is for. @param {Py.Reply} reply */
function route(reply) {
  switch (reply.part) {
    case "fatal":
      fatal(reply);
      for (const part of parts.values()) part.render(reply);   // a screen beside the board says it too
      return;
    case "game": thinking = reply.thinking; friends.deliver(reply); show(reply.view); return;
    case "boot": showBoot(reply.view); return;
    case "file": if (reply.view.text) saving.download(reply.view.text, reply.view.name); return;
    case "refused": showProblem(reply.error); return;
    case "none": thinking = reply.thinking; break;
    case "warm_up": case "timings": return;
    default: {
      const part = parts.get(reply.part);
      if (part) part.render(reply);
      break;
    }
  }
  document.documentElement.dataset.thinking = reply.thinking || "";
  goOnThinking(reply.thinking);
}

/** Python no longer answers: say so, and offer a reload (the save is read afresh). @param {Py.Fatal} reply */
function fatal(reply) {
  for (const id of ["game-error", "setup-error", "file-message"]) {
    $(id).hidden = false;
    $(id).textContent = reply.error;
  }
  for (const id of ["reload-row", "setup-reload-row"]) $(id).hidden = false;
}

/** A refusal in words, where the person is looking. @param {string} text */
function showProblem(text) {
  const box = view === "game" ? $("game-error") : $("setup-error");
  setHidden(box, !text);
  box.textContent = text;
}

/** @param {Py.GameView} next */
function show(next) {
  const html = document.documentElement;
  if (next.screen === "setup") {   // no match started (bad settings, unreadable save): say why
    setup.showError(next.error || "");
    if (next.error) { $("saved-message").hidden = true; }
    showScreen("setup");
    return;
  }
  const prev = vm;
  const now = vm = next;
  setup.showError("");
  if (view !== REGISTRY.screens[now.screen]) { showScreen(REGISTRY.screens[now.screen]); render.resetFocus(); }
  render.renderGame(now);
  endThinkingSign(now);
  sound.react(prev, now);
  host.react(prev, now);
  html.dataset.screen = now.screen;
  html.dataset.step = now.step;
  html.dataset.focus = now.focus;
  html.dataset.blocked = now.blocked ? "1" : "0";
  html.dataset.thinking = thinking || "";
  setHidden($("take-over-row"), !now.blocked);
  saving.update(now, render.openDialog, render.closeDialog);
  for (const part of parts.values()) if (part.shown) part.shown(now);
  render.rescueFocus();   // the saved-state row (or a part) may have hidden what held the focus
  goOnThinking(thinking === "hint" ? "hint" : null);
  scheduleCpu();
  if (!prev || now.round_end || now.match_end) setReadAhead(true);   // a round is over, or a match came in
  readAheadWhileIdle();
}

// Python works out a long job (a CPU's decision, the hint, the review) a few ms per call; the next slice
// runs as a new task, so that the browser handles input and paints in between.
/** @param {Py.JobKind | null | undefined} kind */
function goOnThinking(kind) {
  if (!kind || !mayThink(kind)) return;
  scheduler.nextSlice(() => { if (mayThink(kind)) send({ type: "think" }); });
}

/** @param {Py.JobKind} kind */
function mayThink(kind) {
  if (kind === "cpu") return cpuMayGo();
  if (kind === "hint") return view === "game";
  for (const part of parts.values()) if (part.thinks && part.thinks(kind)) return true;
  return false;
}

function cpuMayGo() {
  return !!vm && !vm.blocked && view === "game" && !render.personDialogOpen();
}

// The next CPU step, at the chosen speed. CPU play waits while help, the menu or a question covers
// the board (the player could not follow it; render.onBoardClear resumes it), and while another tab
// plays this match (vm.blocked). html[data-cpu-pending] says whether a CPU step is on its way.
function scheduleCpu() {
  let coming = false;
  if (cpuMayGo() && thinking === "cpu") {
    goOnThinking("cpu");               // a CPU is thinking: its next slice, at once
    coming = true;
  } else if (cpuMayGo()) {
    coming = scheduler.schedule(vm, () => { if (!render.personDialogOpen()) askCpu(); });
  } else {
    scheduler.cancel();
  }
  document.documentElement.dataset.cpuPending = coming ? "1" : "0";
}

// A calm sign of a computer's thinking: when its move is not on screen 300 ms after it was asked for (the
// speed's pause is over by then), its train says "thinking…"; a quick move never shows it.
const THINKING_SIGN_MS = 300;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let signTimer;
/** @type {string | null} */
let signStep = null;   // the position the computer was asked to move from

function askCpu() {
  signStep = vm ? vm.step : null;
  clearTimeout(signTimer);
  const asked = bridge.answered();
  signTimer = setTimeout(() => {
    // still thinking, or not answered at all yet: Python busy with another job first is as slow a move to the player
    const waiting = thinking === "cpu" || bridge.answered() === asked;
    if (vm && vm.step === signStep && waiting) document.documentElement.dataset.cpuThinking = "1";
  }, THINKING_SIGN_MS);
  send({ type: "cpu" });
}

/** The move came (or the thinking stopped): no sign. @param {Py.BoardView} now */
function endThinkingSign(now) {
  if (now.step === signStep && thinking === "cpu" && !now.paused) return;
  clearTimeout(signTimer);
  signStep = null;
  delete document.documentElement.dataset.cpuThinking;
}

// Another tab wrote the save (a storage event): Python stops saving over it and
// says so; without a match in play here, the setup screen's offer is refreshed.
async function onSaveChanged() {
  if (!bridge.ready()) { savedOffer = hasSaveKey(); if (view === "setup") updateSavedPanel(); return; }
  if (vm) {
    if (view === "game") { send({ type: "save_changed" }); return; }
    const next = await call({ type: "save_changed" });   // shown on "Back to the match"
    if (next && next.part === "game" && next.view.screen !== "setup") vm = next.view;
    return;
  }
  send({ type: "boot" });
}

// What the setup screen says about the save found: the match to continue, why it cannot be read (with a
// download when it could not be copied aside), and how far behind it is when saves failed before a reload.
/** @param {Py.BootView} info */
function showBoot(info) {
  savedOffer = !!info.saved;
  if (info.saved) savedText = info.saved.text;
  else otherTabPlaying = false;
  const text = [info.message, info.behind].filter(Boolean).join(" ");
  $("saved-message").hidden = !text;
  $("saved-message").textContent = text;
  $("saved-download-row").hidden = !info.stuck;
  if (view === "setup") updateSavedPanel();
}

// ------------------------------------------------------------------ starting and continuing
/** @param {Settings} settings */
async function startMatch(settings) {
  startAsked = true;
  if (friends.wanted(settings)) { friends.openLobby(settings); return; }   // the deal waits for the friends
  if (!settings.friends) friends.close();
  if (!bridge.ready()) {
    queued = { kind: "start", settings };
    showWait();
    return;
  }
  render.clearLog();
  const next = await send({ type: "new_match", settings }, view === "setup");
  if (next && next.part === "game" && next.view.screen !== "setup") {
    savedOffer = false;
    host.matchStarted(next.view);
  }
}

async function continueSaved() {
  if (!bridge.ready()) { queued = { kind: "continue" }; showWait(); return; }
  render.clearLog();
  const next = await send({ type: "continue_saved" });
  savedOffer = false;
  if (next && next.part === "game" && next.view.screen === "setup") {
    $("saved-message").hidden = !next.view.error;
    $("saved-message").textContent = next.view.error || "";
    setup.showError("");
    updateSavedPanel();
  }
}

function showWait() {
  const pct = window.mtBoot ? window.mtBoot.progress : 0;
  const text = !queued ? "" : fill(queued.kind === "start" ? TEXT.queuedStart : TEXT.queuedContinue, { pct });
  $("start-wait").textContent = text;
  document.documentElement.dataset.queued = queued ? queued.kind : "";
}

async function onPythonReady() {
  const python = window.mtPython;
  if (python) bridge.connect(python);
  const boot = await send({ type: "boot" });
  const info = boot && boot.part === "boot" ? boot.view : null;
  // ready once Python has answered the first screen's question (a saved match and its names are on it)
  document.documentElement.dataset.pyReady = "1";
  $("loading").classList.add("done");   // out of sight, its room kept: nothing on the first screen moves
  host.emit("ready");
  const q = queued;
  queued = null;
  showWait();
  if (q && q.kind === "start") startMatch(q.settings);
  else if (q && q.kind === "continue") continueSaved();
  // The address's start, held back by a save that turned out unreadable or over. Not when any start was asked
  // for already: a lobby the address opened goes on, and a friend who joined it while Python answered the first
  // question has had the deal sent (a second start would open a new lobby and close that friend's connection).
  else if (address.autostart && !startAsked && !vm && !(info && info.saved && !info.saved.over)) startMatch(setup.collect());
  await nextTask();   // the first screen's answer is drawn in a task of its own (a phone: over 50 ms with what follows)
  tabs.hello();
  for (const part of parts.values()) if (part.ready) part.ready();
  for (const btn of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#more [data-action]"))) btn.disabled = false;
  performance.mark("mt-ready");   // the game is playable (bench/page_speed.py reads this mark)
  await nextTask();
  registerOffline();
  warmUpWhileIdle();
}

// While the first screen waits for a tap, Python plays 24 moves of a throwaway match in idle time, a
// slice at a time, so the browser compiles what a match runs before the first Start, not during it
// (ui/dispatch.py warm_up_steps), and the page resolves the board's fonts and finds its buttons (render.warmBoardFonts,
// warmBoardCode). They stop for good once a match is on screen.
function warmUpWhileIdle() {
  const idle = window.requestIdleCallback || ((/** @type {() => void} */ fn) => setTimeout(fn, 50));
  const waiting = () => !vm && view === "setup";   // the first screen, no match yet
  render.warmBoardFonts(idle, waiting, (fonts) => { if (window.mtTest) window.mtTest.fonts = fonts; });
  idle(() => { if (waiting()) render.warmBoardCode(); });
  const step = async () => {
    if (!waiting() || queued) return;
    const reply = await call({ type: "warm_up" });
    if (reply && reply.part === "warm_up" && reply.view.more) idle(step);
  };
  idle(step);
}

// The coach reads along: once a round is over, Python judges the person's decisions in it while the page is
// idle (ui/parts/reviewing.py read_ahead), a slice at a time, so that the review asked for at the match's end
// is mostly worked out already. It gives way to everything else: a computer's thinking, the hint, the review,
// a queued start, any event on its way; the next board drawn takes it up again.
let readAhead = false;   // Python may have rounds over to read (its last answer said so): html[data-read-ahead]
let reading = false;     // the idle loop is on its way
/** @param {boolean} more */
function setReadAhead(more) {
  readAhead = more;
  document.documentElement.dataset.readAhead = more ? "1" : "0";
}
function readAheadWhileIdle() {
  if (!readAhead || reading) return;
  const idle = window.requestIdleCallback || ((/** @type {() => void} */ fn) => setTimeout(fn, 50));
  const step = async () => {
    if (!vm || vm.blocked || thinking || queued || busy > 0 || bridge.busy()) { reading = false; return; }
    const reply = await call({ type: "warm_up" });
    if (!reply || reply.part !== "warm_up") { reading = false; return; }
    setReadAhead(reply.view.more);
    if (readAhead && !reply.thinking) idle(step); else reading = false;
  };
  reading = true;
  idle(step);
}

// ------------------------------------------------------------------ page actions
/**
 * A page action (data-action), from its control (none for a keyboard shortcut): a command of the board, a
 * screen's part's, or the page's own.
 * @param {string} name
 * @param {HTMLElement} [el]
 */
async function action(name, el) {
  if (COMMANDS.has(/** @type {Py.Command} */ (name))) { send({ type: "command", name: /** @type {Py.Command} */ (name) }); return; }
  for (const part of parts.values()) {
    if (Object.hasOwn(part.actions, name) && await part.actions[name](el)) return;
  }
  switch (name) {
    case "start": {
      const settings = setup.collect();
      setup.remember();
      const replacing = vm ? vm.screen !== "match_end" : savedOffer;
      if (replacing) {
        pendingSettings = settings;
        confirmOpener = el;
        render.openDialog($("confirm-dialog", HTMLDialogElement));
        return;
      }
      startMatch(settings);
      return;
    }
    case "confirm_new":
      render.closeDialog($("confirm-dialog", HTMLDialogElement));
      if (pendingSettings) startMatch(pendingSettings);
      pendingSettings = null;
      return;
    case "cancel_new":
      pendingSettings = null;
      render.closeDialog($("confirm-dialog", HTMLDialogElement));
      (confirmOpener && confirmOpener.isConnected && !confirmOpener.hidden ? confirmOpener : $("quick-start")).focus();
      return;
    case "new_match":               // "Play again": the same settings, a new deal
      startMatch(setup.collect());
      return;
    case "settings": setup.showSettings(!setup.settingsShown()); return;
    case "continue_saved": continueSaved(); return;
    case "take_over": send({ type: "take_over" }); return;
    case "back":
      if (vm) { showScreen("game"); render.resetFocus(); send({ type: "refresh" }); }
      return;
    case "setup": {                 // the menu's "New match or settings", the match end's "Change settings"
      const settings = !!(el && el.closest("#match-dialog"));
      showScreen("setup");
      $("setup-title").scrollIntoView({ block: "start" });
      if (settings) setup.showSettings(true, true);
      else (vm ? find('#saved-panel [data-action="back"]') : $("quick-start")).focus();
      return;
    }
    case "help": render.openDialog($("help-dialog", HTMLDialogElement)); scheduleCpu(); return;
    case "menu":
      if (vm && vm.cpu) $("menu-speed", HTMLSelectElement).value = vm.cpu.speed;
      if (vm && vm.after_turn) $("menu-after-turn", HTMLSelectElement).value = vm.after_turn;
      render.openDialog($("menu-dialog", HTMLDialogElement));
      scheduleCpu();
      return;
    case "close_dialog": {
      const dialog = el && el.closest("dialog");
      if (dialog) render.closeDialog(dialog);
      return;
    }
    case "sound": switchSound(!sound.isOn()); return;
    case "export":
      // With friends at the device, the file would show them each other's hands: ask first.
      if (vm && vm.hotseat && vm.screen === "board") { render.openDialog($("export-dialog", HTMLDialogElement)); return; }
      send({ type: "export_match" });
      return;
    case "export_confirmed": render.closeDialog($("export-dialog", HTMLDialogElement)); send({ type: "export_match" }); return;
    case "import": $("import-file").click(); return;
    case "download_unreadable": saving.downloadUnreadable(); return;
    case "replace_unreadable":
      render.closeDialog($("unreadable-dialog", HTMLDialogElement));
      send({ type: "replace_unreadable", hash: saving.heldHash() || "" });
      return;
    case "keep_unreadable": render.closeDialog($("unreadable-dialog", HTMLDialogElement)); return;
    case "show_unreadable": render.openDialog($("unreadable-dialog", HTMLDialogElement)); return;
    case "reload_page": location.reload(); return;
    default: return;
  }
}

/** @param {boolean} on */
function switchSound(on) {
  sound.setOn(on);
  for (const b of document.querySelectorAll('[data-action="sound"]')) b.setAttribute("aria-pressed", String(sound.isOn()));
  if (sound.isOn()) sound.play("turn");
}

const IMPORT_LIMIT = PROTOCOL.limits.import_bytes;   // larger files are not read at all (Python would refuse them)

// Why a file could not be opened, under "Open a match file…" ("" hides it).
/** @param {string} text */
function showFileMessage(text) {
  const box = $("file-message");
  box.hidden = !text;
  box.textContent = text || "";
  if (text) box.scrollIntoView({ block: "nearest" });
}

/** @param {File} file */
function importFile(file) {
  if (file.size > IMPORT_LIMIT) { showFileMessage(fill(TEXT.importTooBig, { limit: IMPORT_LIMIT / 1024 / 1024 })); return; }
  fileText(file).then(async (text) => {
    if (text === null) { showFileMessage(TEXT.importNotText); return; }   // not UTF-8: never read as something else
    const next = await call({ type: "import", text });
    if (!next) return;
    if (next.part === "game" && next.view.error) { showFileMessage(next.view.error); return; }   // refused: the match in play goes on
    showFileMessage("");
    render.clearLog();
    scheduler.cancel();
    route(next);
    if (next.part === "game" && next.view.screen !== "setup") savedOffer = false;
  });
}

// ------------------------------------------------------------------ presets and the host page
// A preset in the address fills the form for this visit (setup.js); with ?autostart=1 the match starts at
// once, queued until Python is ready, unless a match is saved: then the setup screen offers Continue
// first, and Start asks before replacing it (onPythonReady starts at once only when the save turns out
// to be unreadable or a finished match). The host page may pause, resume and mute (host.js).
function attachAddress() {
  for (const warning of address.warnings) console.warn(warning);
  setup.init(address.values);
  host = attachHost(params, {
    pause: () => { if (vm && view === "game") send({ type: "command", name: "pause" }); },
    resume: () => { if (vm && view === "game") send({ type: "command", name: "resume" }); },
    mute: () => switchSound(false),
    "friend-reply": (data) => friends.fromHost(data.link),
  }, (seat) => ((address.values.players || [])[seat] || /** @type {import("./presets.js").SeatChoice} */ ({})).name);
}

function autostart() {
  if (address.autostart && !hasSaveKey()) startMatch(setup.collect());
}

// ------------------------------------------------------------------ the screens beside the board
/** What each screen's part may use of the page. @type {Py.PartHooks} */
const partHooks = {
  send,
  call,
  show: route,
  startShown: (next) => { render.clearLog(); scheduler.cancel(); show(next); },
  getVm: () => vm,
  setVm: (next) => { vm = next; render.clearLog(); scheduler.cancel(); if (view === "setup") updateSavedPanel(); },
  showScreen,
  view: () => view,
  settings: () => setup.collect(),
};

/** Import every screen's part (static/js/parts/<name>.js, named by the protocol) and attach it. */
async function loadParts() {
  for (const name of PROTOCOL.parts) {
    const part = /** @type {Py.PartModule} */ (await import(`./parts/${name}.js`));
    part.attach(partHooks);
    parts.set(name, part);
  }
}

// ------------------------------------------------------------------ test hooks (?test=1)
// The browser tests and benchmarks talk to Python through the page's own door: ``call`` sends an event and
// resolves with its answer undrawn (bench/page_speed.py reads "timings"); ``breakBridge`` makes the door throw
// from then on, as after Python's fatal error.
if (params.get("test") === "1") {
  window.mtTest = {
    call: (event) => bridge.call(event),
    breakBridge: (message) => bridge.connect({ transport: () => Promise.reject(new Error(message)), interrupt: () => {} }),
    // ``fn`` runs once, after Python answered the next call and before its writes are made (another tab
    // writing while Python works)
    meanwhile: (fn) => {
      const python = window.mtPython;
      if (!python) return;
      let pending = /** @type {(() => void) | null} */ (fn);
      bridge.connect({ interrupt: python.interrupt, transport: async (text) => {
        const answer = await python.transport(text);
        const run = pending;
        pending = null;
        if (run) run();
        return answer;
      } });
    },
  };
}

/**
 * An event from a friend's device (friends.js), with its seat as the call's source: Python checks it as it
 * checks a tap here; a refusal is one console warning (bridge.js) and changes nothing on this screen.
 * @param {Py.Event} event @param {Py.Source} source
 */
async function sendFrom(event, source) {
  if (!bridge.ready()) return;
  busyBy(1);
  try {
    const reply = await bridge.call(event, source);
    if (reply.part !== "refused") route(reply);
  } finally {
    quietWhenDrawn();
  }
}

// ------------------------------------------------------------------ wiring
// The page's start runs in a few tasks (nextTask) so that no one of them holds the phone's main thread for
// long: the modules' own evaluation, the setup form, the listeners, the other tabs and the screens' parts.
// Until input.js is attached, the inline preferences script answers the first screen's buttons.
async function init() {
  busyBy(0);
  await nextTask();
  if (window.mtFieldsIn) window.mtFieldsIn();   // the page's form fields, held until the parse ended (prefs.js)
  attachAddress();
  await nextTask();
  friends.attachFriends({ startMatch, sendFrom, send: (event) => { send(event); }, showSetup: () => showScreen("setup"),
    // the links go to the embedding site only when the address names it (host=): its own messaging may carry them
    emit: (type, fields) => { if (host.origin) host.emit(type, fields); } });
  if (window.mtPrefs) window.mtPrefs.sync();   // the display preferences script in index.html
  updateSavedPanel();

  attachInput({
    send,
    action,
    expand: (id) => { render.toggleExpanded(id); render.relayout(vm); },
    hasSelection: () => !!(vm && vm.hand && vm.hand.tiles && vm.hand.tiles.some((t) => t.selected)),
    inGame: () => view === "game" && !!vm,
    commands: () => (vm && vm.commands) || [],
  });

  $("menu-speed").addEventListener("change", (e) => send({ type: "speed", speed: /** @type {HTMLSelectElement} */ (e.target).value }));
  $("menu-after-turn").addEventListener("change", (e) => {
    const value = /** @type {HTMLSelectElement} */ (e.target).value;
    send({ type: "after_turn", value });
    setup.chooseAfterTurn(value);    // and the next match starts with it too
  });
  render.onBoardClear(scheduleCpu);
  window.addEventListener("mt:prefs", () => render.relayout(vm));   // a new tile face: re-draw the tiles
  $("import-file").addEventListener("change", (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files && input.files[0];
    if (file) importFile(file);
    input.value = "";
  });

  // Leaving the tab pauses the match (Python decides: ui/controller.py); the person presses Continue on
  // return. A reload hides the page too, and that pause is not saved: Continue carries on unpaused.
  document.addEventListener("visibilitychange", () => {
    if (!bridge.ready() || !vm || view === "replay") return;   // the replay is no match in play
    send({ type: "visibility", hidden: document.visibilityState === "hidden" && view === "game" });
  });

  /** @type {number | undefined} */
  let resizeTimer;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => render.relayout(vm), 120);
  });

  await nextTask();
  tabs = attachTabs({
    saveKey: PROTOCOL.keys.match,
    onSaveChanged,
    inPlay: () => !!vm && !vm.blocked && vm.screen !== "match_end",
    onOtherTabPlaying: () => { otherTabPlaying = true; if (view === "setup") updateSavedPanel(); },
  });

  await loadParts();

  // a match on screen is continued on the new page; a switch made on the setup screen stays there
  attachLanguagePickers(() => !!vm && vm.screen !== "match_end" && view === "game");
  if (takeResume() && savedOffer) continueSaved();   // a language change in the middle of a match: carry on
  else autostart();

  window.mtBoot.onProgress = () => { if (queued) showWait(); };
  window.mtBoot.whenReady(onPythonReady);
}

init();
