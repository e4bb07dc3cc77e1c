// The replay screen, drawn from the replay's view model (py/mexican_train/ui/replay.py, through
// ui/coach.py). It keeps no game state: the step on screen is vm.index, and every step asks Python.
// Hands show their tiles only when Python sends them (a round over in the file); otherwise counts.
import { $, find } from "./dom.js";
import { tileSvg } from "./tiles.js";

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

/** @param {Py.Pair[] | number[][]} list */
function tiles(list) {
  const box = h("span", "mini-tiles");
  box.setAttribute("aria-hidden", "true");
  for (const [a, b] of list) {
    const span = h("span", "mtile");
    span.appendChild(tileSvg(a, b, false));
    box.appendChild(span);
  }
  return box;
}

/**
 * @param {HTMLSelectElement} select
 * @param {{value: number, label: string}[]} options
 * @param {number | string} chosen
 */
function fillSelect(select, options, chosen) {
  const sig = options.map((o) => o.value + ":" + o.label).join("|");
  if (select.dataset.sig !== sig) {
    select.dataset.sig = sig;
    select.replaceChildren(...options.map((o) => {
      const opt = h("option", null, o.label);
      opt.value = String(o.value);
      return opt;
    }));
  }
  select.value = String(chosen);
}

/**
 * Draw one step of the replay.
 * @param {Py.ReplayView} vm
 */
export function renderReplay(vm) {
  $("replay-where").textContent = vm.where;
  $("replay-engine").textContent = vm.engine_text;
  $("replay-boneyard").textContent = vm.boneyard_text;
  const said = $("replay-said");
  said.replaceChildren(...vm.said.map((line) => h("p", null, line)));

  /** @type {[string, boolean][]} */
  const ends = [["replay_first", vm.index === 0], ["replay_prev", vm.index === 0],
    ["replay_next", vm.index === vm.last], ["replay_last", vm.index === vm.last]];
  for (const [name, off] of ends) {
    // aria-disabled, not disabled: a button pressed to its end keeps the focus
    const btn = find(`#replay-screen [data-action="${name}"]`);
    if (off) btn.setAttribute("aria-disabled", "true"); else btn.removeAttribute("aria-disabled");
  }
  fillSelect($("replay-round", HTMLSelectElement), vm.round_starts.map((start, n) => ({ value: start, label: vm.round_labels[n] })),
    vm.round_starts[vm.round]);
  $("replay-item-field").hidden = !vm.items.length;
  const current = vm.items.find((i) => i.index === vm.index);
  fillSelect($("replay-item", HTMLSelectElement), vm.items.map((i) => ({ value: i.index, label: i.label })),
    current ? current.index : (vm.items[0] ? vm.items[0].index : ""));

  $("replay-trains").replaceChildren(...vm.trains.map((t) => {
    const li = h("li", "replay-train st-" + t.state);
    const head = h("p", "thead");
    const player = t.owner === null ? null : vm.players[t.owner];
    head.append(h("strong", "ttitle", t.title), " ", h("span", "tstate", t.state_text));
    if (player) head.append(" ", h("span", "tmeta", [player.face_down, player.total_text].join(" · ")));
    const line = h("p", "tline");
    line.append(tiles(t.tiles.slice(-8)), h("span", "sr", t.label), h("span", "needs", t.needs));
    li.append(head, line);
    return li;
  }));

  $("replay-hands").replaceChildren(...vm.hands.map((row) => {
    const li = h("li", "replay-hand");
    li.append(h("strong", null, row.name), " ", h("span", null, row.count_text), " ");
    if (row.tiles) {
      const pairs = row.tiles.map((id) => id.split("-").map(Number));
      li.append(tiles(pairs), h("span", "tiles-text", row.tiles.join(", ")));
    } else {
      li.append(h("span", "hidden-note", vm.hidden_text));
    }
    return li;
  }));
}
