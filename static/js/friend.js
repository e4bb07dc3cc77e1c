// A friend's device: the page an invitation link opens (friend.html). It loads no Python: it answers the
// host's WebRTC offer with a reply link (link.js), and once the data channel is open it draws the view
// models the host's device sends, for this seat and in this page's language, with the game's own renderer;
// the friend's taps go back as events of the protocol, which the host checks. A reply link opened on the
// host's device lands here too: it hands the answer to the game's tab (a BroadcastChannel) and says so.
//
// Test hook: window.mtFriend.received holds every message text the host sent; send(text) sends any text.
import { $ } from "./dom.js";
import * as render from "./render.js";
import { attachInput } from "./input.js";
import { LANG, fill } from "./text.js";
import { CHANNEL, beside, checkedServers, copy, fragment, gathered, pack, unpack, words } from "./link.js";
import { showQr } from "./qr.js";
import { attachHost } from "./host.js";

const TEXT = words();
/** @type {Py.BoardView | null} */
let vm = null;
/** @type {RTCDataChannel | null} */
let channel = null;
/** @type {string} */
let replyUrl = "";
/** The commands a friend's device may give: its own actions (protocol.REMOTE_COMMANDS, but the hint). */
const OWN = new Set(["draw", "pass", "stop", "clear"]);
/** @type {{received: string[], send: (text: string) => void}} */
const hook = { received: [], send: (text) => { if (channel) channel.send(text); } };
Object.assign(window, { mtFriend: hook });
// In a frame on a games site that names itself (host=), the site may carry the links (docs/embed.md): it sends
// the invitation as a command, and gets the reply as an event.
const site = attachHost(new URLSearchParams(location.search), {
  "friend-invitation": (data) => {
    const link = typeof data.link === "string" ? data.link : "";
    const at = link.indexOf("#join=");
    if (at >= 0 && link.length <= 64 * 1024) location.hash = link.slice(at + 1);   // answered as on a page of its own
    else console.warn("mexican-train: ignoring the command friend-invitation: its link is not an invitation's text");
  },
}, () => undefined);

/** @param {string} text */
function say(text) { $("join-status").textContent = text; }

/** @param {string} name */
function show(name) {
  for (const id of ["setup-screen", "join-screen", "game-screen", "lobby-screen"]) $(id).hidden = id !== name;
  document.documentElement.dataset.view = name;
}

/** An event of this seat to the host's device. @param {Py.Event} event */
function send(event) {
  if (event.type === "command") {
    const name = event.name === "escape" && vm && vm.hand && (vm.hand.tiles || []).some((t) => t.selected) ? "clear" : event.name;
    if (!OWN.has(name)) return;
    event = { type: "command", name: /** @type {Py.Command} */ (name) };
  }
  if (channel && channel.readyState === "open") channel.send(JSON.stringify({ t: "event", event }));
}

/** Where this browser keeps the token of its seat in a match, which brings it back to that seat after a lost
 * connection. @param {unknown} id @param {unknown} seat */
function tokenKey(id, seat) { return `mexican-train:friend-seat:${String(id).slice(0, 40)}:${Number(seat)}`; }

/** @type {{id: unknown, seat: unknown} | null} */
let offered = null;

/** A message from the host's device. @param {string} text */
function received(text) {
  hook.received.push(text);
  let message;
  try { message = JSON.parse(text); } catch { return; }
  if (message && message.t === "seat" && typeof message.token === "string" && offered
      && message.id === offered.id && message.seat === offered.seat) {
    try { localStorage.setItem(tokenKey(message.id, message.seat), message.token.slice(0, 64)); } catch { /* no storage */ }
    return;
  }
  if (!message || message.t !== "view" || !message.view || message.view.screen === "setup") return;
  const first = !vm;
  vm = message.view;
  if (first) { show("game-screen"); render.resetFocus(); }
  $("friend-lost").hidden = true;
  render.renderGame(/** @type {Py.BoardView} */ (vm));
  document.documentElement.dataset.screen = /** @type {Py.BoardView} */ (vm).screen;
  document.documentElement.dataset.step = /** @type {Py.BoardView} */ (vm).step;
  if (first) performance.mark("mt-friend-board");
}

