// Friends on their own devices, the host's side. Start with a seat played from "a friend's device" opens the
// lobby: for each such seat a WebRTC connection's offer, in an invitation link (link.js). The friend's page
// (friend.html, static/js/friend.js) answers with a reply link; opened on this device, that page hands the
// answer here through a BroadcastChannel, and the data channel opens. The deal is made when every friend has
// joined, or on Start now, with a computer in each seat still empty.
//
// Once the match runs, the host's Python is the match: each friend's message is one event of the protocol,
// sent with its seat as the call's source and checked there as a tap here is (a refusal is one console
// warning, in bridge.js); each game answer carries a view model for each friend's seat (``friends``), which
// goes to that friend's channel and nowhere else. A message over 64 KB or not of the shape below is refused
// here, with one console warning.
//
// Messages on a channel, as JSON text: host -> friend {t: "view", view}; friend -> host {t: "event", event}.
import { $, find } from "./dom.js";
import { REGISTRY, fill, quote } from "./text.js";
import { CHANNEL, MAX_MESSAGE, beside, copy, gathered, iceServers, pack, unpack, words } from "./link.js";
import { cameraBlocked, cameraRefused, readFrame, readerName, showQr, watch } from "./qr.js";

/** @typedef {import("./setup.js").Settings} Settings */
/** @typedef {{id: string, seat: number, sdp: string, lang?: unknown, token?: unknown}} Answer */
/**
 * A friend's seat: its current connection, its row (the lobby's, or the away panel's while its device is not
 * connected), and the seat's token, which the host's device sends the friend's once connected: a reconnection
 * for the seat must carry it.
 * @typedef {{seat: number, name: string, pc: RTCPeerConnection, channel: RTCDataChannel, lang: string,
 *   joined: boolean, row: HTMLElement, token: string, away: boolean}} Friend
 */
/**
 * @typedef {{startMatch: (settings: Settings) => void, sendFrom: (event: Py.Event, source: Py.Source) => void,
 *   send: (event: Py.Event) => void, showSetup: () => void, emit: (type: string, fields: object) => void}} FriendHooks
 */

const TEXT = words();
/** The STUN and TURN servers the hosting site names (address parameters): none by default. */
const ICE = iceServers(new URLSearchParams(location.search), (text) => console.warn(text), quote);
/** @type {Map<number, Friend>} */
const friends = new Map();
/** @type {Settings | null} */
let lobbySettings = null;
let lobbyId = "";
let hostName = "";
let started = false;
/** @type {FriendHooks} */
let hooks;

/** Whether ``settings`` name a seat played from a friend's device. @param {Settings} settings */
export function wanted(settings) {
  return Array.isArray(settings.players) && settings.players.some((p) => p && p.kind === "friend");
}

/** The seat's name as the lobby says it. @param {Settings} settings @param {number} seat */
function seatName(settings, seat) {
  const p = /** @type {import("./setup.js").Seat[]} */ (settings.players)[seat];
  return (p && p.name.trim()) || fill(REGISTRY.names.person, { n: seat + 1 });
}

/** Open the lobby for ``settings``: an invitation per friend's seat. @param {Settings} settings */
export async function openLobby(settings) {
  close();
  lobbySettings = settings;
  started = false;
  lobbyId = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  $("setup-screen").hidden = true;
  $("lobby-screen").hidden = false;
  document.documentElement.dataset.view = "lobby";
  const list = $("lobby-seats");
  list.replaceChildren();
  const players = /** @type {import("./setup.js").Seat[]} */ (settings.players);
  const hostSeat = players.findIndex((p) => p.kind === "human");
  hostName = hostSeat >= 0 ? seatName(settings, hostSeat) : "";
  $("lobby-seats").after(find(".lobby-reader"));
  const template = $("lobby-seat", HTMLTemplateElement);
  for (let seat = 0; seat < players.length; seat++) {
    if (players[seat].kind !== "friend") continue;
    const name = seatName(settings, seat);
    const row = /** @type {HTMLElement} */ (/** @type {Element} */ (template.content.firstElementChild).cloneNode(true));
    find(".lobby-name", HTMLElement, row).textContent = name;
    find(".lobby-status", HTMLElement, row).textContent = fill(TEXT.waiting, { name });
    row.dataset.seat = String(seat);
    list.append(row);
    /** @type {Friend} */
    const friend = { seat, name, pc: /** @type {RTCPeerConnection} */ (/** @type {unknown} */ (null)),
      channel: /** @type {RTCDataChannel} */ (/** @type {unknown} */ (null)), lang: "en", joined: false, row, token: "", away: false };
    friends.set(seat, friend);
    await invite(friend);
  }
  const first = list.querySelector("[data-invite-link]");
  if (first instanceof HTMLElement) first.focus();
}

