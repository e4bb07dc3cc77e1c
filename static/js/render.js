// Builds and updates the game screen from a view model (vm). Keeps no game
// state: only what it needs to update the DOM without losing focus (elements
// keyed by tile and train) and which long trains the person expanded.
// All text from the vm goes in with textContent, never as markup.
import { $, afterPaint, find, h, setHidden } from "./dom.js";
import { tileSvg } from "./tiles.js";
import { REGISTRY, TEXT, fill, plural } from "./text.js";
import { drawChart } from "./chart.js";

/** @type {Set<string>} */
const expanded = new Set();          // train ids the person expanded ("N earlier tiles")
/** @type {number | null} */
let expandedRound = null;
/** @type {string | null} */
let lastFocusKey = null;
/** @type {string | null} */
let lastSelected = null;
/** @type {(() => void) | null} */
let pendingFocus = null;             // a focus move waiting for a person's dialog to close
let freshScreen = true;              // the game screen has just been shown: nothing on it is laid out yet
let focusWaits = false;              // its first focus move waits for the first frame
/** @type {Py.BoardView | null} */
let latest = null;                   // the view model drawn last

/**
 * @param {Node} node
 * @param {string | number | null | undefined} text
 */
function setText(node, text) {
  const value = text == null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

/** @param {string} text */
function srSpan(text) { return h("span", "sr", text); }

/**
 * The element children of an element this module built (HTML elements only, in the order it made them).
 * @param {Node | null} node
 */
function parts(node) { return /** @type {HTMLCollectionOf<HTMLElement>} */ (/** @type {Element} */ (node).children); }

// ---------------------------------------------------------------- dialogs
// the person's own dialogs (help, menu, a question, a screen beside the board): computers wait while one is open
const PERSON_DIALOGS = REGISTRY.protocol.dialogs.filter((d) => d.persons).map((d) => d.id);
/** @type {HTMLDialogElement[]} */
const openDialogs = [];               // modal dialogs, the last one on top

export function personDialogOpen() {
  return PERSON_DIALOGS.some((id) => $(id, HTMLDialogElement).open);
}

/** The modal dialog on top (it holds the focus: see input.js), or null. */
export function topDialog() {
  while (openDialogs.length && !openDialogs[openDialogs.length - 1].open) openDialogs.pop();
  return openDialogs.length ? openDialogs[openDialogs.length - 1] : null;
}

/** @type {(() => void) | null} */
let whenBoardClear = null;
/**
 * Run ``fn`` each time the last of help, menu and confirm closes (CPU play resumes then: see app.js).
 * @param {() => void} fn
 */
export function onBoardClear(fn) { whenBoardClear = fn; }

/** @param {HTMLDialogElement} dialog */
function afterClose(dialog) {
  const at = openDialogs.indexOf(dialog);
  if (at >= 0) openDialogs.splice(at, 1);
  if (!personDialogOpen() && pendingFocus) {
    const run = pendingFocus;
    pendingFocus = null;
    run();
  }
  rescueFocus();
  if (!personDialogOpen() && PERSON_DIALOGS.includes(dialog.id) && whenBoardClear) whenBoardClear();
}

/** @param {HTMLDialogElement} dialog */
export function openDialog(dialog) {
  if (dialog.open) return;
  if (toOpen.size && !toOpen.has(dialog)) openWaiting();   // asked for first, those go beneath
  toOpen.delete(dialog);
  if (!dialog.dataset.watched) {           // closed by Escape (help, menu, confirm): the same follow-up
    dialog.dataset.watched = "1";
    dialog.addEventListener("close", () => afterClose(dialog));
  }
  // showModal styles and lays out the page at once (the page turns inert, the dialog appears): the dialog's tables
  // and chart are left to the browser's next frame, which lays them out in a task of its own before anything is
  // shown. At the round's end at a 4x slower CPU (traced) the opening task went from 29-55 ms to 6-27 ms (14 matches
  // each), and the frame after it from 9-13 to 23-35 ms (6 each)
  const later = /** @type {HTMLElement[]} */ ([...dialog.querySelectorAll("[data-after-open]:not([hidden])")]);
  for (const part of later) part.hidden = true;
  dialog.showModal();
  openDialogs.push(dialog);
  const main = /** @type {HTMLElement | null} */ (dialog.querySelector("[data-main]"));
  if (main && !main.hidden) main.focus({ preventScroll: true });   // a dialog is in view: no layout asked for here
  for (const part of later) part.hidden = false;
}

// The round's and the match's end open over the board in a task of their own, after the answer that ended
// the round is drawn: showModal restyles the whole page (everything else becomes inert) and focusing lays it
// out, and with the answer's drawing that was one task of 57-85 ms at a 4x slower CPU (bench/longtasks.py).
// So too on a screen just shown (a match file opened on its last round's end, a saved match continued there):
// with the whole board drawn, 53-74 ms; and from the round's end to the match's, 55-101 ms. A dialog opened at
// once meanwhile (back from the replay, the review's over the match's end) opens those asked for earlier first,
// beneath it.
/** @type {Set<HTMLDialogElement>} */
const toOpen = new Set();
/** @type {Promise<void> | null} */
let opening = null;
/** @type {Promise<void> | null} */
let settling = null;                 // a screen just shown: until its tiles, pinned trains and focus are there

/** Open ``dialog`` in the next task, unless it is closed again before then. @param {HTMLDialogElement} dialog */
function openDialogSoon(dialog) {
  if (dialog.open) return;
  // meanwhile the focus waits on the board, which stays in view: the control that had it may be hidden by this
  // answer, and the browser would drop the focus to <body> when it next styles the page (a screen just shown
  // is not styled yet: asking would style it here; its focus is planned after its first frame)
  if (!freshScreen && document.activeElement !== $("board")) $("board").focus({ preventScroll: true });
  toOpen.add(dialog);
  if (!opening) opening = new Promise((resolve) => setTimeout(() => {
    opening = null;
    openWaiting();
    resolve();
  }, 0));
}

/** Open every dialog asked to open soon, in the order asked. */
function openWaiting() {
  const asked = [...toOpen];
  toOpen.clear();
  for (const d of asked) openDialog(d);
}

/** When every dialog asked to open soon is open, and a screen just shown has its tiles and its focus (app.js:
 * the page is quiet only then). */
export function drawn() { return Promise.all([opening, settling]).then(() => undefined); }

/** @param {HTMLDialogElement} dialog */
export function closeDialog(dialog) {
  if (dialog.open) dialog.close();
  afterClose(dialog);
}

// ---------------------------------------------------------------- the live log
// Lines said while a person's hand is on screen may name its tiles ("4-6 selected.", a hint). When
// people pass the device, those lines are marked private and leave the log with the hand.
// `prompts` are lines that say what to do now ("Your turn."): the banner shows that already, so the eye
// sees only the latest line about what happened (class "shown"); a screen reader hears every line.
/**
 * @param {string[]} lines
 * @param {string[]} [prompts]
 */
export function announce(lines, isPrivate = false, prompts = []) {
  const log = $("log");
  for (const line of lines || []) {
    if (!line) continue;
    const p = h("p", null, line);
    if (isPrivate) p.dataset.private = "1";
    if (prompts.includes(line)) p.dataset.prompt = "1";
    log.appendChild(p);
  }
  while (log.childElementCount > 4 && log.firstElementChild) log.firstElementChild.remove();
  showLatest();
}

function showLatest() {
  const lines = [...parts($("log"))];
  const latest = lines.filter((p) => !p.dataset.prompt).pop();
  for (const p of lines) p.classList.toggle("shown", p === latest);
}

function forgetPrivate() {
  for (const p of $("log").querySelectorAll("p[data-private]")) p.remove();
  showLatest();
}

export function clearLog() { $("log").replaceChildren(); }

// ---------------------------------------------------------------- trains
// How many of a train's last tiles fit on its line, from the sizes the page style sets for this screen.
// Measured once and kept until the board's width changes (a ResizeObserver) or relayout() asks again:
// measuring forces the browser to lay out the page in the middle of drawing, at every computer move.
/**
 * How many board tiles fit on a train's line: ``all`` with no "earlier" button, ``some`` beside it; ``per`` px each.
 * @typedef {{per: number, all: number, some: number}} TrainLayout
 */
/** @type {TrainLayout | null} */
let layoutKept = null;
let watchingWidth = false;
function trainLayout() {
  if (!watchingWidth && window.ResizeObserver) {
    watchingWidth = true;
    /** @type {number | null} */
    let seen = null;
    new ResizeObserver((entries) => {
      const width = Math.round(entries[entries.length - 1].contentRect.width);
      if (seen !== null && width !== seen) layoutKept = null;
      seen = width;
    }).observe($("trains"));
  }
  if (!layoutKept) layoutKept = measureTrainLayout();
  return layoutKept;
}

function measureTrainLayout() {
  const width = $("trains").clientWidth || window.innerWidth;
  const style = getComputedStyle(document.documentElement);
  const px = (/** @type {string} */ name, /** @type {number} */ fallback) => parseFloat(style.getPropertyValue(name)) || fallback;
  const per = px("--ttile-w", 64) + 4;          // a board tile and its gap
  const endW = px("--end-w", 76);
  const earlierW = px("--earlier-w", 56) + 4;
  return { per, all: Math.max(1, Math.floor((width - endW - 16) / per)),
    some: Math.max(1, Math.floor((width - endW - earlierW - 16) / per)) };
}

/**
 * @param {Py.BoardView} vm
 * @param {boolean} [tiles]  false: the rows without their tiles (drawn after the screen's first frame)
 */
function renderTrains(vm, tiles = true) {
  const box = $("trains");
  keepFocusClear();
  const players = vm.players || [];
  if (expandedRound !== vm.round.number) { expanded.clear(); expandedRound = vm.round.number; }
  const rows = new Map([...parts(box)].map((row) => [row.dataset.row, row]));
  /** @type {Node | null} */
  let previous = null;
  for (const t of vm.trains) {
    let row = rows.get(t.id);
    if (!row) {
      row = buildTrainRow(t);
    }
    rows.delete(t.id);
    updateTrainRow(row, t, t.owner === null ? null : players[t.owner], vm, tiles ? trainLayout : null);
    const want = /** @type {ChildNode | null} */ (previous ? previous.nextSibling : box.firstChild);
    if (want !== row) box.insertBefore(row, want);
    previous = row;
  }
  for (const stale of rows.values()) stale.remove();
}

// The trains the chosen tile can go to (before a tile is chosen: every train a play can go to) stay in
// view when the board scrolls: each sticks to the top or bottom edge of the board, stacked in board order,
// as long as they fit together. With many players on a phone, the board scrolls and they would be out of
// sight; this way every place to play is on screen once a tile is picked.
function pinReachable() {
  const rows = [...parts($("trains"))];
  const targets = rows.filter((r) => r.classList.contains("target"));
  const pinned = targets.length ? targets : rows.filter((r) => r.classList.contains("eligible"));
  // sizes are read only when something is to be pinned (a person's turn), not at every computer move
  const heights = pinned.map((r) => r.offsetHeight + 4);
  const total = heights.reduce((a, b) => a + b, 0);
  const fits = pinned.length > 0 && total <= $("board").clientHeight - 8;
  let above = 0;
  let below = total;
  for (const row of rows) {
    const at = fits ? pinned.indexOf(row) : -1;
    let top = "", bottom = "";
    if (at >= 0) {
      below -= heights[at];
      top = above + "px";
      bottom = below + "px";
      above += heights[at];
    }
    row.classList.toggle("pinned", at >= 0);
    if (row.style.top !== top) row.style.top = top;
    if (row.style.bottom !== bottom) row.style.bottom = bottom;
  }
}

// A train end focused by keyboard never hides under a pinned row (WCAG 2.4.11): the board's scroll padding
// leaves room for the pinned rows that can stick above and below it, and the end scrolls clear of them.
let watchingFocus = false;
function keepFocusClear() {
  if (watchingFocus) return;
  watchingFocus = true;
  $("trains").addEventListener("focusin", (e) => {
    const row = e.target instanceof Element ? e.target.closest(".train") : null;
    if (!row || row.classList.contains("pinned")) return;
    const rows = [...parts($("trains"))];
    const at = rows.indexOf(/** @type {HTMLElement} */ (row));
    let top = 0, bottom = 0;
    rows.forEach((r, i) => {
      if (!r.classList.contains("pinned")) return;
      if (i < at) top += r.offsetHeight + 4; else bottom += r.offsetHeight + 4;
    });
    const board = $("board");
    board.style.scrollPaddingTop = top + "px";
    board.style.scrollPaddingBottom = bottom + "px";
    /** @type {Element} */ (e.target).scrollIntoView({ block: "nearest" });
  });
}

/** @param {Py.TrainRow} t */
function buildTrainRow(t) {
  const row = h("div", "train");
  row.dataset.row = t.id;
  const head = h("div", "thead");
  const hint = h("span", "thint", TEXT.hintHere);
  hint.hidden = true;
  // spaces between the parts: they run on as one text on a phone, and read as separate words
  head.append(h("span", "ttitle"), " ", h("span", "tmeta"), " ", h("span", "tthinking", TEXT.cpuThinking), " ",
    h("span", "tstate"), " ", hint);
  const line = h("div", "tline");
  const earlier = h("button", "earlier");
  earlier.type = "button";
  earlier.dataset.expand = t.id;
  const tiles = h("span", "ttiles");
  const list = srSpan("");
  list.classList.add("tlist");
  const end = h("button", "end");
  end.type = "button";
  end.dataset.train = t.id;
  const play = h("span", "play-here", TEXT.playHere);   // words, not only colour, for a train that takes the tile
  play.hidden = true;
  end.append(play, " ", h("span", "needs"));     // the space keeps "Play here Needs 9" apart as text too
  line.append(earlier, tiles, list, end);
  row.append(head, line);
  return row;
}

/**
 * @param {HTMLElement} row
 * @param {Py.TrainRow} t
 * @param {Py.PlayerRow | null} player  the train's owner (none for the shared train)
 * @param {Py.BoardView} vm
 * @param {(() => TrainLayout) | null} layout  how many tiles fit, measured when first asked; null: no tiles yet
 */
function updateTrainRow(row, t, player, vm, layout) {
  const cls = ["train", "st-" + t.state];
  if (t.mine) cls.push("mine");
  if (t.target) cls.push("target");
  if (t.eligible) cls.push("eligible");
  if (t.hinted) cls.push("hinted");
  if (player && player.to_move) cls.push("to-move");
  if (t.marked) cls.push("marked");
  const className = cls.join(" ");
  if (row.className !== className) row.className = className;

  const [title, meta, , state, hint] = parts(row.firstChild);
  setText(title, t.title);
  setHidden(hint, !t.hinted);
  if (player) {
    const count = player.is_viewer ? player.tiles_text : player.face_down;
    const text = [count, player.total_text].join(" · ");
    // a friend's seat whose device is not connected says so (and which computer plays it meanwhile)
    const kind = (player.kind === "human" ? "" : " · " + player.kind_label) + (player.away ? " · " + player.away : "");
    const move = player.to_move ? ", " + TEXT.toMove : "";
    if (meta.dataset.text !== text + kind + move) {   // its three parts kept, only their words changed
      meta.dataset.text = text + kind + move;
      if (meta.childNodes.length !== 3) meta.replaceChildren(document.createTextNode(""), h("span", "kind"), srSpan(""));
      const [countPart, kindPart, movePart] = meta.childNodes;
      setText(countPart, text);
      setText(kindPart, kind);
      setText(movePart, move);
    }
  } else if (meta.dataset.text !== "") {
    meta.dataset.text = "";
    meta.replaceChildren();
  }
  setText(state, t.state_text);

  const [earlier, tilesBox, list, end] = parts(row.lastChild);
  if (layout) drawTrainTiles(row, t, layout);
  else {                                   // a screen just shown: its tiles come after its first frame
    setHidden(earlier, true);
    tilesBox.dataset.sig = "";
    tilesBox.replaceChildren();
    setText(list, "");
  }

  const [play, needs] = parts(end);
  setHidden(play, !t.target);
  setText(needs, t.needs);
  // The name starts with the visible words ("Play here", "Needs 9"), then says whose train, its state and end.
  const name = (t.target ? TEXT.playHere + ", " : "") + t.needs + ", " + t.label;
  if (end.getAttribute("aria-label") !== name) end.setAttribute("aria-label", name);
  // Always focusable and readable; it plays only when it takes the chosen tile.
  if (t.target) end.removeAttribute("aria-disabled"); else end.setAttribute("aria-disabled", "true");
}

/**
 * A train's tiles on its line: the last ones that fit (all of them once expanded), and their words.
 * @param {HTMLElement} row @param {Py.TrainRow} t @param {() => TrainLayout} layout
 */
function drawTrainTiles(row, t, layout) {
  const [earlier, tilesBox, list] = parts(row.lastChild);
  const count = t.tiles.length;
  const open = expanded.has(t.id);
  let shown = t.tiles;
  // one tile always fits: the line is measured only when a train holds more (never for a new round's board)
  if (!open && count > 1 && count > layout().all) shown = t.tiles.slice(count - layout().some);
  const hiddenCount = count - shown.length;
  setHidden(earlier, !(hiddenCount > 0 || open));
  earlier.setAttribute("aria-expanded", open ? "true" : "false");
  setText(earlier, open ? TEXT.showFewer : plural(t.earlier_text, hiddenCount));
  row.classList.toggle("expanded", open);

  const laid = shown.map((t) => `${t.a}-${t.b}`);   // as laid: the half that matches first
  const face = document.documentElement.dataset.face;
  const sig = laid.join(",") + "|" + face;
  if (tilesBox.dataset.sig !== sig) {
    tilesBox.dataset.sig = sig;
    placeTiles(tilesBox, shown, face);
    setText(list, shown.length ? fill(TEXT.lastTiles, { tiles: laid.join(", ") }) : TEXT.noTiles);
  }
}

/**
 * A train's line holds these tiles, in order. A train only grows at its end, so the tiles already on the line
 * stay: those slid off its start go, the new ones are added after. Drawn again from scratch, every tile of the
 * train was styled and laid out anew at each move (half of what a computer's move had laid out).
 * @param {HTMLElement} box @param {Py.TileFace[]} tiles  as laid @param {string | undefined} face  html[data-face]
 */
function placeTiles(box, tiles, face) {
  const keyOf = (/** @type {Py.TileFace} */ t) => `${t.a}-${t.b}|${face}`;   // in another face, drawn anew
  const keys = tiles.map(keyOf);
  const span = (/** @type {Py.TileFace} */ t) => {
    const across = t.a === t.b;      // doubles lie across the line, as on a table (an open double stands out)
    const node = h("span", across ? "ttile double across" : "ttile");
    node.dataset.laid = keyOf(t);
    node.appendChild(tileSvg(t.a, t.b, across));
    return node;
  };
  const there = [...parts(box)].map((node) => node.dataset.laid);
  const from = keys.length ? there.indexOf(keys[0]) : -1;
  const kept = from < 0 ? 0 : there.length - from;
  if (from >= 0 && kept <= keys.length && there.slice(from).every((key, i) => key === keys[i])) {
    for (let i = 0; i < from; i++) box.firstElementChild?.remove();
    box.append(...tiles.slice(kept).map(span));
  } else {
    box.replaceChildren(...tiles.map(span));
  }
}

// The engine, drawn across at the left of the board (wide screens; phones show it in the status line).
/** @param {Py.BoardView} vm */
function renderHub(vm) {
  const hub = document.getElementById("hub");
  if (!hub) return;
  const sig = vm.round.engine + "|" + document.documentElement.dataset.face;
  if (hub.dataset.sig === sig) return;
  hub.dataset.sig = sig;
  const tile = h("span", "hub-tile");
  tile.appendChild(tileSvg(vm.round.engine, vm.round.engine, true));
  hub.replaceChildren(tile, h("span", "hub-label", TEXT.engineTile));
}

// ---------------------------------------------------------------- the hand
/** @param {Py.BoardView} vm */
function renderHand(vm) {
  const hand = vm.hand;
  const title = $("hand-title");
  const hidden = $("hand-hidden");
  const box = $("hand-tiles");
  // No hand on screen (a computer's or another person's turn at the end of a round): no empty region.
  setHidden($("hand"), !hand);
  if (!hand || hand.hidden) {
    setText(title, "");
    $("hand").removeAttribute("aria-labelledby");
    setHidden(hidden, !hand);
    setText(hidden, hand ? hand.text : "");
    if (box.childElementCount) box.replaceChildren();   // the hidden hand is not in the page at all
    $("hand").classList.toggle("empty", true);
    return;
  }
  $("hand").setAttribute("aria-labelledby", "hand-title");
  $("hand").classList.toggle("empty", false);
  setHidden(hidden, true);
  setText(title, hand.title + " · " + hand.points_text);
  box.classList.toggle("inactive", !hand.active);
  // upright tiles on wide screens; flat ones, 4 to a row, on phones and in short windows
  const vertical = !window.matchMedia("(max-width: 599px), (max-height: 560px)").matches;
  const face = document.documentElement.dataset.face + (vertical ? "-v" : "-h");
  const existing = new Map([...parts(box)].map((b) => [b.dataset.tile, b]));
  /** @type {Node | null} */
  let previous = null;
  for (const t of hand.tiles || []) {
    let btn = existing.get(t.id);
    if (!btn || btn.dataset.face !== face) {
      const fresh = h("button", "htile");
      fresh.type = "button";
      fresh.dataset.tile = t.id;
      fresh.dataset.face = face;
      fresh.append(tileSvg(t.a, t.b, vertical), srSpan(""));
      if (btn) { btn.replaceWith(fresh); if (document.activeElement === btn) fresh.focus(); }
      btn = fresh;
    }
    existing.delete(t.id);
    const cls = ["htile"];
    if (t.playable && hand.active) cls.push("playable");
    if (t.selected) cls.push("selected");
    if (t.drawn) cls.push("drawn");
    if (t.hinted) cls.push("hinted");
    const className = cls.join(" ");
    if (btn.className !== className) btn.className = className;
    btn.setAttribute("aria-pressed", t.selected ? "true" : "false");
    setText(/** @type {Node} */ (btn.lastChild), t.label);
    const want = /** @type {ChildNode | null} */ (previous ? previous.nextSibling : box.firstChild);
    if (want !== btn) box.insertBefore(btn, want);
    previous = btn;
  }
  for (const gone of existing.values()) gone.remove();
}

// ---------------------------------------------------------------- commands
// The command buttons are fixed markup: found once, all in one query (one query over the page for each command
// was a tenth of the first board's script at a 4x slower CPU), not at every step.
/** @type {Map<string, HTMLElement[]> | null} */
let commandButtons = null;
/** Every command button of the game screen and the pause dialog, by its action. */
function commandButtonMap() {
  if (!commandButtons) {
    commandButtons = new Map();
    const all = /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll("#game-screen [data-action], #pause-dialog [data-action]"));
    for (const btn of all) {
      const name = btn.dataset.action || "";
      const list = commandButtons.get(name);
      if (list) list.push(btn); else commandButtons.set(name, [btn]);
    }
  }
  return commandButtons;
}

