// The links that carry a WebRTC connection's offer and answer between two devices: the data (the session
// description and a few words) as JSON, compressed with the browser's own CompressionStream ("deflate-raw"),
// in base64url, after "#join=" or "#reply=" in the link's fragment, which a browser never sends to a server.

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function unbase64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} stream */
async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The link text of ``data``: JSON, deflated, base64url. @param {object} data */
export async function pack(data) {
  const json = new TextEncoder().encode(JSON.stringify(data));
  return base64url(await through(json, new CompressionStream("deflate-raw")));
}

/** The data in a link text, or null when it is not whole. @param {string} text */
export async function unpack(text) {
  try {
    const bytes = await through(unbase64url(text), new DecompressionStream("deflate-raw"));
    const data = JSON.parse(new TextDecoder().decode(bytes));
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

/** The fragment's value after "#<name>=", or null. @param {string} name */
export function fragment(name) {
  const prefix = `#${name}=`;
  return location.hash.startsWith(prefix) ? location.hash.slice(prefix.length) : null;
}

/** The page beside this one named ``file`` (same folder), with ``hash``. @param {string} file @param {string} hash */
export function beside(file, hash) {
  return new URL(`./${file}#${hash}`, location.href).href;
}

/** Resolves once ``pc`` has gathered its candidates (they are then in its description). @param {RTCPeerConnection} pc */
export function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(undefined); return; }
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") resolve(undefined); });
  });
}

/** The most a message on a data channel may hold (a bigger one is refused). */
export const MAX_MESSAGE = 64 * 1024;
/** The BroadcastChannel a reply link's page hands the answer to the game's tab through. */
export const CHANNEL = "mexican-train:friends";

/** The copy and share buttons of a link. @param {string} url @param {HTMLElement} status @param {Record<string,string>} text */
export async function copy(url, status, text) {
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = text.copied;
  } catch {
    status.textContent = text.copyFailed;
  }
}

/** The friends' screens' words (page/lobby.html: the lobby's data-text). @returns {Record<string, string>} */
export function words() {
  const el = document.getElementById("lobby-screen");
  return JSON.parse((el && el.dataset.text) || "{}");
}

/** The address parameters naming the friends' STUN and TURN servers (the README's table lists them). */
export const SERVER_PARAMETERS = ["stun", "turn", "turn_username", "turn_credential"];

const SERVER_URL = /^(stuns?|turns?):[^\s"'<>,]{1,200}$/;

/** One STUN or TURN server, checked: its address (stun:, stuns:, turn:, turns:), and for TURN its user name and
 * credential; null when any is wrong. @param {string} url @param {unknown} username @param {unknown} credential */
function server(url, username, credential) {
  if (!SERVER_URL.test(url)) return null;
  if (url.startsWith("stun")) return { urls: url };
  if (typeof username !== "string" || typeof credential !== "string" || !username || !credential
      || username.length > 200 || credential.length > 200) return null;
  return { urls: url, username, credential };
}

/**
 * The STUN and TURN servers the hosting site names in the address (none by default: then the game contacts no
 * server at all, and only devices on the same network connect): ``stun`` and ``turn``, each one address or
 * several separated by commas, with ``turn_username`` and ``turn_credential`` for TURN. A bad parameter is
 * left out whole, with one console warning (``warn``) quoting its value (``show``: at most 40 characters), as
 * presets.js warns; so is a parameter given twice (its first value applies).
 * @param {URLSearchParams} params @param {(text: string) => void} warn
 * @param {(value: unknown) => string} [show] @returns {RTCIceServer[]}
 */
export function iceServers(params, warn, show = (value) => String(value).slice(0, 40)) {
  for (const name of SERVER_PARAMETERS) {
    const all = params.getAll(name);
    if (all.length > 1) warn(`mexican-train: the address gives ${name} ${all.length} times; only the first applies: ${name}=${show(all[0])}`);
  }
  const bad = (/** @type {string} */ name, /** @type {string} */ why) =>
    warn(`mexican-train: ignoring the address's ${name}=${show(params.get(name))}: ${why}`);
  const username = params.get("turn_username"), credential = params.get("turn_credential");
  /** @type {RTCIceServer[]} */
  const found = [];
  let turned = false;
  for (const name of ["stun", "turn"]) {
    const given = params.get(name);
    if (given === null) continue;
    const urls = given.split(",").map((u) => u.trim()).filter(Boolean);
    const servers = urls.map((u) => (u.startsWith(name) ? server(u, username, credential) : null));
    if (!urls.length || urls.length > 8 || servers.some((one) => !one)) {
      bad(name, name === "stun" ? "it is stun:host:port or stuns:host:port, several separated by commas"
        : "it is turn:host:port or turns:host:port, several separated by commas, with turn_username and turn_credential");
      continue;
    }
    found.push(.../** @type {RTCIceServer[]} */ (servers));
    turned = turned || name === "turn";
  }
  for (const name of ["turn_username", "turn_credential"]) {
    if (params.get(name) !== null && !turned) bad(name, "it goes with the TURN servers of turn= (turn:host:port)");
  }
  return found.slice(0, 8);
}

/** The servers an invitation names (the host's, for the friend's device to use too), checked as the address's
 * are; anything else is left out. @param {unknown} list @returns {RTCIceServer[]} */
export function checkedServers(list) {
  if (!Array.isArray(list)) return [];
  /** @type {RTCIceServer[]} */
  const found = [];
  for (const item of list.slice(0, 8)) {
    if (item && typeof item === "object" && typeof item.urls === "string") {
      const ok = server(item.urls, item.username, item.credential);
      if (ok) found.push(ok);
    }
  }
  return found;
}