/** The invitation in the link: answer it. */
async function join() {
  show("join-screen");
  const offer = await unpack(fragment("join") || "");
  if (!offer || typeof offer.sdp !== "string" || !Number.isInteger(offer.seat)) { say(TEXT.joinBroken); return; }
  $("join-whose").textContent = fill(TEXT.whose, { host: String(offer.host || ""), name: String(offer.name || "") });
  if (typeof RTCPeerConnection !== "function") { say(TEXT.noRtc); return; }
  const pc = new RTCPeerConnection({ iceServers: checkedServers(offer.ice) });   // the host's site's, if any
  pc.addEventListener("datachannel", (e) => {
    channel = e.channel;
    channel.addEventListener("open", () => {
      say(fill(TEXT.hostConnected, { host: String(offer.host || "") }));
      send({ type: "refresh" });
    });
    channel.addEventListener("message", (m) => received(String(m.data)));
    channel.addEventListener("close", lostHost);
  });
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState !== "failed") return;
    if (channel && channel.readyState !== "connecting") lostHost();
    else say(TEXT.noConnection);   // never connected: why, and what to do
  });
  offered = { id: offer.id, seat: offer.seat };
  let token = null;
  try { token = localStorage.getItem(tokenKey(offer.id, offer.seat)); } catch { /* no storage: a first join */ }
  await pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const answer = /** @type {RTCSessionDescription} */ (pc.localDescription);
  replyUrl = beside("friend.html", "reply=" + await pack({ v: 1, id: offer.id, seat: offer.seat, sdp: answer.sdp, lang: LANG, ...(token ? { token } : {}) }));
  const a = /** @type {HTMLAnchorElement} */ ($("reply-link"));
  a.href = replyUrl;
  showQr($("reply-qr", HTMLImageElement), replyUrl, TEXT.replyQr);
  $("reply-text", HTMLTextAreaElement).value = replyUrl;
  $("join-reply").hidden = false;
  const share = /** @type {HTMLButtonElement} */ (document.querySelector('[data-lobby="share_reply"]'));
  share.hidden = typeof navigator.share !== "function";
  performance.mark("mt-reply-shown");
  if (site.origin) site.emit("friend-reply", { seat: offer.seat, link: replyUrl });
  a.focus();
}

/** The channel to the host's device closed: said on the screen showing (the board stays, as it was). */
function lostHost() {
  say(TEXT.hostGone);
  if (!vm) return;
  $("friend-lost").textContent = TEXT.lost;
  $("friend-lost").hidden = false;
}

/** A reply link opened on the host's device: hand the answer to the game's tab. */
async function reply() {
  show("join-screen");
  const answer = await unpack(fragment("reply") || "");
  if (!answer || typeof answer.sdp !== "string" || typeof BroadcastChannel !== "function") { say(TEXT.replyBroken); return; }
  const bc = new BroadcastChannel(CHANNEL);
  bc.postMessage({ id: answer.id, seat: answer.seat, sdp: answer.sdp, lang: answer.lang, token: answer.token });
  bc.close();
  say(TEXT.replyHanded);
}

function init() {
  if (window.mtFieldsIn) window.mtFieldsIn();   // its few form fields at once (static/js/prefs.js holds them)
  attachInput({
    send,
    action: (name, el) => {
      if (name === "copy_reply") { copy(replyUrl, $("join-status"), TEXT); return; }
      if (name === "share_reply") { navigator.share({ title: TEXT.shareTitle, text: TEXT.shareReply, url: replyUrl }).catch(() => {}); return; }
      if (name === "help") { render.openDialog(/** @type {HTMLDialogElement} */ ($("help-dialog"))); return; }
      if (name === "close_dialog") { const d = el && el.closest("dialog"); if (d) render.closeDialog(d); return; }
      send({ type: "command", name: /** @type {Py.Command} */ (name) });
    },
    expand: (id) => { render.toggleExpanded(id); render.relayout(vm); },
    hasSelection: () => !!(vm && vm.hand && vm.hand.tiles && vm.hand.tiles.some((t) => t.selected)),
    inGame: () => !!vm,
    commands: () => (vm && vm.commands) || [],
  });
  document.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target.closest("[data-lobby]") : null;
    if (t instanceof HTMLElement && t.closest("#join-screen")) {
      e.preventDefault();
      const name = t.dataset.lobby;
      if (name === "copy_reply") copy(replyUrl, $("join-status"), TEXT);
      else if (name === "share_reply") navigator.share({ title: TEXT.shareTitle, text: TEXT.shareReply, url: replyUrl }).catch(() => {});
    }
  });
  window.addEventListener("resize", () => render.relayout(vm));
  // a new invitation opened in this tab (the fragment alone changed): answer it as a page of its own
  window.addEventListener("hashchange", () => location.reload());
  if (fragment("reply") !== null) reply();
  else if (fragment("join") === null && site.framed && site.origin) { show("join-screen"); say(TEXT.waitingSite); }
  else join();
}

init();