/** @param {string} id */
function buttonsOf(id) { return commandButtonMap().get(id) || []; }

/** @param {Py.BoardView} vm */
function renderCommands(vm) {
  for (const c of vm.commands || []) {
    for (const btn of buttonsOf(c.id)) {
      setHidden(btn, !c.shown);
      const sr = btn.querySelector(".sr");
      if (sr) setText(sr, c.label); else setText(btn, c.label);
    }
  }
}

// ---------------------------------------------------------------- round and match end
/** @param {Py.BoardView} vm */
function renderRoundEnd(vm) {
  const dialog = $("round-dialog", HTMLDialogElement);
  const end = vm.round_end;
  if (vm.screen !== "round_end" || !end) {
    if (dialog.open) closeDialog(dialog); else toOpen.delete(dialog);
    if ($("round-rows").childElementCount) $("round-rows").replaceChildren();   // old hands leave the page
    return;
  }
  setText($("round-title"), end.title);
  setText($("round-total-label"), end.total_label);
  $("round-rows").replaceChildren(...end.rows.map((r) => {
    const tr = h("tr");
    const th = h("th", null, r.name);
    th.scope = "row";
    const tilesCell = h("td", "left-tiles");
    const faces = h("span", "mini-tiles");
    for (const t of r.tiles) {
      const span = h("span", "mtile");
      span.appendChild(tileSvg(t.a, t.b, false));
      faces.appendChild(span);
    }
    const words = h("span", "tiles-text");        // each tile's label whole ("7-8" never breaks at its dash)
    if (r.tiles.length) for (const t of r.tiles) words.append(h("span", "tile-label", t.id), " ");
    else words.textContent = r.tiles_text;
    tilesCell.append(faces, words);
    tr.append(th, tilesCell, h("td", "num", r.points_text), h("td", "num", String(r.total)));
    return tr;
  }));
  const btn = $("round-button", HTMLButtonElement);
  btn.dataset.action = end.button.id;
  btn.disabled = !!end.button.disabled;   // a friend's device: the host moves the match on
  setText(btn, end.button.label);
  openDialogSoon(dialog);
}