/** A new connection's offer for ``friend``'s seat, shown in its row as a link, a QR code and text: the first
 * invitation, or a new one once its device is away. @param {Friend} friend */
async function invite(friend) {
  const { seat, name, row } = friend;
  const pc = new RTCPeerConnection({ iceServers: ICE });
  const channel = pc.createDataChannel("mexican-train", { ordered: true });
  friend.pc = pc;
  friend.channel = channel;
  friend.joined = false;
  channel.addEventListener("open", () => joined(friend));
  channel.addEventListener("message", (e) => fromFriend(friend, e.data));
  channel.addEventListener("close", () => { if (friend.channel === channel) lost(friend); });
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState !== "failed" || friend.pc !== pc) return;
    if (friend.joined) lost(friend);
    else status(friend, fill(TEXT.failed, { name }) + " " + TEXT.failedWhy);
  });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  if (friend.pc !== pc) return;
  const description = /** @type {RTCSessionDescription} */ (pc.localDescription);
  const link = beside("friend.html", "join=" + await pack(
    { v: 1, id: lobbyId, seat, name, host: hostName, sdp: description.sdp, ...(ICE.length ? { ice: ICE } : {}) }));
  const a = find("[data-invite-link]", HTMLAnchorElement, row);
  a.href = link;
  a.textContent = fill(TEXT.inviteFor, { name });
  a.hidden = false;   // hidden until it leads somewhere: an empty link would be in the tab order with no name
  showQr(find("[data-invite-qr]", HTMLImageElement, row), link, fill(TEXT.inviteQr, { name }));
  find("[data-invite-text]", HTMLTextAreaElement, row).value = link;
  const share = find('[data-lobby="share"]', HTMLButtonElement, row);
  share.hidden = typeof navigator.share !== "function";
  hooks.emit("friend-invitation", { seat, link });
}

/** The embedding site's command carrying a friend's reply link (docs/embed.md). @param {unknown} link */
export function fromHost(link) {
  if (typeof link === "string" && link.length <= MAX_MESSAGE) fromText(link);
  else console.warn("mexican-train: ignoring the command friend-reply: its link is not a reply link's text");
}

/** ``friend``'s channel closed once the match was dealt: the seat is away on every device (the match waits at
 * its turn), and the away panel offers a new invitation for it and a computer to play it meanwhile.
 * @param {Friend} friend */
function lost(friend) {
  if (!started || friend.away || friends.get(friend.seat) !== friend) return;
  friend.away = true;
  friend.pc.close();
  hooks.send({ type: "friend_seat", seat: friend.seat, away: true, stand_in: "" });
  showAway(friend);
}

/** ``friend``'s row in the away panel, with a new invitation for the seat. @param {Friend} friend */
function showAway(friend) {
  const row = /** @type {HTMLElement} */ (/** @type {Element} */ ($("away-seat", HTMLTemplateElement).content.firstElementChild).cloneNode(true));
  row.dataset.seat = String(friend.seat);
  find(".lobby-name", HTMLElement, row).textContent = friend.name;
  find(".lobby-status", HTMLElement, row).textContent = fill(TEXT.away, { name: friend.name });
  const select = find("[data-stand-in]", HTMLSelectElement, row);
  const params = new URLSearchParams(location.search);
  for (const level of REGISTRY.levels.filter((l) => l.offered || params.get("test") === "1")) {
    select.append(new Option(REGISTRY.level_names[level.name] || level.name, level.name, level.name === "normal", level.name === "normal"));
  }
  friend.row = row;
  $("away-seats").append(row);
  const panel = $("away-panel");
  panel.hidden = false;
  if (!panel.contains(find(".lobby-reader"))) panel.append(find(".lobby-reader"));
  invite(friend);
}

