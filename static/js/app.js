// The page's JavaScript entry: wires the setup form, the bridge to Python, the
// renderer, input, the CPU scheduler and sound. The game's state lives in
// Python; `vm` below is only the last view model, kept to re-render on resize
// and to tell a sound or a focus move from the previous one.
import * as bridge from "./bridge.js";
import { $, find } from "./dom.js";
import * as render from "./render.js";
import * as scheduler from "./scheduler.js";
import * as sound from "./sound.js";
import * as setup from "./setup.js";
import * as saving from "./saving.js";
import { attachInput } from "./input.js";
import { LANGUAGES, REGISTRY, TEXT, fill } from "./text.js";
import { registerOffline } from "./offline.js";
import { attachTabs } from "./tabs.js";
import { attachLanguagePickers, takeResume } from "./language.js";
import { readPresets } from "./presets.js";
import { attachHost } from "./host.js";
import { attachCoach, coachAction, coachReady, coachShown } from "./coach.js";

/** @typedef {import("./setup.js").Settings} Settings */

const SAVE_KEY = "mexican-train:match";        // py/mexican_train/ui/storage.py MATCH_KEY

/** @type {Py.MatchView | null} */
let vm = null;            // the last view model of a match (render cache only)
let view = "setup";       // the part of the page the person is on: "setup" or "game" (REGISTRY.screens)
/** @type {{kind: "start", settings: Settings} | {kind: "continue"} | null} */
let queued = null;        // {kind: "start", settings} or {kind: "continue"}, waiting for Python
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
const params = new URLSearchParams(location.search);
const address = readPresets(params, REGISTRY, params.get("test") === "1", LANGUAGES);   // a preset (presets.js)

function hasSaveKey() {
  try { return localStorage.getItem(SAVE_KEY) !== null; } catch (e) { return false; }
}