/** @param {Py.BoardView} vm */
function renderMatchEnd(vm) {
  const dialog = $("match-dialog", HTMLDialogElement);
  const end = vm.match_end;
  if (vm.screen !== "match_end" || !end) {
    if (dialog.open) closeDialog(dialog); else toOpen.delete(dialog);
    if ($("match-rows").childElementCount) for (const id of ["match-rows", "chart", "chart-text"]) $(id).replaceChildren();
    return;
  }
  setText($("match-title"), end.title);
  setText($("match-text"), end.text);
  setText($("match-total-label"), end.total_label);
  $("match-rows").replaceChildren(...end.rows.map((r) => {
    const tr = h("tr", r.winner ? "winner" : null);
    const th = h("th", null, r.name);
    th.scope = "row";
    tr.append(th, h("td", "num", String(r.total)));
    return tr;
  }));
  drawChart($("chart"), $("chart-caption"), $("chart-text"), end.chart);
  const btn = find('[data-action="new_match"]', HTMLButtonElement, dialog);
  setText(btn, end.button.label);
  btn.disabled = !!end.button.disabled;   // a friend's device: the host starts the next match, and reviews it
  for (const other of dialog.querySelectorAll('[data-action="review"], [data-action="setup"]')) {
    /** @type {HTMLElement} */ (other).hidden = !!end.button.disabled;
  }
  openDialogSoon(dialog);
}

