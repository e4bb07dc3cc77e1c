// What the page's JavaScript needs from Python before Python has loaded: the words it shows itself, in
// the page's language, and the game's registries (presets, rule options, levels, speeds, screens,
// languages). scripts/build_page.py writes both into the page (#mt-data) from the Python package and
// its gettext catalogue; nothing here is a second copy. Everything said while playing comes from
// Python through the view model.
import { $ } from "./dom.js";

/** @type {Py.PageData} */
const data = JSON.parse($("mt-data").textContent);

export const TEXT = data.text;
export const REGISTRY = data.registry;
export const LANG = data.lang;
export const LANGUAGES = data.languages;   // [[code, name in that language, page file], ...]
// The length of the function table Python's snapshot was taken with (a restore checks it: pyodide-boot.js).
export const SNAPSHOT_TABLE = data.snapshotTable;
// Which form of a plural message each of the language's plural categories (Intl.PluralRules) takes:
// {"one": 0, "other": 1} in English. The build reads it off the catalogue's own plural rule.
const PLURAL = data.plural;
/** @type {Intl.PluralRules | null} */
let pluralRules = null;

/**
 * The form of a plural message (``forms``: every form, in the catalogue's order) for ``n``, filled in.
 * @param {string[]} forms
 * @param {number} n
 * @param {Record<string, unknown>} [fields]
 */
export function plural(forms, n, fields = {}) {
  let index = n === 1 ? 0 : 1;
  try {
    pluralRules = pluralRules || new Intl.PluralRules(LANG);
    const category = pluralRules.select(n);
    index = Object.hasOwn(PLURAL, category) ? PLURAL[category] : PLURAL.other;
  } catch (e) { /* no Intl: the English rule */ }
  return fill(forms[Math.min(index, forms.length - 1)], { ...fields, n });
}

/**
 * Fill "{name}" fields of a template.
 * @param {string} template
 * @param {Record<string, unknown>} fields
 */
export function fill(template, fields) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(fields, k) ? String(fields[k]) : m));
}

// What a name may hold is Python's rule (py/mexican_train/names.py): the build writes its set of hidden
// characters (control and invisible format characters) into the registry. Python decides every name
// when a match starts; the page checks the address's names by it and cleans what it shows before then.
const HIDDEN = new RegExp(`[${REGISTRY.name_rules.hidden}]`, "gu");
const HIDDEN_ONE = new RegExp(`[${REGISTRY.name_rules.hidden}]`, "u");
export const NAME_MOST = REGISTRY.name_rules.most;

/**
 * A name as Python would keep it, for showing: {name, hidden, long} (hidden: control or invisible
 * characters were in it; long: it had more than NAME_MOST characters, and ``name`` is cut there).
 * @param {unknown} text
 * @returns {{name: string, hidden: boolean, long: boolean}}
 */
export function cleanName(text) {
  const t = String(text);
  const hidden = HIDDEN_ONE.test(t);
  const tidy = t.replace(HIDDEN, (c) => (/\s/.test(c) ? " " : "")).replace(/\s+/g, " ").trim();
  let name = "";
  let n = 0;
  for (const c of tidy) {
    if (n++ === NAME_MOST) break;
    name += c;
  }
  return { name: name.trim(), hidden, long: n > NAME_MOST };
}

/**
 * A value from outside, for a console warning: its first 40 characters, hidden ones written as \u{...}.
 * @param {unknown} value
 */
export function quote(value, most = 40) {
  let shown = "";
  let n = 0;
  for (const c of String(value)) {
    if (n++ === most) return shown + "…";
    shown += HIDDEN_ONE.test(c) ? `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}` : c;
  }
  return shown;
}