// ------------------------------------------------------------------ screens
/** @param {string} name */
function showScreen(name) {
  view = name;
  $("setup-screen").hidden = name !== "setup";
  $("game-screen").hidden = name !== "game";
  $("replay-screen").hidden = name !== "replay";   // coach.js
  document.documentElement.dataset.view = name;
  if (name === "setup") {
    scheduleCpu();   // none while the setup screen is up
    for (const id of ["pause-dialog", "round-dialog", "match-dialog", "menu-dialog", "unreadable-dialog"]) {
      render.closeDialog($(id, HTMLDialogElement));
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
// events as {type, at, py, render}: when it was sent, ms in the bridge (Python and JSON both ways)
// and ms drawing the screen (0 when Python answered that nothing changed). With
// window.mtPerf.layout = true the draw time includes style and layout.
/** @type {NonNullable<Window["mtPerf"]>} */
const perf = window.mtPerf = { steps: [], layout: false };

/** @type {Py.ViewModel | null} */
let drawing = null;   // a view model answered but not drawn yet (send's `later`): nothing else is sent meanwhile

/**
 * Send an event to Python and draw its answer: the view model (the one on screen when nothing changed), or
 * none while Python is not ready or a view model waits to be drawn.
 * @param {Py.Event} event
 * @returns {Py.ViewModel | Py.Fatal | null}
 */
function send(event, later = false) {
  if (!bridge.ready() || drawing) return null;
  const t0 = performance.now();
  const next = bridge.dispatch(event);
  const t1 = performance.now();
  if (later && !next.fatal && !next.same) {
    // The first board of a match is drawn in a task of its own: Python's answer and the whole new screen's
    // style and layout in one task took over 100 ms on a phone (python3 -m bench.phone_speed).
    drawing = next;
    setTimeout(() => {
      drawing = null;
      const t2 = performance.now();
      show(next);
      if (perf.steps.push({ type: event.type, at: t0, py: t1 - t0, render: performance.now() - t2 }) > 2000) perf.steps.shift();
    }, 0);
    return next;
  }
  if (next.same) {                    // Python is still thinking and nothing changed: nothing to draw
    document.documentElement.dataset.thinking = next.thinking || "";
    if (perf.steps.push({ type: event.type, at: t0, py: t1 - t0, render: 0 }) > 2000) perf.steps.shift();
    goOnThinking(next.thinking);
    return vm;
  }
  show(next);
  if (perf.layout) void document.body.offsetHeight;
  if (perf.steps.push({ type: event.type, at: t0, py: t1 - t0, render: performance.now() - t1 }) > 2000) perf.steps.shift();
  return next;
}

/**
 * Whether a view model is drawn on the setup screen: no match (settings refused, an unreadable save).
 * @param {Py.ViewModel} next
 * @returns {next is Py.SetupView}
 */
function onSetupScreen(next) { return REGISTRY.screens[next.screen] === "setup"; }

/** @param {Py.ViewModel | Py.Fatal} next */
function show(next) {
  const html = document.documentElement;
  if (next.fatal) {   // Python no longer answers: say so, and offer a reload (the save is read afresh)
    for (const id of ["game-error", "setup-error", "file-message"]) { $(id).hidden = false; $(id).textContent = next.error; }
    for (const id of ["reload-row", "setup-reload-row"]) $(id).hidden = false;
    return;
  }
  if (onSetupScreen(next)) {   // no match started (bad settings, unreadable save): say why
    setup.showError(next.error || "");
    if (next.error) { $("saved-message").hidden = true; }
    showScreen("setup");
    return;
  }
  const prev = vm;
  vm = next;
  setup.showError("");
  if (view !== REGISTRY.screens[vm.screen]) { showScreen(REGISTRY.screens[vm.screen]); render.resetFocus(); }
  render.renderGame(vm);
  sound.react(prev, vm);
  host.react(prev, vm);
  html.dataset.screen = vm.screen;
  html.dataset.step = vm.step;
  html.dataset.focus = vm.focus;
  html.dataset.blocked = vm.blocked ? "1" : "0";
  html.dataset.thinking = vm.thinking || "";
  $("take-over-row").hidden = !vm.blocked;
  saving.update(vm, render.openDialog, render.closeDialog);
  coachShown(vm);
  if (vm.thinking === "hint") goOnThinking("hint");
  scheduleCpu();
}

// Python works out a CPU's decision or the hint a few ms per call (py/page.py keeps the job); the
// next slice runs as a new task, so that the browser handles input and paints in between.
/** @param {Py.Thinking | undefined} kind */
function goOnThinking(kind) {
  if (kind === "hint" || (kind === "cpu" && cpuMayGo())) scheduler.nextSlice(() => {
    if (view === "game") send({ type: "think" });
  });
}

function cpuMayGo() {
  return !!vm && !vm.blocked && view === "game" && !render.personDialogOpen();
}

// The next CPU step, at the chosen speed. CPU play waits while help, the menu or a question covers
// the board (the player could not follow it; render.onBoardClear resumes it), and while another tab
// plays this match (vm.blocked). html[data-cpu-pending] says whether a CPU step is on its way.
function scheduleCpu() {
  let coming = false;
  if (cpuMayGo() && vm && vm.thinking === "cpu") {
    goOnThinking("cpu");               // a CPU is thinking: its next slice, at once
    coming = true;
  } else if (cpuMayGo()) {
    coming = scheduler.schedule(vm, () => { if (!render.personDialogOpen()) send({ type: "cpu" }); });
  } else {
    scheduler.cancel();
  }
  document.documentElement.dataset.cpuPending = coming ? "1" : "0";
}

// Another tab wrote the save (a storage event): Python stops saving over it and
// says so; without a match in play here, the setup screen's offer is refreshed.
function onSaveChanged() {
  if (!bridge.ready()) { savedOffer = hasSaveKey(); if (view === "setup") updateSavedPanel(); return; }
  if (vm) {
    if (view === "game") { send({ type: "save_changed" }); return; }
    const next = bridge.dispatch({ type: "save_changed" });   // shown on "Back to the match"
    if (next && !next.fatal && !next.same && next.screen !== "setup") vm = next;
    return;
  }
  const info = bridge.boot();
  savedOffer = !!info.saved;
  if (info.saved) savedText = info.saved.text;
  if (!info.saved) otherTabPlaying = false;
  showSaveMessage(info);
  if (view === "setup") updateSavedPanel();
}

// What the setup screen says about the save found: why it cannot be read (with a download when it could
// not be copied aside), and how far behind it is when saves failed before a reload.
/** @param {Py.BootInfo} info */
function showSaveMessage(info) {
  const text = [info.message, info.behind].filter(Boolean).join(" ");
  $("saved-message").hidden = !text;
  $("saved-message").textContent = text;
  $("saved-download-row").hidden = !info.stuck;
}

// ------------------------------------------------------------------ starting and continuing
/** @param {Settings} settings */
function startMatch(settings) {
  if (!bridge.ready()) {
    queued = { kind: "start", settings };
    showWait();
    return;
  }
  render.clearLog();
  const next = send({ type: "new_match", settings }, view === "setup");
  if (next && !next.fatal && next.screen !== "setup") {
    savedOffer = false;
    host.matchStarted(next);
  }
}

function continueSaved() {
  if (!bridge.ready()) { queued = { kind: "continue" }; showWait(); return; }
  render.clearLog();
  const next = send({ type: "continue_saved" });
  savedOffer = false;
  if (next && next.screen === "setup") {
    $("saved-message").hidden = !next.error;
    $("saved-message").textContent = next.error || "";
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

function onPythonReady() {
  document.documentElement.dataset.pyReady = "1";
  $("loading").hidden = true;
  const info = bridge.boot();
  savedOffer = !!info.saved;
  if (info.saved) savedText = info.saved.text;
  showSaveMessage(info);
  if (view === "setup") updateSavedPanel();
  host.emit("ready");
  const q = queued;
  queued = null;
  showWait();
  if (q && q.kind === "start") startMatch(q.settings);
  else if (q && q.kind === "continue") continueSaved();
  else if (address.autostart && !vm && !(info.saved && !info.saved.over)) startMatch(setup.collect());
  tabs.hello();
  coachReady();
  registerOffline();
  performance.mark("mt-ready");   // the game is playable (bench/page_speed.py reads this mark)
  warmUpWhileIdle();
}

// While the first screen waits for a tap, Python plays a few moves of a throwaway match in idle time, a
// slice at a time, so the browser compiles what a match runs before the first Start, not during it
// (py/page.py warm_up_steps). It stops for good once a match is on screen.
function warmUpWhileIdle() {
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 50));
  const step = () => {
    if (vm || view !== "setup" || queued) return;
    if (bridge.warmUp()) idle(step);
  };
  idle(step);
}

// ------------------------------------------------------------------ page actions
const VM_COMMANDS = new Set(["draw", "pass", "stop", "clear", "hint", "next", "reveal", "pause", "resume",
  "next_round", "final_results"]);

/**
 * A page action (data-action), from its control (none for a keyboard shortcut).
 * @param {string} name
 * @param {HTMLElement} [el]
 */
function action(name, el) {
  if (VM_COMMANDS.has(name)) { send({ type: "command", name }); return; }
  if (coachAction(name, el)) return;
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
      exportFile();
      return;
    case "export_confirmed": render.closeDialog($("export-dialog", HTMLDialogElement)); exportFile(); return;
    case "import": $("import-file").click(); return;
    case "download_unreadable": saving.downloadUnreadable(); return;
    case "replace_unreadable":
      render.closeDialog($("unreadable-dialog", HTMLDialogElement));
      send({ type: "replace_unreadable", hash: saving.heldHash() });
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

function exportFile() {
  const text = bridge.exportMatch();
  if (text) saving.download(text, TEXT.exportName);
}

const IMPORT_LIMIT_MB = 4;   // py/mexican_train/boundedjson.py MAX_BYTES: larger files are not read at all

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
  if (file.size > IMPORT_LIMIT_MB * 1024 * 1024) { showFileMessage(fill(TEXT.importTooBig, { limit: IMPORT_LIMIT_MB })); return; }
  const reader = new FileReader();
  reader.onload = () => {
    if (!bridge.ready()) return;
    const next = bridge.dispatch({ type: "import", text: String(reader.result) });
    if (next.same) return;   // an answer of Python's thinking only: never to an import
    if (!next.fatal && next.error) { showFileMessage(next.error); return; }   // refused: the match in play goes on
    showFileMessage("");
    render.clearLog();
    scheduler.cancel();
    show(next);
    if (!next.fatal && next.screen !== "setup") savedOffer = false;
  };
  reader.onerror = () => showFileMessage(TEXT.importRead);
  reader.readAsText(file);
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
  }, (seat) => ((address.values.players || [])[seat] || /** @type {import("./presets.js").SeatChoice} */ ({})).name);
}

function autostart() {
  if (address.autostart && !hasSaveKey()) startMatch(setup.collect());
}

// ------------------------------------------------------------------ wiring
function init() {
  attachAddress();
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

  tabs = attachTabs({
    saveKey: SAVE_KEY,
    onSaveChanged,
    inPlay: () => !!vm && !vm.blocked && vm.screen !== "match_end",
    onOtherTabPlaying: () => { otherTabPlaying = true; if (view === "setup") updateSavedPanel(); },
  });

  attachCoach({
    send,
    show,
    settings: () => setup.collect(),
    startShown: (next) => { render.clearLog(); scheduler.cancel(); show(next); },
    setVm: (next) => { vm = next; render.clearLog(); scheduler.cancel(); },
    getVm: () => vm,
    showScreen,
    view: () => view,
  });

  // a match on screen is continued on the new page; a switch made on the setup screen stays there
  attachLanguagePickers(() => !!vm && vm.screen !== "match_end" && view === "game");
  if (takeResume() && savedOffer) continueSaved();   // a language change in the middle of a match: carry on
  else autostart();

  window.mtBoot.onProgress = () => { if (queued) showWait(); };
  window.mtBoot.whenReady(onPythonReady);
}

init();
