// The reasons to come back: the daily deal, lifetime statistics, the replay and the review (issue 16).
// Python decides and words everything (py/mexican_train/ui/coach.py, through bridge.coach); this module
// opens the dialogs, draws what comes back and runs the review a slice at a time. app.js hands it a few
// hooks (``attachCoach``) and asks it first about every data-action (``coachAction``).
import * as bridge from "./bridge.js";
import { $, find } from "./dom.js";
import { openDialog, closeDialog, topDialog } from "./render.js";
import { renderReplay } from "./replay.js";
import { drawChart } from "./chart.js";
import { download } from "./saving.js";
import { askKeep, keepQuietly, showKeep } from "./keep.js";

/** @type {CoachHooks} */
let hooks;                     // app.js's, from attachCoach (before anything here runs)
let dailyActive = false;       // the game screen shows the daily deal (Python's daily App is active)
/** @type {Py.ReplayView | null} */
let replayVm = null;           // the replay step on screen
/** @type {{screen: string, review?: boolean} | null} */
let replayFrom = null;         // where Back goes: {screen: "setup"} or {screen: "game", review: true|false}
/** @type {string | null} */
let reviewScope = null;        // the review dialog's scope while it is open or running

// The review's next slice runs as a new task (a channel of its own: the CPU's thinking has the scheduler's).
const channel = new MessageChannel();
channel.port1.onmessage = () => { if ($("review-dialog", HTMLDialogElement).open) reviewNext(); };

/**
 * A new element: its class and text, when given.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [cls]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/**
 * Ask Python's coach. When Python stopped answering, the page says so with its reload (app.js's show), and
 * what comes back holds only the error.
 * @param {Py.Event} event
 * @returns {Py.CoachReply}
 */
function ask(event) {
  const answer = bridge.coach(event);
  if (answer && answer.fatal) { hooks.show(answer); return { error: answer.error }; }
  return answer || {};
}

// ------------------------------------------------------------------ statistics
/** @param {Py.CoachReply} answer */
function showStats(answer) {
  const s = answer.stats;
  if (!s) return;
  const message = [s.message, answer.error].filter(Boolean).join(" ");
  $("stats-message").hidden = !message;
  $("stats-message").textContent = message;
  $("stats-empty").hidden = !s.empty;
  $("stats-empty").textContent = s.empty || "";
  $("stats-rows").replaceChildren(...s.rows.flatMap((r) => {
    const div = h("div", "stat");
    div.append(h("dt", null, r.label), h("dd", null, r.value));
    return [div];
  }));
  $("stats-groups").replaceChildren(...s.groups.map((g) => {
    const table = h("table", "scores stats-group");
    table.append(h("caption", null, g.title));
    const body = h("tbody");
    for (const r of g.rows) {
      const tr = h("tr");
      const th = h("th", null, r.label);
      th.scope = "row";
      tr.append(th, h("td", null, r.value));
      body.append(tr);
    }
    table.append(body);
    return table;
  }));
  $("stats-figure").hidden = !s.chart;
  if (s.chart) drawChart($("stats-chart"), $("stats-chart-caption"), $("stats-chart-text"), s.chart);
  else for (const id of ["stats-chart", "stats-chart-text"]) $(id).replaceChildren();
}

function openStats() {
  showStats(ask({ type: "stats" }));
  showKeep();
  openDialog($("stats-dialog", HTMLDialogElement));
}

/** @param {File} file */
function importStats(file) {
  const reader = new FileReader();
  reader.onload = () => showStats(ask({ type: "stats_import", text: String(reader.result) }));
  reader.readAsText(file);
}

// ------------------------------------------------------------------ daily deal
/**
 * @param {HTMLElement} box
 * @param {string | null} text
 * @param {Py.ShareNotes} notes
 */
function showShare(box, text, notes) {
  box.hidden = !text;
  find("[data-share-text]", HTMLElement, box).textContent = text || "";
  find("[data-share-note]", HTMLElement, box).textContent = "";
  box.dataset.notes = JSON.stringify(notes || {});
}

