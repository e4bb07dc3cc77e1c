// Talking to the page that embeds the game (docs/embed.md): events out, a few commands in.
//
// Only inside a frame. The host names its origin with ?host=https://games.example; events then go to that
// origin only and may carry the names the host itself put in the address (name0=...), and commands are
// accepted from that origin only. Without ?host, events still go to the parent window ("*") but carry no
// names at all, and no command is accepted. Every message has the shape
//   {source: "mexican-train", version: 1, type, ...}
// Events: ready; match-start {rules, players: [{kind, name?}]}; round-end {round, scores, totals};
// match-end {totals, winners}; paused; resumed. Rounds count from 1; no event ever carries a tile.
// Friends on their own devices (static/js/friends.js, friend.js), only to a named host, whose site may carry the
// links itself: friend-invitation {seat, link} from the host's game; friend-reply {seat, link} from a friend's.
// Commands: {source: "mexican-train-host", type: "pause" | "resume" | "mute"}, and with a link, "friend-reply"
// {link} to the host's game and "friend-invitation" {link} to a friend's page. A command's type is looked up
// among these by its own keys only (a Map): "constructor", "__proto__" and the other names every object
// inherits are unknown commands like any other, and a warning quotes at most 40 characters of what came.
import { quote } from "./text.js";

export const SOURCE = "mexican-train";
export const HOST_SOURCE = "mexican-train-host";
export const VERSION = 1;

/**
 * The origin the address names (?host=), or null; a bad value is left out with a warning.
 * @param {URLSearchParams} params
 */
function namedOrigin(params) {
  const text = params.get("host");
  if (text === null) return null;
  const times = params.getAll("host").length;
  if (times > 1) console.warn(`mexican-train: the address gives host ${times} times; only the first applies: host=${quote(text)}`);
  try {
    const origin = new URL(text).origin;
    if (origin !== "null" && origin === text.replace(/\/$/, "")) return origin;
  } catch (e) { /* below */ }
  console.warn(`mexican-train: ignoring the address's host=${quote(text)}: it is an origin like https://games.example`);
  return null;
}

/**
 * A command's type, for a warning: the text (quoted, cut short), or what kind of value came instead.
 * @param {unknown} type
 */
function described(type) {
  if (typeof type === "string") return `"${quote(type)}"`;
  if (type === null || type === undefined) return "(no type)";
  if (Array.isArray(type)) return "(a list)";
  return typeof type === "object" ? "(an object)" : `(a ${typeof type})`;
}

/**
 * Wire the host link. ``commands`` maps a command type to what it does with the command ({pause, resume, mute});
 * ``hostNames(seat)`` is the name the host gave that seat in the address, or undefined.
 * Returns {emit(type, fields), matchStarted(vm), react(prev, vm)}: react sends the events a new view model
 * of the same match implies.
 * @param {URLSearchParams} params
 * @param {Record<string, (data: Record<string, unknown>) => void>} commands
 * @param {(seat: number) => string | undefined} hostNames
 */
export function attachHost(params, commands, hostNames) {
  const framed = window.parent !== window;
  const origin = namedOrigin(params);
  const known = new Map(Object.entries(commands));

  /**
   * @param {string} type
   * @param {object} [fields]
   */
  function emit(type, fields = {}) {
    if (!framed) return;
    window.parent.postMessage({ source: SOURCE, version: VERSION, type, ...fields }, origin || "*");
  }

  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.source !== HOST_SOURCE) return;
    if (!framed || !origin || event.origin !== origin || event.source !== window.parent) {
      const why = !framed ? "the game is not in a frame"
        : !origin ? "the address names no host (?host=...)"
        : event.origin !== origin ? `commands come from ${origin} only`
        : "commands come from the page that holds the frame only";
      console.warn(`mexican-train: ignoring the command ${described(data.type)} from ${event.origin}: ${why}`);
      return;
    }
    const run = typeof data.type === "string" ? known.get(data.type) : undefined;
    if (run) run(data);
    else console.warn(`mexican-train: unknown command ${described(data.type)}: the commands are ${[...known.keys()].join(", ")}`);
  });

  /**
   * The players as a host may see them: kinds always, names only those the host itself gave.
   * @param {Py.MatchSummary} summary
   */
  function players(summary) {
    return summary.kinds.map((kind, seat) => {
      const name = origin ? hostNames(seat) : undefined;
      return name && summary.names[seat] === name ? { kind, name } : { kind };
    });
  }

  /**
   * A new match has just started on this page (not a saved one continued).
   * @param {Py.BoardView} vm
   */
  function matchStarted(vm) {
    if (vm && vm.summary) emit("match-start", { rules: vm.summary.rules, players: players(vm.summary) });
  }

  /**
   * The events a new view model of the match on this page implies: the rounds its step ended (vm.events), the
   * match's end with its last round, and a pause or its end (vm.paused against the previous view of that match).
   * @param {Py.BoardView | null} prev
   * @param {Py.BoardView} vm
   */
  function react(prev, vm) {
    if (!framed || !prev || !vm || !prev.summary || !vm.summary || prev.summary.match !== vm.summary.match) return;
    const now = vm.summary;
    const ended = vm.events.filter((e) => e.kind === "out" || e.kind === "blocked");
    for (const { round } of ended) {
      emit("round-end", { round, scores: now.rounds[round - 1], totals: now.totals_after[round - 1] });
    }
    if (ended.length && now.over) emit("match-end", { totals: now.totals, winners: now.winners });
    if (vm.paused !== prev.paused) emit(vm.paused ? "paused" : "resumed");
  }

  return { emit, react, matchStarted, framed, origin };
}
