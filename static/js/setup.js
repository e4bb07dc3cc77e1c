// The setup form: seats and who plays them, tile set, match length, CPU speed,
// the rule preset and every option. Plain HTML that works before Python; this
// module keeps the form consistent and reads it into the settings object that
// py/mexican_train/ui/controller.py's `new_match` event takes.
//
// URL parameters (for tests and for sharing a deal):
//   ?seed=N   fills the deal number (the same N deals the same tiles)
//   ?test=1   also offers "CPU: Random" seats (a random legal move; for tests)
import { TEXT, fill } from "./text.js";

const PREFS_KEY = "mexican-train:prefs:setup";
const form = () => document.getElementById("setup");
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

// What each preset sets the rule options to (RULES.md, "Presets").
const PRESET_OPTIONS = {
  standard: { double_rule: "flexible", blank_double_penalty: "0", exhausted_suit_exception: false,
    opening_chain: false, mexican_after_first_turn: false },
  classic: { double_rule: "flexible", blank_double_penalty: "0", exhausted_suit_exception: false,
    opening_chain: true, mexican_after_first_turn: true },
};

let seats = [];   // [{name, kind}] as typed, kept when the number of players changes

function defaultName(index, kind) {
  if (kind === "human") return index === 0 ? TEXT.you : fill(TEXT.seatPerson, { n: index + 1 });
  return fill(TEXT.seatCpu, { n: index });
}

function isDefaultName(name, index) {
  return !name || name === defaultName(index, "human") || name === defaultName(index, "normal") ||
    name === fill(TEXT.seatPerson, { n: index + 1 });
}

function maxSeats() {
  const f = form();
  return f.preset.value === "classic" && f.querySelector('input[name="set"]:checked').value === "12" ? 10 : 4;
}

function readSeats() {
  document.querySelectorAll("#seat-list .seat").forEach((li, i) => {
    seats[i] = { name: li.querySelector("input").value, kind: li.querySelector("select").value };
  });
}

function drawSeats() {
  const count = Number($("seats").value);
  const list = $("seat-list");
  const template = $("seat-row");
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    if (!seats[i]) seats[i] = { name: defaultName(i, i === 0 ? "human" : "normal"), kind: i === 0 ? "human" : "normal" };
    const li = template.content.firstElementChild.cloneNode(true);
    const input = li.querySelector("input");
    const select = li.querySelector("select");
    const id = "seat-name-" + i;
    input.id = id;
    input.name = id;
    select.id = "seat-kind-" + i;
    select.name = "seat-kind-" + i;
    li.querySelector(".seat-num").textContent = fill(TEXT.seatLabel, { n: i + 1 });
    if (params.get("test") === "1") {
      const opt = document.createElement("option");
      opt.value = "random";
      opt.textContent = TEXT.randomKind;
      select.appendChild(opt);
    }
    input.value = seats[i].name;
    select.value = seats[i].kind;
    if (select.value !== seats[i].kind) select.value = "normal";
    select.addEventListener("change", () => {
      if (isDefaultName(input.value, i)) input.value = defaultName(i, select.value);
      readSeats();
    });
    input.addEventListener("input", readSeats);
    list.appendChild(li);
  }
}

function limitSeats() {
  const most = maxSeats();
  const select = $("seats");
  for (const opt of select.options) opt.disabled = Number(opt.value) > most;
  if (Number(select.value) > most) { select.value = String(most); drawSeats(); }
  $("seats-note").hidden = most === 10;
}

function applyPreset() {
  const f = form();
  const values = PRESET_OPTIONS[f.preset.value] || PRESET_OPTIONS.standard;
  f.double_rule.value = values.double_rule;
  f.blank_double_penalty.value = values.blank_double_penalty;
  f.exhausted_suit_exception.checked = values.exhausted_suit_exception;
  f.opening_chain.checked = values.opening_chain;
  f.mexican_after_first_turn.checked = values.mexican_after_first_turn;
  f.hand_size.value = "";
}

function randomSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

function intOrNull(text) {
  const t = String(text || "").trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/** The settings object of a `new_match` event, read from the form (a fresh random seed unless one is given). */
export function collect() {
  readSeats();
  const f = form();
  const count = Number($("seats").value);
  const seed = intOrNull(f.seed.value);
  return {
    preset: f.preset.value,
    set: Number(f.querySelector('input[name="set"]:checked').value),
    seats: count,
    players: seats.slice(0, count).map((s) => ({ name: s.name, kind: s.kind })),
    rounds: f.querySelector('input[name="rounds"]:checked').value,
    double_rule: f.double_rule.value,
    blank_double_penalty: Number(f.blank_double_penalty.value),
    exhausted_suit_exception: f.exhausted_suit_exception.checked,
    opening_chain: f.opening_chain.checked,
    mexican_after_first_turn: f.mexican_after_first_turn.checked,
    hand_size: intOrNull(f.hand_size.value),
    cpu_speed: f.cpu_speed.value,
    seed: seed === null ? randomSeed() : seed,
  };
}

/** Remember the form (not the deal number) for the next visit. */
export function remember() {
  const s = collect();
  delete s.seed;
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(s)); } catch (e) { /* private mode: fine */ }
}

function restore() {
  let s = null;
  try { s = JSON.parse(localStorage.getItem(PREFS_KEY) || "null"); } catch (e) { s = null; }
  if (!s || typeof s !== "object") return;
  const f = form();
  const setRadio = (name, value) => {
    const input = f.querySelector(`input[name="${name}"][value="${CSS.escape(String(value))}"]`);
    if (input) input.checked = true;
  };
  if (s.preset in PRESET_OPTIONS) f.preset.value = s.preset;
  setRadio("set", s.set);
  setRadio("rounds", s.rounds);
  for (const k of ["double_rule", "cpu_speed"]) if (typeof s[k] === "string") f[k].value = s[k];
  if ([0, 25, 50].includes(s.blank_double_penalty)) f.blank_double_penalty.value = String(s.blank_double_penalty);
  for (const k of ["exhausted_suit_exception", "opening_chain", "mexican_after_first_turn"]) f[k].checked = !!s[k];
  f.hand_size.value = Number.isInteger(s.hand_size) ? String(s.hand_size) : "";
  if (Array.isArray(s.players)) {
    seats = s.players.slice(0, 10).map((p, i) => ({ name: String((p && p.name) || "").slice(0, 24) || defaultName(i, "human"),
      kind: ["human", "easy", "normal", "strong"].includes(p && p.kind) ? p.kind : "normal" }));
  }
  if (Number.isInteger(s.seats)) $("seats").value = String(s.seats);
}

export function init() {
  const f = form();
  restore();
  const seed = intOrNull(params.get("seed"));
  if (seed !== null) f.seed.value = String(seed);
  drawSeats();
  limitSeats();
  $("seats").addEventListener("change", () => { readSeats(); drawSeats(); });
  f.preset.addEventListener("change", () => { applyPreset(); limitSeats(); });
  f.querySelectorAll('input[name="set"]').forEach((r) => r.addEventListener("change", () => { f.hand_size.value = ""; limitSeats(); }));
}

export function showError(text) {
  const box = $("setup-error");
  box.hidden = !text;
  box.textContent = text || "";
  if (text) box.scrollIntoView({ block: "nearest" });
}