// ---------------------------------------------------------------- focus
/**
 * Focus the first of these (selectors or elements) that is on screen and enabled; it, or null.
 * @param {(string | Element | null)[]} selectors
 */
function focusFirst(selectors) {
  for (const sel of selectors) {
    /** @type {(HTMLElement & {disabled?: boolean}) | null} */
    const el = /** @type {HTMLElement | null} */ (typeof sel === "string" ? document.querySelector(sel) : sel);
    if (el && !el.hidden && !el.disabled && rendered(el)) {
      // no scrolling yet: that would lay out the whole page in the middle of drawing (the first board of a
      // match was one task of 100 ms at a 4x slower CPU); once the browser has drawn the frame, it is cheap
      el.focus({ preventScroll: true });
      afterPaint(() => { if (document.activeElement === el) el.scrollIntoView({ block: "nearest" }); });
      return el;
    }
  }
  return null;
}

/** Whether ``el`` is rendered at all (no ``display: none`` on it or above it), asked without a layout.
 * @param {HTMLElement} el */
function rendered(el) {
  return typeof el.checkVisibility === "function" ? el.checkVisibility() : el.offsetParent !== null;
}

/** @param {Py.BoardView} vm */
function moveFocus(vm) {
  if (toOpen.size) return;   // a dialog opens in the next task and focuses its main button itself
  switch (vm.focus) {
    case "hand": {
      const keep = lastSelected && document.querySelector(`#hand-tiles [data-tile="${lastSelected}"]`);
      focusFirst([keep, "#hand-tiles .htile.playable", '#actions [data-action="draw"]',
        '#actions [data-action="pass"]', '#actions [data-action="stop"]', "#hand-tiles .htile"]);
      break;
    }
    case "trains":
      focusFirst(['#trains .train.hinted .end:not([aria-disabled="true"])', '#trains .end:not([aria-disabled="true"])']);
      break;
    case "next": focusFirst(['#actions [data-action="next"]']); break;
    case "reveal": focusFirst(['#actions [data-action="reveal"]']); break;
    case "pause": focusFirst(['#pause-dialog [data-action="resume"]']); break;
    case "round_end": focusFirst(["#round-button"]); break;
    case "match_end": focusFirst(['#match-dialog [data-action="new_match"]']); break;
    default: break;   // a CPU is playing: leave focus where the person put it
  }
}

