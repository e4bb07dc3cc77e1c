// The reasons to come back: the daily deal, lifetime statistics, the replay and the review (issue 16).
// Python decides and words everything (py/mexican_train/ui/coach.py, through bridge.coach); this module
// opens the dialogs, draws what comes back and runs the review a slice at a time. app.js hands it a few
// hooks (``attachCoach``) and asks it first about every data-action (``coachAction``).
import * as bridge from "./bridge.js";
import { openDialog, closeDialog, topDialog } from "./render.js";
import { renderReplay } from "./replay.js";
import { drawChart } from "./chart.js";
import { download } from "./saving.js";
import { askKeep, keepQuietly, showKeep } from "./keep.js";

const $ = (id) => document.getElementById(id);
let hooks = null;
let dailyActive = false;       // the game screen shows the daily deal (Python's daily App is active)
let replayVm = null;           // the replay step on screen
let replayFrom = null;         // where Back goes: {screen: "setup"} or {screen: "game", review: true|false}
let reviewScope = null;        // the review dialog's scope while it is open or running

// The review's next slice runs as a new task (a channel of its own: the CPU's thinking has the scheduler's).
const channel = new MessageChannel();
channel.port1.onmessage = () => { if ($("review-dialog").open) reviewNext(); };

function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function ask(event) {
  const answer = bridge.coach(event);
  if (answer && answer.fatal) hooks.show(answer);
  return answer || {};
}

// ------------------------------------------------------------------ statistics
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
  openDialog($("stats-dialog"));
}

function importStats(file) {
  const reader = new FileReader();
  reader.onload = () => showStats(ask({ type: "stats_import", text: String(reader.result) }));
  reader.readAsText(file);
}

// ------------------------------------------------------------------ daily deal
function showShare(box, text, notes) {
  box.hidden = !text;
  box.querySelector("[data-share-text]").textContent = text || "";
  box.querySelector("[data-share-note]").textContent = "";
  box.dataset.notes = JSON.stringify(notes || {});
}

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
  openDialog($("daily-dialog"));
}

function playDaily(again) {
  const answer = ask({ type: again ? "daily_again" : "daily_play", cpu_speed: hooks.settings().cpu_speed });
  if (!answer.vm) return;
  for (const id of ["daily-dialog", "match-dialog"]) if ($(id).open) closeDialog($(id));
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

async function share(button) {
  const box = button.closest(".share");
  const text = box.querySelector("[data-share-text]").textContent;
  const note = box.querySelector("[data-share-note]");
  const notes = JSON.parse(box.dataset.notes || "{}");
  if (navigator.share) {
    try { await navigator.share({ text }); note.textContent = notes.shared || ""; return; } catch (e) {
      if (e && e.name === "AbortError") return;       // the person closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = notes.copied || "";
  } catch (e) {
    note.textContent = notes.select || "";
    const range = document.createRange();
    range.selectNodeContents(box.querySelector("[data-share-text]"));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }
}

// ------------------------------------------------------------------ review
function reviewNext() {
  const answer = ask({ type: "review_think" });
  showReview(answer);
}

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
    $("review-progress").max = Math.max(1, r.total);
    $("review-progress").value = r.done;
    $("review-progress-text").textContent = r.text;
    $("review-summary").textContent = "";
    $("review-items").replaceChildren();
    // the next slice as a new task: the page answers input and paints in between
    if ($("review-dialog").open) channel.port2.postMessage(0);
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
    jump.dataset.round = item.round;
    jump.dataset.index = item.action;
    li.append(jump);
    return li;
  }));
}

function openReview(scope) {
  reviewScope = scope;
  $("review-items").replaceChildren();
  $("review-summary").textContent = "";
  openDialog($("review-dialog"));
  showReview(ask({ type: "review", scope }));
}

// ------------------------------------------------------------------ replay
function showReplay(answer, focus) {
  if (!answer.replay) {
    $("replay-message").hidden = !answer.error;
    $("replay-message").textContent = answer.error || "";
    if (!$("replay-dialog").open) openDialog($("replay-dialog"));
    return false;
  }
  replayVm = answer.replay;
  if (hooks.view() !== "replay") {
    for (const id of ["replay-dialog", "review-dialog", "round-dialog", "match-dialog", "pause-dialog"]) {
      if ($(id).open) closeDialog($(id));
    }
    hooks.showScreen("replay");
  }
  renderReplay(replayVm);
  document.documentElement.dataset.replayIndex = String(replayVm.index);
  if (focus) {
    const target = document.querySelector(focus);
    if (target) target.focus();
  }
  return true;
}

