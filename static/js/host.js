// Talking to the page that embeds the game (docs/embed.md): events out, a few commands in.
//
// Only inside a frame. The host names its origin with ?host=https://games.example; events then go to that
// origin only and may carry the names the host itself put in the address (name0=...), and commands are
// accepted from that origin only. Without ?host, events still go to the parent window ("*") but carry no
// names at all, and no command is accepted. Every message has the shape
//   {source: "mexican-train", version: 1, type, ...}
// Events: ready; match-start {rules, players: [{kind, name?}]}; round-end {round, scores, totals};
// match-end {totals, winners}; paused; resumed. Rounds count from 1; no event ever carries a tile.
// Commands: {source: "mexican-train-host", type: "pause" | "resume" | "mute"}.

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
  try {
    const origin = new URL(text).origin;
    if (origin !== "null" && origin === text.replace(/\/$/, "")) return origin;
  } catch (e) { /* below */ }
  console.warn(`mexican-train: ignoring the address's host=${text}: it is an origin like https://games.example`);
  return null;
}

/**
 * Wire the host link. ``commands`` maps a command type to what it does ({pause, resume, mute});
 * ``hostNames(seat)`` is the name the host gave that seat in the address, or undefined.
 * Returns {emit(type, fields), matchStarted(vm), react(prev, vm)}: react sends the events a new view model
 * of the same match implies.
 * @param {URLSearchParams} params
 * @param {Record<string, () => void>} commands
 * @param {(seat: number) => string | undefined} hostNames
 */
export function attachHost(params, commands, hostNames) {
  const framed = window.parent !== window;
  const origin = namedOrigin(params);

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
      console.warn(`mexican-train: ignoring the command "${data.type}" from ${event.origin}: ${why}`);
      return;
    }
    const run = commands[data.type];
    if (run) run();
    else console.warn(`mexican-train: unknown command "${data.type}"`);
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
   * The events between two view models of one match on this page: rounds ended, the match ended, a pause.
   * @param {Py.BoardView | null} prev
   * @param {Py.BoardView} vm
   */
  function react(prev, vm) {
    if (!framed || !prev || !vm || !prev.summary || !vm.summary || prev.summary.match !== vm.summary.match) return;
    const before = prev.summary, now = vm.summary;
    for (let r = before.rounds.length; r < now.rounds.length; r++) {
      emit("round-end", { round: r + 1, scores: now.rounds[r], totals: now.totals_after[r] });
    }
    if (now.over && !before.over) emit("match-end", { totals: now.totals, winners: now.winners });
    if (vm.paused !== prev.paused) emit(vm.paused ? "paused" : "resumed");
  }

  return { emit, react, matchStarted, framed, origin };
}
