// The example host (examples/host.html): puts the game in a frame with a match preset in its address,
// lists every event the game sends, keeps a score table from them, and sends Pause/Resume/Mute.
// The game's address comes from ?game=... (python3 -m scripts.serve --example passes it).
const here = new URLSearchParams(location.search);
const GAME = new URL(here.get("game") || "http://127.0.0.1:8000/");
const frame = /** @type {HTMLIFrameElement} */ (element("game"));

/**
 * The element with this id (the example's markup, host.html); throws when it has none.
 * @param {string} id
 */
function element(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`host.html has no #${id}`);
  return el;
}

/** @param {HTMLFormElement} form */
function offer(form) {
  const url = new URL(GAME);
  for (const [name, value] of new FormData(form)) url.searchParams.set(name, String(value));
  url.searchParams.set("seats", "2");
  url.searchParams.set("seat0", "human");
  url.searchParams.set("autostart", "1");
  url.searchParams.set("host", location.origin);   // events come to this origin, with the name given above
  frame.src = url.href;
  element("scores").replaceChildren();
}

/** @param {string} type */
function send(type) {
  if (frame.contentWindow) frame.contentWindow.postMessage({ source: "mexican-train-host", type }, GAME.origin);
}

window.addEventListener("message", (event) => {
  if (event.origin !== GAME.origin || !event.data || event.data.source !== "mexican-train") return;
  const item = document.createElement("li");
  item.textContent = JSON.stringify(event.data);
  element("events").append(item);
  if (event.data.type === "round-end") {
    const row = document.createElement("tr");
    for (const text of [event.data.round, event.data.scores.join(" / "), event.data.totals.join(" / ")]) {
      const cell = document.createElement("td");
      cell.textContent = String(text);
      row.append(cell);
    }
    element("scores").append(row);
  }
});

const form = /** @type {HTMLFormElement} */ (element("offer"));
form.addEventListener("submit", (e) => { e.preventDefault(); offer(form); });
for (const type of ["pause", "resume", "mute"]) element(type).addEventListener("click", () => send(type));
offer(form);
