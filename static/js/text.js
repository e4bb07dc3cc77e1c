// What the page's JavaScript needs from Python before Python has loaded: the words it shows itself, in
// the page's language, and the game's registries (presets, rule options, levels, speeds, screens,
// languages). scripts/build_page.py writes both into the page (#mt-data) from the Python package and
// its gettext catalogue; nothing here is a second copy. Everything said while playing comes from
// Python through the view model.
const data = JSON.parse(document.getElementById("mt-data").textContent);

export const TEXT = data.text;
export const REGISTRY = data.registry;
export const LANG = data.lang;
export const LANGUAGES = data.languages;   // [[code, name in that language, page file], ...]

/** Fill "{name}" fields of a template. */
export function fill(template, fields) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}
