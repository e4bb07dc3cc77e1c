// The setup form: seats and who plays them, tile set, match length, CPU speed, "After my turn", the rule
// preset and every rule option. Plain HTML that works before Python; this module keeps the form
// consistent, sums it up on the first screen (#quick-summary, beside the one-tap Start), remembers it
// for the next visit as soon as it changes, and reads it into the settings object that
// py/mexican_train/ui/controller.py's `new_match` event takes.
// What the presets set, how many seats a preset allows on a set, the rule options and the CPU levels
// come from the Python registries (REGISTRY, written into the page at build time).
//
// URL parameters: a preset in the address (static/js/presets.js reads and checks it; docs/embed.md lists
// every parameter) fills the form from the game's defaults for this visit only: nothing of that visit is
// remembered. ?seed=N alone only fills the deal number (the same N deals the same tiles), and
//   ?test=1   also offers "CPU: Random" seats (a random legal move; for tests)
import { $, find, setHidden } from "./dom.js";
import { REGISTRY, TEXT, cleanName, fill } from "./text.js";

/**
 * The setup form (page/index.html) with its named controls. Each rule option's control is named after the
 * option too: a checkbox for a switch, else a select (page/macros.html rule_option).
 * @typedef {HTMLFormElement & {preset: HTMLSelectElement, cpu_speed: HTMLSelectElement,
 *   after_turn: HTMLSelectElement, hand_size: HTMLInputElement, seed: HTMLInputElement}} SetupForm
 */
/** @typedef {{name: string, kind: string}} Seat */
/**
 * The settings of a `new_match` event (py/mexican_train/ui/controller.py), each rule option under its name;
 * ``friends``, the seats played from friends' devices with their languages (static/js/friends.js).
 * @typedef {{preset: string, set: number, seats: number, players: Seat[], rounds: string, hand_size: number | null,
 *   cpu_speed: string, after_turn: string, seed: number, friends?: [number, string][],
 *   [option: string]: string | number | boolean | null | Seat[] | [number, string][] | undefined}} Settings
 */

const PREFS_KEY = "mexican-train:prefs:setup";
const form = () => /** @type {SetupForm} */ ($("setup", HTMLFormElement));
const params = new URLSearchParams(location.search);
const KINDS = ["human", "friend", ...REGISTRY.levels.filter((l) => l.offered || params.get("test") === "1").map((l) => l.name)];

/** @type {Seat[]} */
let seats = [];   // [{name, kind}] as typed (an empty name: the default, chosen by Python), kept across seat counts
// "After my turn" follows the table (REGISTRY.after_turn_default: straight on alone against computers, wait
// for Next player when people share the device) until the player chooses; then their choice is kept.
let afterTurnChosen = false;
// A preset in the address shapes this visit's form: then nothing is remembered for the next visit.
let visitOnly = false;

/**
 * ``table[key]`` when the registry table has that key of its own (never an inherited "constructor"), else undefined.
 * @template T
 * @param {Record<string, T>} table
 * @param {string} key
 * @returns {T | undefined}
 */
const own = (table, key) => (Object.hasOwn(table, key) ? table[key] : undefined);

/**
 * The name a seat gets when none is typed (as ui/controller.py's default_name decides it).
 * @param {number} index
 * @param {string} kind
 * @param {number} people
 */
function defaultName(index, kind, people) {
  if (kind === "human" || kind === "friend") return people === 1 ? REGISTRY.names.you : fill(REGISTRY.names.person, { n: index + 1 });
  return fill(REGISTRY.names.cpu, { n: index });
}

function chosenSet() { return find('input[name="set"]:checked', HTMLInputElement, form()).value; }

function presetTable() {
  const table = own(REGISTRY.presets, form().preset.value) || REGISTRY.presets.standard;
  return table[chosenSet()];
}

function maxSeats() { return presetTable().seats[1]; }

function readSeats() {
  document.querySelectorAll("#seat-list .seat").forEach((li, i) => {
    seats[i] = { name: find("input", HTMLInputElement, li).value, kind: find("select", HTMLSelectElement, li).value };
  });
}