/** The away panel after a seat's change: hidden when no friend is away. */
function awayShown() {
  const away = [...friends.values()].some((f) => f.away);
  $("away-panel").hidden = !away;
  if (!away) cameraOff();
}

/** @param {Friend} friend @param {string} text */
function status(friend, text) { find(".lobby-status", HTMLElement, friend.row).textContent = text; }

/** A reply link's page handed over a friend's answer. @param {MessageEvent} e */
function onReply(e) {
  const said = answered(e.data);
  if (said && said !== TEXT.cameraRead) $("reader-status").textContent = said;
}

/**
 * A friend's answer (from a reply link's page, the camera or the paste box): null when it is none this page
 * waits for; else what is said of it (used, or refused: a seat that was played already comes back only with
 * its token, from the friend's own device).
 * @param {unknown} given
 */
function answered(given) {
  const data = /** @type {Partial<Answer> | null} */ (given && typeof given === "object" ? given : null);
  if (!data || data.id !== lobbyId || !Number.isInteger(data.seat) || typeof data.sdp !== "string") return null;
  const friend = friends.get(/** @type {number} */ (data.seat));
  if (!friend || friend.pc.signalingState !== "have-local-offer") return null;
  if (friend.token && data.token !== friend.token) return fill(TEXT.notTheirs, { name: friend.name });
  use(friend, /** @type {Answer} */ (data));
  return TEXT.cameraRead;
}

/** @param {Friend} friend @param {Answer} data */
async function use(friend, data) {
  performance.mark("mt-reply-received");   // bench/friends_speed.py: from here to the friend's first board
  friend.lang = typeof data.lang === "string" ? data.lang.slice(0, 16) : "en";
  status(friend, fill(TEXT.replyCame, { name: friend.name }));
  try {
    await friend.pc.setRemoteDescription({ type: "answer", sdp: data.sdp });
  } catch (err) {
    console.warn(`mexican-train: the reply for seat ${friend.seat} could not be used: ${err}`);
    status(friend, fill(TEXT.failed, { name: friend.name }));
  }
}

/** ``friend``'s channel is open: the seat's token goes to its device (made once, kept for the match); a friend
 * back from away plays the seat again, on every device. @param {Friend} friend */
function joined(friend) {
  friend.joined = true;
  if (!friend.token) friend.token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  friend.channel.send(JSON.stringify({ t: "seat", id: lobbyId, seat: friend.seat, token: friend.token }));
  if (friend.away) {
    friend.away = false;
    friend.row.remove();
    $("reader-status").textContent = fill(TEXT.back, { name: friend.name });
    awayShown();
    hooks.send({ type: "friend_seat", seat: friend.seat, away: false, stand_in: "" });
    return;
  }
  friend.row.dataset.joined = "1";
  status(friend, fill(TEXT.connected, { name: friend.name }));
  if (!started && [...friends.values()].every((f) => f.joined)) startNow();
}

/** Deal now: every friend who joined plays their seat, a computer (Normal) each other friend's seat. */
function startNow() {
  if (!lobbySettings || started) return;
  started = true;
  const settings = { ...lobbySettings };
  /** @type {[number, string][]} */
  const remote = [];
  settings.players = /** @type {import("./setup.js").Seat[]} */ (lobbySettings.players).map((p, seat) => {
    if (p.kind !== "friend") return p;
    const friend = friends.get(seat);
    if (friend && friend.joined) { remote.push([seat, friend.lang]); return { ...p, kind: "human" }; }
    if (friend) { friend.pc.close(); friends.delete(seat); }
    return { name: "", kind: "normal" };
  });
  settings.friends = remote;
  keep();
  $("lobby-screen").hidden = true;
  hooks.startMatch(settings);
}

/** A message from a friend's device: one event of the protocol, else refused with one warning.
 * @param {Friend} friend @param {unknown} data */
