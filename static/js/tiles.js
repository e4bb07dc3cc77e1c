// Domino faces drawn as SVG: bone-coloured, pips coloured by number (0-12 told
// apart at a glance by colour as well as by count), or large numerals.
const NS = "http://www.w3.org/2000/svg";

export const PIP_COLOURS = [
  "none", "#1565c0", "#2e7d32", "#c62828", "#6d4c41", "#6a1b9a", "#00838f",
  "#d84315", "#283593", "#ad1457", "#827717", "#212121", "#9e6a00",
];

// Numerals are text: the lighter hues are darkened to at least 4.5:1 on the bone colour.
/** @type {Record<number, string>} */
const NUMERAL_COLOURS = { 0: "#6b5a44", 2: "#1b5e20", 6: "#006064", 7: "#b3360c", 10: "#6b6210", 12: "#7a5200" };

// Pip centres in a 100 x 100 half, by value.
const L = 24, C = 50, R = 76, T = 24, M = 50, B = 76;
const Q = [17, 39, 61, 83];
const PIPS = [
  [],
  [[C, M]],
  [[L, T], [R, B]],
  [[L, T], [C, M], [R, B]],
  [[L, T], [R, T], [L, B], [R, B]],
  [[L, T], [R, T], [C, M], [L, B], [R, B]],
  [[L, T], [L, M], [L, B], [R, T], [R, M], [R, B]],
  [[L, T], [L, M], [L, B], [C, M], [R, T], [R, M], [R, B]],
  [[L, T], [L, M], [L, B], [C, T], [C, B], [R, T], [R, M], [R, B]],
  [[L, T], [L, M], [L, B], [C, T], [C, M], [C, B], [R, T], [R, M], [R, B]],
  [...Q.map((y) => [L, y]), ...Q.map((y) => [R, y]), [C, Q[1]], [C, Q[2]]],
  [...Q.map((y) => [L, y]), ...Q.map((y) => [R, y]), [C, 28], [C, 50], [C, 72]],
  [...Q.map((y) => [L, y]), ...Q.map((y) => [C, y]), ...Q.map((y) => [R, y])],
];

// The face follows html[data-face] (set before the first paint by static/js/prefs.js, inline in the page).
export function numeralsOn() { return document.documentElement.dataset.face === "numerals"; }

/**
 * An SVG element with these attributes.
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 */
function el(name, attrs) {
  const node = document.createElementNS(NS, name);
  for (const k in attrs) node.setAttribute(k, String(attrs[k]));
  return node;
}

// A half's pips as one path of circles (two arcs each): a board of 13 trains holds hundreds of tiles,
// and one node per half instead of one per pip keeps style, layout and garbage collection short on a phone.
/**
 * @param {number} value
 * @param {number} ox
 * @param {number} oy
 */
function pipsPath(value, ox, oy) {
  const r = value >= 10 ? 8 : 9.5;
  return (PIPS[value] || []).map(([x, y]) =>
    `M${ox + x - r} ${oy + y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`).join("");
}

/**
 * @param {Element} group
 * @param {number} value
 * @param {number} ox
 * @param {number} oy
 */
function half(group, value, ox, oy) {
  const colour = PIP_COLOURS[value] || "#000";
  if (numeralsOn()) {
    const t = el("text", { x: ox + 50, y: oy + 53, "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": value >= 10 ? 54 : 64, "font-weight": 700, fill: NUMERAL_COLOURS[value] || colour,
      "font-family": "system-ui, sans-serif" });
    t.textContent = String(value);
    group.appendChild(t);
  } else if (value > 0) {
    group.appendChild(el("path", { d: pipsPath(value, ox, oy), fill: colour, class: "pips" }));
  }
}

/** @type {Map<string, Element>} */
const drawn = new Map();   // a face drawn once, cloned after: cloning is cheaper than building it again

/**
 * An <svg> of tile (a, b): `vertical` puts a on top, otherwise a on the left.
 * It is decoration only (aria-hidden): the element around it carries the words.
 * @param {number} a
 * @param {number} b
 * @returns {Node}
 */
export function tileSvg(a, b, vertical = false) {
  const key = `${a}-${b}-${vertical ? "v" : "h"}-${numeralsOn() ? "n" : "p"}`;
  let face = drawn.get(key);
  if (!face) {
    const w = vertical ? 100 : 200, h = vertical ? 200 : 100;
    face = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "face", "aria-hidden": "true", focusable: "false" });
    face.appendChild(el("rect", { x: 2, y: 2, width: w - 4, height: h - 4, rx: 14, class: "bone" }));
    if (vertical) face.appendChild(el("line", { x1: 14, y1: 100, x2: 86, y2: 100, class: "divider" }));
    else face.appendChild(el("line", { x1: 100, y1: 14, x2: 100, y2: 86, class: "divider" }));
    const g = el("g", {});
    half(g, a, 0, 0);
    half(g, b, vertical ? 0 : 100, vertical ? 100 : 0);
    face.appendChild(g);
    drawn.set(key, face);
  }
  return face.cloneNode(true);
}