function peopleAtTable() {
  return [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seat-list .seat select"))].filter((s) => s.value === "human" || s.value === "friend").length;
}

/** Placeholders say which name an empty field gets: "You" alone against computers, else "Player N". */
function showDefaultNames() {
  const rows = [...document.querySelectorAll("#seat-list .seat")];
  const people = peopleAtTable();
  rows.forEach((li, i) => { find("input", HTMLInputElement, li).placeholder = defaultName(i, find("select", HTMLSelectElement, li).value, people); });
  followTable();
}

/** "After my turn" at its default for this table, unless the player chose it. */
function followTable() {
  if (afterTurnChosen) return;
  form().after_turn.value = REGISTRY.after_turn_default[peopleAtTable() >= 2 ? "group" : "solo"];
}

function drawSeats() {
  const count = Number($("seats", HTMLSelectElement).value);
  const list = $("seat-list");
  const template = $("seat-row", HTMLTemplateElement);
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    if (!seats[i]) seats[i] = { name: "", kind: i === 0 ? "human" : "normal" };
    const li = /** @type {HTMLElement} */ (/** @type {Element} */ (template.content.firstElementChild).cloneNode(true));
    const input = find("input", HTMLInputElement, li);
    const select = find("select", HTMLSelectElement, li);
    const id = "seat-name-" + i;
    input.id = id;
    input.name = id;
    select.id = "seat-kind-" + i;
    select.name = "seat-kind-" + i;
    find(".seat-num", HTMLElement, li).textContent = fill(TEXT.seatLabel, { n: i + 1 });
    if (params.get("test") === "1") {
      const opt = document.createElement("option");
      opt.value = "random";
      opt.textContent = REGISTRY.level_labels.random;
      select.appendChild(opt);
    }
    input.value = seats[i].name;
    select.value = seats[i].kind;
    if (select.value !== seats[i].kind) select.value = "normal";
    select.addEventListener("change", () => { readSeats(); showDefaultNames(); });
    input.addEventListener("input", readSeats);
    list.appendChild(li);
  }
  showDefaultNames();
}

function limitSeats() {
  const most = maxSeats();
  const select = $("seats", HTMLSelectElement);
  for (const opt of select.options) opt.disabled = Number(opt.value) > most;
  if (Number(select.value) > most) { select.value = String(most); drawSeats(); }
  $("seats-note").hidden = most === 10;
}

/** Every rule option to what the chosen preset gives it. */
function applyPreset() {
  const f = form();
  const values = presetTable().options;
  for (const option of REGISTRY.options) {
    if (option.kind === "switch") /** @type {HTMLInputElement} */ (f[option.name]).checked = !!values[option.name];
    else /** @type {HTMLSelectElement} */ (f[option.name]).value = String(values[option.name]);
  }
  f.hand_size.value = "";
}

function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

/** @param {string} text */
function intOrNull(text) {
  const t = String(text || "").trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The settings object of a `new_match` event, read from the form (a fresh random seed unless one is given).
 * @returns {Settings}
 */
export function collect() {
  readSeats();
  const f = form();
  const count = Number($("seats", HTMLSelectElement).value);
  const seed = intOrNull(f.seed.value);
  /** @type {Settings} */
  const settings = {
    preset: f.preset.value,
    set: Number(chosenSet()),
    seats: count,
    players: seats.slice(0, count).map((s) => ({ name: s.name, kind: s.kind })),
    rounds: find('input[name="rounds"]:checked', HTMLInputElement, f).value,
    hand_size: intOrNull(f.hand_size.value),
    cpu_speed: f.cpu_speed.value,
    after_turn: f.after_turn.value,
    seed: seed === null ? randomSeed() : seed,
  };
  for (const option of REGISTRY.options) {
    /** @type {HTMLInputElement | HTMLSelectElement} */
    const field = f[option.name];
    settings[option.name] = option.kind === "switch" ? /** @type {HTMLInputElement} */ (field).checked : option.number ? Number(field.value) : field.value;
  }
  return settings;
}

/** Remember the form (not the deal number) for the next visit; "After my turn" only once the player chose it. */
export function remember() {
  if (visitOnly) return;
  /** @type {Partial<Settings>} */
  const s = collect();
  delete s.seed;
  if (!afterTurnChosen) delete s.after_turn;
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(s)); } catch (e) { /* private mode: fine */ }
}