/** @param {Py.Daily} d */
function showDaily(d) {
  $("daily-title").textContent = d.title;
  $("daily-about").textContent = d.about;
  $("daily-status").textContent = d.status;
  const play = $("daily-play");
  play.dataset.action = d.play.action;
  play.textContent = d.play.label;
  showShare($("daily-share"), d.share, d.notes);
  $("daily-streak").textContent = d.streak + " · " + d.longest;
  $("daily-calendar-title").textContent = d.calendar.title;
  $("daily-weekdays").replaceChildren(...d.calendar.weekdays.map((w) => {
    const th = h("th", null, w);
    th.scope = "col";
    return th;
  }));
  $("daily-weeks").replaceChildren(...d.calendar.weeks.map((week) => {
    const tr = h("tr");
    for (const day of week) {
      const td = h("td", [day.played ? "played" : "", day.today ? "today" : "", day.future ? "future" : ""].join(" ").trim());
      td.append(h("span", null, String(day.day)), h("span", "mark", day.played ? "✓" : ""));
      td.setAttribute("aria-label", day.label);
      td.title = day.label;
      tr.append(td);
    }
    return tr;
  }));
}

function openDaily() {
  const answer = ask({ type: "daily" });
  if (!answer.daily) return;
  showDaily(answer.daily);
  openDialog($("daily-dialog", HTMLDialogElement));
}

/** @param {boolean} again */
function playDaily(again) {
  const answer = ask({ type: again ? "daily_again" : "daily_play", cpu_speed: hooks.settings().cpu_speed });
  if (!answer.vm) return;
  for (const id of ["daily-dialog", "match-dialog"]) if ($(id, HTMLDialogElement).open) closeDialog($(id, HTMLDialogElement));
  dailyActive = true;
  document.documentElement.dataset.daily = "1";
  hooks.startShown(answer.vm);
}

/** Back to the match in play (or none) from the daily deal: Python's match App is active again. */
function leaveDaily() {
  if (!dailyActive) return;
  dailyActive = false;
  document.documentElement.dataset.daily = "";
  const answer = ask({ type: "daily_leave" });
  hooks.setVm(answer.vm && !answer.vm.fatal && answer.vm.screen !== "setup" ? answer.vm : null);
}