/** @param {Py.BoardView} vm */
function planFocus(vm) {
  const selected = vm.hand && vm.hand.tiles ? (vm.hand.tiles.find((t) => t.selected) || { id: "" }).id || "" : "";
  const key = [vm.screen, vm.focus, vm.step, selected].join("|");
  const fromTrains = lastFocusKey && lastFocusKey.split("|")[1] === "trains";
  const previousSelected = lastSelected;
  if (key === lastFocusKey) return;
  lastFocusKey = key;
  const run = () => {
    lastSelected = vm.focus === "hand" && fromTrains ? previousSelected : null;
    moveFocus(vm);
    lastSelected = selected || null;
  };
  if (personDialogOpen()) { pendingFocus = run; return; }
  run();
}

// Whether focus has nowhere to be. Drawing hides things only with the hidden attribute, by removing them
// or by closing a dialog, so that is what is looked at: asking the browser whether the element is
// visible would make it lay out the page in the middle of drawing, at every computer move.
/** @param {Element | null} el */
function lost(el) {
  return !el || el === document.body || el === document.documentElement || !el.isConnected ||
    el.closest("[hidden], dialog:not([open])") !== null;
}

/**
 * Focus is never left on <body>: when the focused control went away (a tile
 * played, a button hidden, a dialog closed over a removed element), put it on
 * the hand, else the first visible command, else the board; unless a dialog
 * opens in the next task, which takes the focus itself.
 */
