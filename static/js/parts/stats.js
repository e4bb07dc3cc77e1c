// The statistics screen (py/mexican_train/ui/parts/statistics.py; its markup is page/parts/stats.html):
// Python counts, words and keeps the record; this draws it and carries the person's file in and out.
import { $, h, onFileText } from "../dom.js";
import { TEXT } from "../text.js";
import { openDialog, closeDialog } from "../render.js";
import { drawChart } from "../chart.js";
import { askKeep, keepQuietly, showKeep } from "../keep.js";

/** @type {Py.PartHooks} */
let hooks;

/** @param {Py.Reply} answer */
export function render(answer) {
  if (answer.part !== "stats") return;
  const s = answer.view;
  const message = [s.message, answer.error].filter(Boolean).join(" ");
  $("stats-message").hidden = !message;
  $("stats-message").textContent = message;
  // the answer to an import or a reset is seen where the button was pressed: the dialog scrolls to it
  if (message && $("stats-dialog", HTMLDialogElement).open) $("stats-message").scrollIntoView({ block: "nearest" });
  $("stats-empty").hidden = !s.empty;
  $("stats-empty").textContent = s.empty || "";
  $("stats-rows").replaceChildren(...s.rows.map((r) => {
    const div = h("div", "stat");
    div.append(h("dt", null, r.label), h("dd", null, r.value));
    return div;
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
  if (!$("stats-dialog", HTMLDialogElement).open) {
    showKeep();
    openDialog($("stats-dialog", HTMLDialogElement));
  }
}

/** A refusal the page says itself (a file that is not text), in view. @param {string} message */
function showMessage(message) {
  $("stats-message").hidden = false;
  $("stats-message").textContent = message;
  $("stats-message").scrollIntoView({ block: "nearest" });
}

/** @type {Py.PartModule["actions"]} */
export const actions = {
  stats: () => { hooks.send({ type: "stats" }); return true; },
  stats_export: () => { hooks.send({ type: "stats_export" }); return true; },
  stats_import: () => { $("stats-file").click(); return true; },
  stats_keep: () => { askKeep(); return true; },
  stats_reset: () => { openDialog($("stats-reset-dialog", HTMLDialogElement)); return true; },
  stats_reset_confirmed: () => {
    closeDialog($("stats-reset-dialog", HTMLDialogElement));
    hooks.send({ type: "stats_reset" });
    return true;
  },
};

/** Python is ready: ask for lasting storage where no prompt can come of it (keep.js). */
export function ready() { keepQuietly(); }

/** @param {Py.PartHooks} app */
export function attach(app) {
  hooks = app;
  onFileText("stats-file", (text) => hooks.send({ type: "stats_import", text }), () => showMessage(TEXT.importNotText));
}