/**
 * The player chose "After my turn" (here, or in the game's menu): keep it, for this table and the next.
 * @param {string} value
 */
export function chooseAfterTurn(value) {
  if (!REGISTRY.after_turn.includes(value)) return;
  afterTurnChosen = true;
  form().after_turn.value = value;
  remember();
  summarise();
}

// ------------------------------------------------------------------ the first screen's summary
/** @param {string} name */
function choiceName(name) {
  const input = form().querySelector(`input[name="${name}"]:checked`);
  const label = input && input.closest("label");
  const words = label && label.querySelector(".choice-name");
  return words ? words.textContent : "";
}

/** The settings a Start would use, in a few words: who plays, then the set, the length and the rules. */
export function summarise() {
  readSeats();
  const f = form();
  const count = Number($("seats", HTMLSelectElement).value);
  const people = seats.slice(0, count).filter((s) => s.kind === "human" || s.kind === "friend").length;
  const who = seats.slice(0, count).map((s, i) => {
    const name = cleanName(s.name).name || defaultName(i, s.kind, people);   // as Python will keep it
    return s.kind === "human" || s.kind === "friend" ? name : fill(TEXT.seatCpu, { name, level: own(REGISTRY.level_names, s.kind) || s.kind });
  });
  const players = document.createElement("li");
  players.className = "who";
  for (const name of who) {
    const span = document.createElement("span");
    span.className = "seat-chip";
    span.textContent = name;
    players.append(span, " ");
  }
  const game = document.createElement("li");
  game.textContent = [choiceName("set"), choiceName("rounds"), own(REGISTRY.preset_rules, f.preset.value)].join(" · ");
  $("quick-summary").replaceChildren(players, game);
}

// What this browser remembered is read by its own keys only, each value checked as the form allows it.
function restore() {
  // what remember() wrote, from this page or an older one: each field is checked before it is used
  /** @type {Partial<Settings> | null} */
  let s = null;
  try { s = JSON.parse(localStorage.getItem(PREFS_KEY) || "null"); } catch (e) { s = null; }
  if (!s || typeof s !== "object" || Array.isArray(s)) return;
  const has = (/** @type {string} */ key) => Object.hasOwn(s, key);
  const f = form();
  const plain = (/** @type {unknown} */ value) => typeof value === "string" || typeof value === "number";
  const setRadio = (/** @type {string} */ name, /** @type {unknown} */ value) => {
    const input = plain(value) && f.querySelector(`input[name="${name}"][value="${CSS.escape(String(value))}"]`);
    if (input) /** @type {HTMLInputElement} */ (input).checked = true;
  };
  const setSelect = (/** @type {HTMLSelectElement} */ select, /** @type {unknown} */ value) => {
    if (plain(value) && [...select.options].some((o) => o.value === String(value))) select.value = String(value);
  };
  if (has("preset") && Object.hasOwn(REGISTRY.presets, String(s.preset))) f.preset.value = String(s.preset);
  if (has("set")) setRadio("set", s.set);
  if (has("rounds")) setRadio("rounds", s.rounds);
  if (s.cpu_speed !== undefined && REGISTRY.speeds.includes(s.cpu_speed)) f.cpu_speed.value = s.cpu_speed;
  for (const option of REGISTRY.options) {
    if (!has(option.name)) continue;
    if (option.kind === "switch") /** @type {HTMLInputElement} */ (f[option.name]).checked = !!s[option.name];
    else setSelect(f[option.name], s[option.name]);
  }
  f.hand_size.value = Number.isInteger(s.hand_size) ? String(s.hand_size) : "";
  if (has("players") && Array.isArray(s.players)) {
    seats = s.players.slice(0, 10).map((p, i) => {
      const name = p && typeof p === "object" && Object.hasOwn(p, "name") ? cleanName(p.name).name : "";
      const defaults = [REGISTRY.names.you, fill(REGISTRY.names.person, { n: i + 1 }), fill(REGISTRY.names.cpu, { n: i })];
      return { name: defaults.includes(name) ? "" : name, kind: KINDS.includes(p && p.kind) ? p.kind : "normal" };
    });
  }
  if (Number.isInteger(s.seats)) setSelect($("seats", HTMLSelectElement), s.seats);
  if (s.after_turn !== undefined && REGISTRY.after_turn.includes(s.after_turn)) { f.after_turn.value = s.after_turn; afterTurnChosen = true; }
}