export function rescueFocus() {
  if (focusWaits || topDialog() || toOpen.size || $("game-screen").hidden || !lost(document.activeElement)) return;
  focusFirst(["#hand-tiles .htile.playable", "#hand-tiles .htile", "#actions button:not([hidden])", "#board"]);
}

/** Forget the focus history (a new match, or back from the setup screen). */
export function resetFocus() { lastFocusKey = null; lastSelected = null; freshScreen = true; }

// ---------------------------------------------------------------- the board's fonts, before the first board
// The first layout of a board meets a dozen font sizes and weights the first screen never used, and the
// browser resolves each the first time it lays out text in it (on Linux a font lookup and a call to the
// browser process, ~3-7 ms each at a 4x slower CPU: 56 of the first board's 84 ms of layout in a trace). The
// board's own rules give the fonts: its elements, and a train row made as the board makes it, styled while
// the screen is hidden (nothing is laid out or shown), then one small text in each, laid out off screen, one
// font a task while the page is idle.
/**
 * Warm the fonts the board will use, one per call of ``later`` (an idle callback), while ``wanted()`` holds;
 * ``found`` hears the fonts (CSS ``font`` values) once they are known.
 * @param {(fn: () => void) => void} later
 * @param {() => boolean} wanted
 * @param {(fonts: string[]) => void} found
 */