function fromFriend(friend, data) {
  const refuse = (/** @type {string} */ why) => console.warn(`mexican-train: refused a message from seat ${friend.seat}'s device: ${why}`);
  if (typeof data !== "string") { refuse("not text"); return; }
  if (data.length > MAX_MESSAGE) { refuse(`${data.length} characters, more than ${MAX_MESSAGE}`); return; }
  let message;
  try { message = JSON.parse(data); } catch { refuse("not JSON"); return; }
  if (!message || message.t !== "event" || !message.event || typeof message.event !== "object" || Array.isArray(message.event)) {
    refuse("not an event");
    return;
  }
  if (!started) return;   // the match is not dealt yet: its first view comes with the deal
  hooks.sendFrom(message.event, { seat: friend.seat });
}

const KEPT = "mexican-train:friends-lobby";

/** What a reload of this page needs to bring the friends back to their seats: the match's lobby id, the host's
 * name and each seat's name and token (in this browser's localStorage, beside the save). */
function keep() {
  const seats = Object.fromEntries([...friends.values()].map((f) => [String(f.seat), { name: f.name, token: f.token }]));
  try { localStorage.setItem(KEPT, JSON.stringify({ id: lobbyId, host: hostName, seats })); } catch { /* no storage */ }
}

/**
 * The saved match with friends, continued on a new page (a reload, or the host's tab opened again): every
 * friend's seat is away, with a new invitation; a friend's device answering it with its seat's token (kept
 * from the page that saved) plays the seat again.
 * @param {Record<string, Py.GameView>} views
 */
function resume(views) {
  /** @type {{id?: unknown, host?: unknown, seats?: Record<string, {name?: unknown, token?: unknown}>}} */
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(KEPT) || "{}") || {}; } catch { kept = {}; }
  const seats = kept.seats && typeof kept.seats === "object" ? kept.seats : {};
  lobbyId = typeof kept.id === "string" ? kept.id : Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  hostName = typeof kept.host === "string" ? kept.host : "";
  started = true;
  for (const [key, view] of Object.entries(views)) {
    const seat = Number(key);
    const mine = Object.hasOwn(seats, key) ? seats[key] : {};
    const players = /** @type {Py.BoardView} */ (view).players || [];
    const name = typeof mine.name === "string" ? mine.name : (players[seat] ? players[seat].name : "");
    /** @type {Friend} */
    const friend = { seat, name, pc: /** @type {RTCPeerConnection} */ (/** @type {unknown} */ (null)),
      channel: /** @type {RTCDataChannel} */ (/** @type {unknown} */ (null)), lang: "en", joined: false,
      row: document.createElement("li"), token: typeof mine.token === "string" ? mine.token : "", away: true };
    friends.set(seat, friend);
    showAway(friend);
  }
}

/** A game answer: each friend's view model to that friend's channel. @param {Py.Reply} reply */
export function deliver(reply) {
  if (reply.part !== "game" || !reply.friends) return;
  if (!started && friends.size === 0 && Object.keys(reply.friends).length) resume(reply.friends);
  for (const [seat, view] of Object.entries(reply.friends)) {
    const friend = friends.get(Number(seat));
    if (friend && friend.channel.readyState === "open") friend.channel.send(JSON.stringify({ t: "view", view }));
  }
}

/** The answer in a reply link's text (pasted, or read from a QR code), or null. @param {string} text */
async function replyIn(text) {
  const at = text.trim().indexOf("#reply=");
  return at < 0 ? null : unpack(text.trim().slice(at + "#reply=".length));
}

/** A reply link pasted, or read by the camera: used if it is one this page waits for, else said so.
 * @param {string} text */
async function fromText(text) {
  const said = answered(await replyIn(text));
  $("reader-status").textContent = said || TEXT.notReply;
  return said === TEXT.cameraRead;
}

/** @type {(() => void) | null} */
let stopCamera = null;

/** Open the camera view, or say why there is none and offer the paste box. */
async function camera() {
  const status = $("reader-status");
  const unable = (/** @type {string} */ key) => {
    status.textContent = TEXT[key];
    $("reply-paste").focus();
  };
  const blocked = cameraBlocked();
  if (blocked) { unable(blocked); return; }
  const video = readerVideo();
  const canvas = document.createElement("canvas");
  try {
    let busy = false;
    stopCamera = await watch(video, canvas, (text) => {
      if (busy || !text.includes("#reply=")) return false;
      busy = true;
      replyIn(text).then((data) => {
        busy = false;
        const said = answered(data);
        if (said) status.textContent = said;
        if (said === TEXT.cameraRead) cameraOff();
      });
      return false;
    });
  } catch (err) {
    unable(cameraRefused(err));
    return;
  }
  video.hidden = false;
  find('[data-lobby="camera_stop"]', HTMLButtonElement).hidden = false;
  status.textContent = TEXT.cameraOn;
}

