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
    index = category in PLURAL ? PLURAL[category] : PLURAL.other;
  } catch (e) { /* no Intl: the English rule */ }
  return fill(forms[Math.min(index, forms.length - 1)], { ...fields, n });
}

/**
 * Fill "{name}" fields of a template.
 * @param {string} template
 * @param {Record<string, unknown>} fields
 */
export function fill(template, fields) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}
