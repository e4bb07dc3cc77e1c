// The end-of-match chart: each player's running total after every round, as
// an SVG line chart (the statistics draw their recent results with it too), with a text alternative (the list under it and the
// chart's own accessible name).
import { TEXT, fill } from "./text.js";

const NS = "http://www.w3.org/2000/svg";
export const SERIES_COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#d84315", "#00838f", "#ad1457", "#6d4c41", "#283593", "#827717"];
const DASHES = ["", "8 4", "3 3", "10 3 3 3", "1 4", "6 2", "12 4", "2 6", "5 5", "9 2 2 2"];

/**
 * An SVG element with these attributes (and text).
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 * @param {string} [text]
 */
function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const k in attrs) node.setAttribute(k, String(attrs[k]));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @param {number} kind
 * @param {number} x
 * @param {number} y
 * @param {string} colour
 */
function marker(kind, x, y, colour) {
  switch (kind % 4) {
    case 0: return el("circle", { cx: x, cy: y, r: 4.5, fill: colour });
    case 1: return el("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: colour });
    case 2: return el("path", { d: `M${x} ${y - 5} L${x + 5} ${y + 4} L${x - 5} ${y + 4} Z`, fill: colour });
    default: return el("path", { d: `M${x} ${y - 5} L${x + 5} ${y} L${x} ${y + 5} L${x - 5} ${y} Z`, fill: colour });
  }
}

/**
 * Draw ``chart`` into ``box``, its title into ``caption`` and its text alternative into ``list``.
 * @param {Element} box
 * @param {Element} caption
 * @param {Element} list
 * @param {Py.Chart} chart
 */
export function drawChart(box, caption, list, chart) {
  const W = 360, H = 200, left = 40, right = 12, top = 12, bottom = 30;
  const rounds = Math.max(1, chart.rounds);
  const most = Math.max(1, ...chart.series.flatMap((s) => s.points));
  const step = most <= 10 ? 2 : most <= 50 ? 10 : most <= 150 ? 25 : most <= 400 ? 50 : 100;
  const maxY = Math.ceil(most / step) * step;
  const x = (/** @type {number} */ i) => rounds === 1 ? left + (W - left - right) / 2 : left + (i * (W - left - right)) / (rounds - 1);
  const y = (/** @type {number} */ v) => top + (H - top - bottom) * (1 - v / maxY);
  const summary = chart.series.map((s) => s.summary).join("; ");
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart-svg" });
  // chart.label: the whole accessible name, when the chart is not the match's round-by-round totals
  svg.appendChild(el("title", {}, chart.label || fill(TEXT.chartLabel, { title: chart.title, summary })));
  const grid = el("g", { class: "grid" });
  for (let v = 0; v <= maxY; v += step) {
    grid.appendChild(el("line", { x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    grid.appendChild(el("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  for (let i = 0; i < rounds; i++) {
    const every = Math.ceil(rounds / 13);
    if (i % every === 0 || i === rounds - 1) {
      grid.appendChild(el("text", { x: x(i), y: H - 10, "text-anchor": "middle" }, String(i + 1)));
    }
  }
  svg.appendChild(grid);
  chart.series.forEach((s, n) => {
    const colour = SERIES_COLOURS[n % SERIES_COLOURS.length];
    const g = el("g", { class: s.winner ? "series winner" : "series" });
    if (s.points.length > 1) {
      g.appendChild(el("polyline", { points: s.points.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none",
        stroke: colour, "stroke-width": s.winner ? 3.5 : 2.5, "stroke-dasharray": DASHES[n % DASHES.length],
        "stroke-linejoin": "round" }));
    }
    s.points.forEach((v, i) => g.appendChild(marker(n, x(i), y(v), colour)));
    svg.appendChild(g);
  });
  box.replaceChildren(svg);
  caption.textContent = chart.title;
  list.replaceChildren(...chart.series.map((s, n) => {
    const li = document.createElement("li");
    const key = el("svg", { viewBox: "0 0 28 12", class: "key", "aria-hidden": "true" });
    const colour = SERIES_COLOURS[n % SERIES_COLOURS.length];
    key.appendChild(el("line", { x1: 1, x2: 27, y1: 6, y2: 6, stroke: colour, "stroke-width": 3,
      "stroke-dasharray": DASHES[n % DASHES.length] }));
    key.appendChild(marker(n, 14, 6, colour));
    li.append(key, document.createTextNode(s.summary));
    return li;
  }));
}