/**
 * The camera's view, made the first time the camera is asked for and kept, below the camera's buttons. Not in the
 * page's markup: a <video> element there cost Firefox 10-15 ms of its first parse in a new content process, before
 * the first paint of every first visit (docs/measurements/engines.md), for a view few players open.
 * @returns {HTMLVideoElement}
 */
function readerVideo() {
  const made = document.getElementById("reader-video");
  if (made instanceof HTMLVideoElement) return made;
  const video = document.createElement("video");
  video.id = "reader-video";
  video.className = "reader-video";
  video.muted = true;
  video.setAttribute("muted", "");
  video.setAttribute("playsinline", "");   // iOS: shown in the page, not full screen
  video.hidden = true;
  /** @type {HTMLElement} */ (find('[data-lobby="camera"]').parentElement).after(video);
  return video;
}

function cameraOff() {
  if (stopCamera) stopCamera();
  stopCamera = null;
  const video = document.getElementById("reader-video");
  if (video) video.hidden = true;
  find('[data-lobby="camera_stop"]', HTMLButtonElement).hidden = true;
}

/** Close every connection (a new match without friends, or the lobby cancelled). */
export function close() {
  if (stopCamera) cameraOff();
  started = false;
  for (const friend of friends.values()) friend.pc.close();
  friends.clear();
  $("away-seats").replaceChildren();
  $("away-panel").hidden = true;
  lobbySettings = null;
}

/** @param {string} name @param {HTMLElement} el */
async function action(name, el) {
  const row = /** @type {HTMLElement | null} */ (el.closest(".lobby-seat"));
  const friend = row ? friends.get(Number(row.dataset.seat)) : undefined;
  const link = row ? find("[data-invite-link]", HTMLAnchorElement, row).href : "";
  if (name === "copy" && friend) await copy(link, find(".lobby-status", HTMLElement, friend.row), TEXT);
  else if (name === "share" && friend) navigator.share({ title: TEXT.shareTitle, text: TEXT.shareInvite, url: link }).catch(() => {});
  else if ((name === "stand_in" || name === "take_back") && friend && friend.away) {
    const level = name === "stand_in" ? find("[data-stand-in]", HTMLSelectElement, friend.row).value : "";
    find('[data-lobby="stand_in"]', HTMLButtonElement, friend.row).hidden = !!level;
    find('[data-lobby="take_back"]', HTMLButtonElement, friend.row).hidden = !level;
    hooks.send({ type: "friend_seat", seat: friend.seat, away: true, stand_in: level });
    find(`[data-lobby="${level ? "take_back" : "stand_in"}"]`, HTMLButtonElement, friend.row).focus();
  }
  else if (name === "camera") camera();
  else if (name === "camera_stop") cameraOff();
  else if (name === "paste") fromText($("reply-paste", HTMLInputElement).value);
  else if (name === "start_now") { cameraOff(); startNow(); }
  else if (name === "cancel") { close(); $("lobby-screen").hidden = true; hooks.showSetup(); }
}

/** Attach the lobby to the host's page. @param {FriendHooks} given */
export function attachFriends(given) {
  hooks = given;
  // ?test=1: the browser tests read any image with the lobby's QR reader (the camera's frames go the same way)
  if (new URLSearchParams(location.search).get("test") === "1") {
    Object.assign(window, { mtQr: { readerName, read: (/** @type {HTMLImageElement} */ img) => readFrame(img, document.createElement("canvas")) } });
  }
  $("reply-paste").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); fromText($("reply-paste", HTMLInputElement).value); }
  });
  if (typeof BroadcastChannel === "function") new BroadcastChannel(CHANNEL).addEventListener("message", onReply);
  for (const id of ["lobby-screen", "away-panel"]) {
    $(id).addEventListener("click", (e) => {
      const t = e.target instanceof Element ? e.target.closest("[data-lobby]") : null;
      if (t instanceof HTMLElement) action(/** @type {string} */ (t.dataset.lobby), t);
    });
  }
}