/**
 * The choices a preset in the address names (readPresets' ``values``), over the game's own defaults.
 * @param {import("./presets.js").AddressValues} values
 */
function applyAddress(values) {
  const f = form();
  const check = (/** @type {string} */ name, /** @type {string | number} */ value) => {
    find(`input[name="${name}"][value="${value}"]`, HTMLInputElement, f).checked = true;
  };
  if (values.preset) f.preset.value = values.preset;
  if (values.set) check("set", values.set);
  applyPreset();   // the rule options this preset gives this set
  if (values.seats) $("seats", HTMLSelectElement).value = String(values.seats);
  (values.players || []).forEach((p, i) => {
    if (p) seats[i] = { name: p.name || "", kind: p.kind || (i === 0 ? "human" : "normal") };
  });
  if (values.rounds) check("rounds", values.rounds);
  if (values.cpu_speed) f.cpu_speed.value = values.cpu_speed;
  for (const option of REGISTRY.options) {
    if (!Object.hasOwn(values, option.name)) continue;
    if (option.kind === "switch") /** @type {HTMLInputElement} */ (f[option.name]).checked = /** @type {boolean} */ (values[option.name]);
    else /** @type {HTMLSelectElement} */ (f[option.name]).value = String(values[option.name]);
  }
  if (values.hand_size) f.hand_size.value = String(values.hand_size);
  if (values.after_turn) { f.after_turn.value = values.after_turn; afterTurnChosen = true; }
}

/**
 * Fill the form: from a preset in the address (``address``: readPresets' ``values``) when it names any
 * choice besides the deal number, else from what the player chose last time; then keep it consistent.
 * @param {import("./presets.js").AddressValues} [address]
 */
export function init(address = {}) {
  const f = form();
  visitOnly = Object.keys(address).some((name) => name !== "seed");
  if (visitOnly) applyAddress(address);
  else restore();
  if (address.seed !== undefined) f.seed.value = String(address.seed);
  drawSeats();
  limitSeats();
  $("seats", HTMLSelectElement).addEventListener("change", () => { readSeats(); drawSeats(); });
  f.preset.addEventListener("change", () => { applyPreset(); limitSeats(); });
  f.querySelectorAll('input[name="set"]').forEach((r) => r.addEventListener("change", () => { f.hand_size.value = ""; limitSeats(); }));
  f.after_turn.addEventListener("change", () => { afterTurnChosen = true; });
  // every change is kept at once (a reload does not lose it) and shown in the summary
  for (const type of ["change", "input"]) f.addEventListener(type, () => { remember(); summarise(); });
  summarise();
}

/**
 * Show or hide the whole form ("Change settings"); opening it moves focus to its first field when asked.
 * @param {boolean} open
 */
export function showSettings(open, focus = false) {
  form().hidden = !open;
  $("settings-toggle").setAttribute("aria-expanded", String(open));
  if (open && focus) $("seats").focus();
}

export function settingsShown() { return !form().hidden; }

/** @param {string} text */
export function showError(text) {
  const box = $("setup-error");
  setHidden(box, !text);
  box.textContent = text || "";
  if (text) box.scrollIntoView({ block: "nearest" });
}
