// The few strings the page's JavaScript writes itself. Everything said while
// playing comes from Python (py/mexican_train/ui/strings.py, via the view
// model); the setup form and the help are static text in index.html; the
// loading messages are in boot.js.
export const TEXT = {
  queuedStart: "The match starts as soon as the game engine is ready ({pct}%).",
  queuedContinue: "Your match continues as soon as the game engine is ready ({pct}%).",
  savedFound: "A saved match is waiting in this browser.",
  savedElsewhere: "This match is open in another tab or window right now. If you continue it here, that tab stops saving it.",
  updateReady: "A new version of the game is ready. Reload to use it; your match is saved.",
  updateReload: "Reload now",
  updateLater: "Later",
  seatLabel: "Player {n}",
  seatPerson: "Player {n}",
  seatCpu: "CPU {n}",
  you: "You",
  randomKind: "CPU: Random (testing)",
  handPoints: "{points} points in hand",
  engineTile: "Engine",
  playHere: "Play here",
  hintHere: "Hint: play here",
  lastTiles: "Last tiles: {tiles}.",
  noTiles: "No tiles yet.",
  showFewer: "Show fewer tiles",
  soundOn: "Sound on",
  soundOff: "Sound off",
  pause: "Pause",
  exportName: "mexican-train-match.json",
  bridgeBroken: "The game engine stopped answering ({reason}). Reload the page: your match is saved.",
  importRead: "That file could not be read.",
  chartLabel: "{title}. Round by round totals: {summary}.",
  toMove: "to play",
  roundCol: "Round {n}",
};

/** Fill "{name}" fields of a template. */
export function fill(template, fields) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}