export function warmBoardFonts(later, wanted, found) {
  const box = h("div");
  box.setAttribute("aria-hidden", "true");
  box.style.cssText = "position:fixed;left:-10000px;top:0;visibility:hidden;contain:layout style";
  /** @type {string[]} */
  const todo = [];
  const next = () => {
    const font = todo.pop();
    if (!font || !wanted()) { box.remove(); return; }
    const sample = h("span", null, "Aa 09 · …");
    sample.style.font = font;
    box.append(sample);
    void sample.offsetWidth;   // lays out this one text: the font is resolved now, not in the first board
    later(next);
  };
  later(() => {   // the styles asked for are a task of their own too
    const screen = $("game-screen");
    if (!screen.hidden || !wanted()) return;
    const row = buildTrainRow(/** @type {Py.TrainRow} */ ({ id: "" }));
    $("trains").append(row);
    const fonts = new Set();
    for (const el of screen.querySelectorAll("*")) {
      const s = getComputedStyle(el);
      fonts.add(`${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`);
    }
    row.remove();
    todo.push(...[...fonts].reverse());
    found([...fonts]);
    document.body.append(box);
    later(next);
  });
}

/**
 * What the first board would otherwise do for the first time, done while the page is idle before it: the
 * command buttons found, and the plural rules of the page's language made (``Intl.PluralRules``).
 */
