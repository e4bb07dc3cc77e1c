// The daily deal (py/mexican_train/ui/parts/daily_deal.py; its markup is page/parts/daily.html): its screen,
// playing it on the game screen (Python's second match, saved under its own key), and sharing the result.
import { $, find, h, setHidden } from "../dom.js";
import { openDialog, closeDialog } from "../render.js";

/** @type {Py.PartHooks} */
let hooks;
let dailyActive = false;       // the game screen shows the daily deal (Python's daily match is active)

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

/** @param {Py.Reply} answer */
export function render(answer) {
  if (answer.part !== "daily") return;
  const d = answer.view;
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
  if (!$("daily-dialog", HTMLDialogElement).open) openDialog($("daily-dialog", HTMLDialogElement));
}

/** @param {boolean} again */
async function play(again) {
  const speed = hooks.settings().cpu_speed;
  const answer = await hooks.call({ type: again ? "daily_again" : "daily_play",
    ...(typeof speed === "string" ? { cpu_speed: speed } : {}) });
  if (!answer || answer.part !== "game") { if (answer) hooks.show(answer); return; }
  for (const id of ["daily-dialog", "match-dialog"]) if ($(id, HTMLDialogElement).open) closeDialog($(id, HTMLDialogElement));
  dailyActive = true;
  document.documentElement.dataset.daily = "1";
  hooks.startShown(answer.view);
}

/** Back to the match in play (or none) from the daily deal: Python's match is active again. */
async function leave() {
  if (!dailyActive) return;
  dailyActive = false;
  document.documentElement.dataset.daily = "";
  const answer = await hooks.call({ type: "daily_leave" });
  hooks.setVm(answer && answer.part === "game" && answer.view.screen !== "setup" ? answer.view : null);
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

/** @type {Py.PartModule["actions"]} */
export const actions = {
  daily: () => { hooks.send({ type: "daily" }); return true; },
  daily_play: () => { play(false); return true; },
  daily_again: () => { play(true); return true; },
  daily_share: (el) => { if (el) share(el); return true; },
  // the daily deal's "Play again": another attempt at today's deal (practice)
  new_match: () => { if (!dailyActive) return false; play(true); return true; },
  // the settings and the saved match are the match's, never the daily deal's
  setup: async () => { await leave(); return false; },
  start: async () => { await leave(); return false; },
  continue_saved: async () => { await leave(); return false; },
};

/** After every view model of the game: the daily deal's end (the text to share, or that it was practice). @param {Py.GameView} vm */
export function shown(vm) {
  const end = vm.daily_end;
  setHidden($("match-daily"), !end);   // every view model: written only when it changes
  if (!end) return;
  find('[data-action="new_match"]', HTMLElement, $("match-dialog")).textContent = end.again;
  $("match-daily-practice").hidden = !end.practice;
  $("match-daily-practice").textContent = end.practice || "";
  showShare($("match-daily-share"), end.share, end.notes);
}

/** @param {Py.PartHooks} app */
export function attach(app) { hooks = app; }