function openReplay(source, text, from) {
  replayFrom = from;
  const answer = ask({ type: "replay_open", source, text: text || "" });
  if (showReplay(answer, '#replay-screen [data-action="replay_next"]')) {
    document.getElementById("replay-title").scrollIntoView({ block: "start" });
  }
}

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
    const btn = document.querySelector('#more [data-action="replay"]');
    if (btn) btn.focus();
  }
}

function replayKey(e) {
  if (hooks.view() !== "replay" || topDialog() || e.altKey || e.ctrlKey || e.metaKey || !replayVm) return;
  const t = e.target;
  if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
  const round = replayVm.round;
  const starts = replayVm.round_starts;
  const moves = {
    ArrowRight: replayVm.index + 1, ArrowDown: replayVm.index + 1,
    ArrowLeft: replayVm.index - 1, ArrowUp: replayVm.index - 1,
    Home: 0, End: replayVm.last,
    PageDown: round + 1 < starts.length ? starts[round + 1] : replayVm.last,
    PageUp: replayVm.index > starts[round] ? starts[round] : starts[Math.max(0, round - 1)],
  };
  if (!(e.key in moves)) return;
  e.preventDefault();
  replayGo(moves[e.key]);
}

// ------------------------------------------------------------------ page actions
/** A data-action of the coach's controls: true when handled here (app.js asks first). */
export function coachAction(name, el) {
  switch (name) {
    case "stats": openStats(); return true;
    case "stats_export": {
      const answer = ask({ type: "stats_export" });
      if (answer.text) download(answer.text, answer.name);
      return true;
    }
    case "stats_import": $("stats-file").click(); return true;
    case "stats_keep": askKeep(); return true;
    case "stats_reset": openDialog($("stats-reset-dialog")); return true;
    case "stats_reset_confirmed":
      closeDialog($("stats-reset-dialog"));
      showStats(ask({ type: "stats_reset" }));
      return true;
    case "daily": openDaily(); return true;
    case "daily_play": playDaily(false); return true;
    case "daily_again": playDaily(true); return true;
    case "daily_share": share(el); return true;
    case "new_match":        // the daily deal's "Play again": another attempt at today's deal (practice)
      if (dailyActive) { playDaily(true); return true; }
      return false;
    case "setup": case "start": case "continue_saved":
      leaveDaily();          // the settings and the saved match are the match's, never the daily deal's
      return false;
    case "review": openReview(el && el.dataset.scope === "round" ? "round" : "match"); return true;
    case "review_jump": {
      const event = { type: "replay_item", round: Number(el.dataset.round), action: Number(el.dataset.index) };
      replayFrom = { screen: "game", review: true };
      const opened = ask({ type: "replay_open", source: "current" });
      if (!opened.replay) { showReplay(opened); return true; }
      showReplay(ask(event), '#replay-screen [data-action="replay_next"]');
      return true;
    }
    case "replay": $("replay-message").hidden = true; openDialog($("replay-dialog")); return true;
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

/** After every view model of the game: the daily deal's end (share text, or that it was practice). */
export function coachShown(vm) {
  const end = vm && vm.daily_end;
  $("match-daily").hidden = !end;
  if (!end) return;
  // "Play again" is another attempt at today's deal: practice
  $("match-dialog").querySelector('[data-action="new_match"]').textContent = end.again;
  $("match-daily-practice").hidden = !end.practice;
  $("match-daily-practice").textContent = end.practice || "";
  showShare($("match-daily-share"), end.share, end.notes);
}

/** Python is ready: the first screen's buttons work. */
export function coachReady() {
  for (const btn of document.querySelectorAll("#more [data-action]")) btn.disabled = false;
  keepQuietly();
}

/**
 * ``app`` gives: send(event), settings() (the setup form's), startShown(vm) (show a new match's view model on the game screen),
 * setVm(vm | null), getVm(), showScreen(name), view().
 */
export function attachCoach(app) {
  hooks = app;
  $("stats-file").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) importStats(file);
    e.target.value = "";
  });
  $("replay-file").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    e.target.value = "";
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => openReplay("file", String(reader.result), { screen: "setup" });
    reader.readAsText(file);
  });
  $("replay-round").addEventListener("change", (e) => replayGo(Number(e.target.value)));
  $("replay-item").addEventListener("change", (e) => replayGo(Number(e.target.value)));
  document.addEventListener("keydown", replayKey);
  $("review-dialog").addEventListener("close", () => { document.documentElement.dataset.review = ""; });
}
