// Presets in the address: every choice of the setup screen as a query parameter, for games sites that
// offer a particular match and for links people share (docs/embed.md lists them all):
//
//   ?preset=standard&set=6&seats=2&seat0=human&name0=Ana&seat1=easy&rounds=one&speed=fast
//    &double_rule=immediate&blank_double_penalty=25&exhausted_suit_exception=1&hand_size=7&seed=42&autostart=1
//
// Each value is checked as strictly as the setup form checks it, against the same registries (the rule
// options, presets, levels and speeds declared in Python: REGISTRY). A bad value is left out with one
// console warning naming it, and the rest still applies. `lang` is followed by the page's display script
// (static/js/prefs.js, before anything is drawn; here it is only checked) and `host`, the embedding
// page's origin, by static/js/host.js.
//
// Every name from the address is looked up by the registries' own keys only (Object.hasOwn, or an array's
// includes): "constructor", "__proto__" and the other names every object inherits are bad values like any
// other. A parameter given twice draws one warning and its first value applies (as URLSearchParams.get,
// and so prefs.js and host.js, read it). A warning quotes at most the first 40 characters of a value.
import { cleanName, quote } from "./text.js";

/**
 * A seat the address names: who plays it, its name.
 * @typedef {{kind?: string, name?: string}} SeatChoice
 */
/**
 * The choices an address names, checked (readPresets' ``values``): each rule option under its own name too.
 * @typedef {{preset?: string, set?: number, seats?: number, players?: SeatChoice[], rounds?: string,
 *   cpu_speed?: string, after_turn?: string, hand_size?: number, seed?: number,
 *   [option: string]: string | number | boolean | SeatChoice[] | null | undefined}} AddressValues
 */

/**
 * Switches in the address: 1, true, yes or on; 0, false, no or off.
 * @param {string | null} text
 */
function readSwitch(text) {
  const t = String(text).trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(t)) return true;
  if (["0", "false", "no", "off"].includes(t)) return false;
  return null;
}

/** @param {string | null} text */
function readInt(text) {
  const t = String(text).trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/**
 * The setup choices named in ``params`` (a URLSearchParams), checked: {values, autostart, warnings}.
 * ``values`` holds only what was given and valid: preset, set, seats, players ([{kind, name}] for the
 * seats given), rounds, cpu_speed, after_turn, hand_size, seed and each rule option; ``testing`` allows the Random level;
 * ``languages`` ([[code, ...], ...]), when given, are the codes ``lang`` may name.
 * @param {URLSearchParams} params
 * @param {Py.Registry} registry
 * @param {Py.Language[] | null} [languages]
 * @returns {{values: AddressValues, autostart: boolean, warnings: string[]}}
 */
export function readPresets(params, registry, testing = false, languages = null) {
  /** @type {AddressValues} */
  const values = {};
  /** @type {string[]} */
  const warnings = [];
  const bad = (/** @type {string} */ name, /** @type {string} */ why) =>
    warnings.push(`mexican-train: ignoring the address's ${name}=${quote(param(name))}: ${why}`);
  const given = (/** @type {string} */ name) => {
    const all = params.getAll(name);
    if (all.length > 1) {
      warnings.push(`mexican-train: the address gives ${name} ${all.length} times; only the first applies: ${name}=${quote(all[0])}`);
    }
    return all.length > 0;
  };
  const param = (/** @type {string} */ name) => params.get(name) ?? "";   // asked only of the parameters given

  if (given("preset")) {
    if (Object.hasOwn(registry.presets, param("preset"))) values.preset = param("preset");
    else bad("preset", `it is one of ${Object.keys(registry.presets).join(", ")}`);
  }
  const preset = values.preset || "standard";
  if (given("set")) {
    const top = param("set");
    if (Object.hasOwn(registry.presets[preset], top)) values.set = Number(top);
    else bad("set", `it is one of ${Object.keys(registry.presets[preset]).join(", ")}`);
  }
  const table = registry.presets[preset][String(values.set || 12)];
  if (given("seats")) {
    const seats = readInt(param("seats"));
    const [least, most] = table.seats;
    if (seats !== null && seats >= least && seats <= most) values.seats = seats;
    else bad("seats", `the ${preset} rules on this set seat ${least} to ${most} players`);
  }
  const kinds = ["human", "friend", ...registry.levels.filter((l) => l.offered || testing).map((l) => l.name)];
  const players = [];
  for (let i = 0; i < 10; i++) {
    /** @type {SeatChoice} */
    const seat = {};
    if (given("seat" + i)) {
      if (kinds.includes(param("seat" + i))) seat.kind = param("seat" + i);
      else bad("seat" + i, `a seat is played by one of ${kinds.join(", ")}`);
    }
    if (given("name" + i)) {
      const { name, hidden, long } = cleanName(param("name" + i));
      if (hidden) bad("name" + i, "a name holds no control or invisible characters");
      else if (name && !long) seat.name = name;
      else bad("name" + i, `a name has 1 to ${registry.name_rules.most} characters`);
    }
    if (Object.keys(seat).length) players[i] = seat;
  }
  if (players.length) values.players = players;
  if (given("rounds")) {
    if (["one", "short", "full"].includes(param("rounds"))) values.rounds = param("rounds");
    else bad("rounds", "the match length is one, short or full");
  }
  if (given("speed")) {
    if (registry.speeds.includes(param("speed"))) values.cpu_speed = param("speed");
    else bad("speed", `it is one of ${registry.speeds.join(", ")}`);
  }
  if (given("after_turn")) {
    if (registry.after_turn.includes(param("after_turn"))) values.after_turn = param("after_turn");
    else bad("after_turn", `it is one of ${registry.after_turn.join(", ")}`);
  }
  for (const option of registry.options) {
    if (!given(option.name)) continue;
    const text = params.get(option.name);
    if (option.kind === "switch") {
      const on = readSwitch(text);
      if (on === null) bad(option.name, "it is 1 or 0");
      else values[option.name] = on;
    } else {
      const value = option.number ? readInt(text) : text;
      if (option.choices.map(String).includes(String(value))) values[option.name] = value;
      else bad(option.name, `it is one of ${option.choices.join(", ")}`);
    }
  }
  if (given("hand_size")) {
    const size = readInt(params.get("hand_size"));
    const seats = values.seats || 2;
    const most = Math.floor((registry.tiles[String(values.set || 12)] - 2) / seats);
    if (size !== null && size >= 1 && size <= most) values.hand_size = size;
    else bad("hand_size", `1 to ${most} tiles for ${seats} seats on this set`);
  }
  if (given("seed")) {
    const seed = readInt(params.get("seed"));
    if (seed !== null) values.seed = seed;
    else bad("seed", "a deal number is a whole number");
  }
  if (given("lang") && languages) {
    const codes = languages.map((l) => l[0]);
    if (!codes.includes(String(params.get("lang")).toLowerCase().split("-")[0])) bad("lang", `it is one of ${codes.join(", ")}`);
  }
  let autostart = false;
  if (given("autostart")) {
    const on = readSwitch(params.get("autostart"));
    if (on === null) bad("autostart", "it is 1 or 0");
    else autostart = on;
  }
  return { values, autostart, warnings };
}