export function warmBoardCode() {
  commandButtonMap();
  plural(["", ""], 2);
}

// ---------------------------------------------------------------- the whole screen
/**
 * A new match's board drawn into its screen while the screen is still hidden: the engine, the trains' rows
 * (their tiles come with the screen: none in a new round), the hand and the commands. A hidden screen has no style
 * or layout, so this is script alone; the task that shows the screen then draws the rest (renderGame finds these
 * parts drawn), and the browser's first frame of the screen follows it, each its own task.
 * @param {Py.BoardView} vm
 */
export function prepareBoard(vm) {
  renderHub(vm);
  renderTrains(vm, false);
  renderHand(vm);
  renderCommands(vm);
}

/** @param {Py.BoardView} vm */
export function renderGame(vm) {
  setText($("round-text"), vm.round.text);
  setText($("engine-text"), vm.round.engine_text);
  setText($("boneyard-text"), vm.round.boneyard_text);
  setText($("banner"), vm.banner || "");
  setHidden($("banner"), !vm.banner);          // no empty paragraph at a round's end
  setText($("rules"), vm.rules);
  const problem = vm.error || vm.notice || "";
  setHidden($("game-error"), !problem);
  setText($("game-error"), problem);
  document.body.classList.toggle("paused", !!vm.paused);
  document.body.classList.toggle("cpu-turn", !!(vm.cpu && vm.cpu.pending));
  // A screen just shown with tiles on its trains (a saved match continued, a file opened) gets them after its
  // first frame: how many fit on a line is measured, and measuring a screen not yet laid out made the browser
  // lay it all out in the middle of drawing (an opened 13-round file's board in one task of 51-58 ms in an
  // 1100x850 window at 4x, 9-15 ms of it that layout: docs/measurements/longtasks.md).
  const tilesLater = freshScreen && vm.trains.some((t) => t.tiles.length > 0);
  renderHub(vm);
  renderTrains(vm, !tilesLater);
  renderHand(vm);
  renderCommands(vm);
  const pause = $("pause-dialog", HTMLDialogElement);
  if (vm.paused && vm.screen === "board") openDialog(pause); else if (pause.open) closeDialog(pause);
  // The match's end first: going on from the last round's end, its dialog is on its way when the round's closes,
  // so the closing moves no focus. Moving it would style the whole page, just made not modal, in the middle of
  // drawing (with the match's dialog opening at once, as it did, one task of 55-101 ms at a 4x slower CPU).
  renderMatchEnd(vm);
  renderRoundEnd(vm);
  const handShown = !!(vm.hand && !vm.hand.hidden && vm.screen === "board");
  if (vm.hotseat && !handShown) forgetPrivate();        // the hand left the screen: so do its lines
  announce(vm.announce, !!vm.hotseat && handShown, vm.prompts || []);
  latest = vm;
  if (freshScreen) {
    // A screen just shown has no style or layout yet: pinning the trains (which measures them) and moving the
    // focus (which asks what is rendered) would make the browser work them out in the middle of drawing (the
    // first board was one task of 100 ms at a 4x slower CPU). After the first frame they are cheap.
    freshScreen = false;
    focusWaits = true;
    /** @type {Promise<void>} */
    const settled = new Promise((resolve) => {
      const settle = () => {
        focusWaits = false;
        if (settling === settled) settling = null;   // not a later screen's, shown meanwhile
        pinReachable();
        if (latest) planFocus(latest);
        rescueFocus();
        resolve();
      };
      // the tiles after the first frame, and the pinning and focus after the frame that lays them out
      afterPaint(() => {
        if (!tilesLater || !latest) { settle(); return; }
        renderTrains(latest);
        afterPaint(settle);
      });
    });
    settling = settled;
    return;
  }
  pinReachable();               // once the turn bar and the hand have their height: the board's is known
  planFocus(vm);
  rescueFocus();
}

/**
 * Re-lay the trains (window resized, a train expanded, the tile face changed).
 * @param {Py.BoardView | null} vm
 */
export function relayout(vm) {
  layoutKept = null;
  if (vm && vm.trains) { renderHub(vm); renderTrains(vm); renderHand(vm); pinReachable(); rescueFocus(); }
}

/** @param {string} id */
export function toggleExpanded(id) {
  if (expanded.has(id)) expanded.delete(id); else expanded.add(id);
}