/** @param {Element} button */
async function share(button) {
  const box = /** @type {HTMLElement} */ (button.closest(".share"));
  const text = find("[data-share-text]", HTMLElement, box).textContent;
  const note = find("[data-share-note]", HTMLElement, box);
  /** @type {Partial<Py.ShareNotes>} */
  const notes = JSON.parse(box.dataset.notes || "{}");
  if (navigator.share) {
    try { await navigator.share({ text }); note.textContent = notes.shared || ""; return; } catch (e) {
      const err = /** @type {{name?: string} | null} */ (e);
      if (err && err.name === "AbortError") return;       // the person closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = notes.copied || "";
  } catch (e) {
    note.textContent = notes.select || "";
    const range = document.createRange();
    range.selectNodeContents(find("[data-share-text]", HTMLElement, box));
    const sel = window.getSelection();
    if (sel) {
      sel.removeAllRanges();
      sel.addRange(range);
    }
  }
}

// ------------------------------------------------------------------ review
function reviewNext() {
  const answer = ask({ type: "review_think" });
  showReview(answer);
}

/** @param {Py.CoachReply} answer */
function showReview(answer) {
  const r = answer.review;
  if (!r) {
    $("review-summary").textContent = answer.error || "";
    $("review-running").hidden = true;
    return;
  }
  $("review-title").textContent = r.title;
  $("review-running").hidden = !r.running;
  document.documentElement.dataset.review = r.running ? "running" : "done";
  if (r.running) {
    $("review-progress", HTMLProgressElement).max = Math.max(1, r.total);
    $("review-progress", HTMLProgressElement).value = r.done;
    $("review-progress-text").textContent = r.text;
    $("review-summary").textContent = "";
    $("review-items").replaceChildren();
    // the next slice as a new task: the page answers input and paints in between
    if ($("review-dialog", HTMLDialogElement).open) channel.port2.postMessage(0);
    return;
  }
  $("review-summary").textContent = r.summary;
  $("review-items").replaceChildren(...r.items.map((item) => {
    const li = h("li", "review-item");
    li.append(h("h3", null, item.where), h("p", "played", item.played), h("p", "better", item.better),
      h("p", "cost", item.cost), h("p", "reason", item.reason));
    const jump = h("button", "btn", r.jump);
    jump.type = "button";
    jump.dataset.action = "review_jump";
    jump.dataset.round = String(item.round);
    jump.dataset.index = String(item.action);
    li.append(jump);
    return li;
  }));
}

/** @param {string} scope */
function openReview(scope) {
  reviewScope = scope;
  $("review-items").replaceChildren();
  $("review-summary").textContent = "";
  openDialog($("review-dialog", HTMLDialogElement));
  showReview(ask({ type: "review", scope }));
}

// ------------------------------------------------------------------ replay
/**
 * The replay at the step answered (true), or its dialog saying why there is none (false).
 * @param {Py.CoachReply} answer
 * @param {string} [focus]  a selector: the control to focus
 */
function showReplay(answer, focus) {
  if (!answer.replay) {
    $("replay-message").hidden = !answer.error;
    $("replay-message").textContent = answer.error || "";
    if (!$("replay-dialog", HTMLDialogElement).open) openDialog($("replay-dialog", HTMLDialogElement));
    return false;
  }
  replayVm = answer.replay;
  if (hooks.view() !== "replay") {
    for (const id of ["replay-dialog", "review-dialog", "round-dialog", "match-dialog", "pause-dialog"]) {
      if ($(id, HTMLDialogElement).open) closeDialog($(id, HTMLDialogElement));
    }
    hooks.showScreen("replay");
  }
  renderReplay(replayVm);
  document.documentElement.dataset.replayIndex = String(replayVm.index);
  if (focus) {
    const target = /** @type {HTMLElement | null} */ (document.querySelector(focus));
    if (target) target.focus();
  }
  return true;
}

/**
 * @param {string} source
 * @param {string} text
 * @param {{screen: string, review?: boolean}} from
 */
function openReplay(source, text, from) {
  replayFrom = from;
  const answer = ask({ type: "replay_open", source, text: text || "" });
  if (showReplay(answer, '#replay-screen [data-action="replay_next"]')) {
    $("replay-title").scrollIntoView({ block: "start" });
  }
}

/** @param {number} index */
function replayGo(index) {
  if (!replayVm) return;
  const last = replayVm.last;
  showReplay(ask({ type: "replay_go", index: Math.max(0, Math.min(last, index)) }));
}

function replayBack() {
  const from = replayFrom || { screen: "setup" };
  replayVm = null;
  if (from.screen === "game" && hooks.getVm()) {
    hooks.showScreen("game");
    hooks.send({ type: "refresh" });
    if (from.review) openReview(reviewScope || "match");
  } else {
    hooks.showScreen("setup");
    const btn = /** @type {HTMLElement | null} */ (document.querySelector('#more [data-action="replay"]'));
    if (btn) btn.focus();
  }
}

/** @param {KeyboardEvent} e */
function replayKey(e) {
  if (hooks.view() !== "replay" || topDialog() || e.altKey || e.ctrlKey || e.metaKey || !replayVm) return;
  const t = /** @type {Element | null} */ (e.target);
  if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
  const round = replayVm.round;
  const starts = replayVm.round_starts;
  /** @type {Record<string, number>} */
  const moves = {
    ArrowRight: replayVm.index + 1, ArrowDown: replayVm.index + 1,
    ArrowLeft: replayVm.index - 1, ArrowUp: replayVm.index - 1,
    Home: 0, End: replayVm.last,
    PageDown: round + 1 < starts.length ? starts[round + 1] : replayVm.last,
    PageUp: replayVm.index > starts[round] ? starts[round] : starts[Math.max(0, round - 1)],
  };
  if (!Object.hasOwn(moves, e.key)) return;
  e.preventDefault();
  replayGo(moves[e.key]);
}

// ------------------------------------------------------------------ page actions
/**
 * A data-action of the coach's controls: true when handled here (app.js asks first).
 * @param {string} name
 * @param {HTMLElement} [el]  the control (none for a keyboard shortcut)
 */
export function coachAction(name, el) {
  switch (name) {
    case "stats": openStats(); return true;
    case "stats_export": {
      const answer = ask({ type: "stats_export" });
      if (answer.text) download(answer.text, answer.name || "");
      return true;
    }
    case "stats_import": $("stats-file").click(); return true;
    case "stats_keep": askKeep(); return true;
    case "stats_reset": openDialog($("stats-reset-dialog", HTMLDialogElement)); return true;
    case "stats_reset_confirmed":
      closeDialog($("stats-reset-dialog", HTMLDialogElement));
      showStats(ask({ type: "stats_reset" }));
      return true;
    case "daily": openDaily(); return true;
    case "daily_play": playDaily(false); return true;
    case "daily_again": playDaily(true); return true;
    case "daily_share": if (el) share(el); return true;
    case "new_match":        // the daily deal's "Play again": another attempt at today's deal (practice)
      if (dailyActive) { playDaily(true); return true; }
      return false;
    case "setup": case "start": case "continue_saved":
      leaveDaily();          // the settings and the saved match are the match's, never the daily deal's
      return false;
    case "review": openReview(el && el.dataset.scope === "round" ? "round" : "match"); return true;
    case "review_jump": {
      if (!el) return true;
      const event = { type: "replay_item", round: Number(el.dataset.round), action: Number(el.dataset.index) };
      replayFrom = { screen: "game", review: true };
      const opened = ask({ type: "replay_open", source: "current" });
      if (!opened.replay) { showReplay(opened); return true; }
      showReplay(ask(event), '#replay-screen [data-action="replay_next"]');
      return true;
    }
    case "replay": $("replay-message").hidden = true; openDialog($("replay-dialog", HTMLDialogElement)); return true;
    case "replay_saved": openReplay("saved", "", { screen: "setup" }); return true;
    case "replay_daily": openReplay("daily", "", { screen: "setup" }); return true;
    case "replay_file": $("replay-file").click(); return true;
    case "replay_first": replayGo(0); return true;
    case "replay_prev": if (replayVm) replayGo(replayVm.index - 1); return true;
    case "replay_next": if (replayVm) replayGo(replayVm.index + 1); return true;
    case "replay_last": if (replayVm) replayGo(replayVm.last); return true;
    case "replay_back": replayBack(); return true;
    default: return false;
  }
}

/**
 * After every view model of the game: the daily deal's end (share text, or that it was practice).
 * @param {Py.MatchView} vm
 */
export function coachShown(vm) {
  const end = vm && vm.daily_end;
  $("match-daily").hidden = !end;
  if (!end) return;
  // "Play again" is another attempt at today's deal: practice
  find('[data-action="new_match"]', HTMLElement, $("match-dialog")).textContent = end.again;
  $("match-daily-practice").hidden = !end.practice;
  $("match-daily-practice").textContent = end.practice || "";
  showShare($("match-daily-share"), end.share, end.notes);
}

/** Python is ready: the first screen's buttons work. */
export function coachReady() {
  for (const btn of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#more [data-action]"))) btn.disabled = false;
  keepQuietly();
}

/**
 * What app.js hands the coach.
 * @typedef {object} CoachHooks
 * @property {(event: Py.Event) => unknown} send  an event for the match's Python (the bridge's dispatch, drawn)
 * @property {(answer: Py.Fatal) => void} show  say that Python stopped answering, with the reload
 * @property {() => import("./setup.js").Settings} settings  the setup form's settings
 * @property {(vm: Py.ViewModel) => void} startShown  show a new match's view model on the game screen
 * @property {(vm: Py.MatchView | null) => void} setVm  the match in play (none)
 * @property {() => Py.MatchView | null} getVm
 * @property {(name: string) => void} showScreen
 * @property {() => string} view  the part of the page on screen
 */

/** @param {CoachHooks} app */
export function attachCoach(app) {
  hooks = app;
  $("stats-file").addEventListener("change", (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files && input.files[0];
    if (file) importStats(file);
    input.value = "";
  });
  $("replay-file").addEventListener("change", (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => openReplay("file", String(reader.result), { screen: "setup" });
    reader.readAsText(file);
  });
  $("replay-round").addEventListener("change", (e) => replayGo(Number(/** @type {HTMLSelectElement} */ (e.target).value)));
  $("replay-item").addEventListener("change", (e) => replayGo(Number(/** @type {HTMLSelectElement} */ (e.target).value)));
  document.addEventListener("keydown", replayKey);
  $("review-dialog").addEventListener("close", () => { document.documentElement.dataset.review = ""; });
}
