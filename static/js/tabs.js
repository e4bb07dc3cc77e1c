// Two tabs (or windows, or frames) of the game at once on one origin share one
// save. They must never silently overwrite each other's match:
//  * a `storage` event tells a tab the moment another one writes the save;
//    Python (page.py, "save_changed") then stops this tab saving over it and
//    says so, with a "Continue here" button to carry on from the latest save;
//  * a BroadcastChannel lets a tab that opens ask "is anyone playing?": a tab
//    with a match in play answers, and the new tab says so before the player
//    presses Continue.
// Both are partitioned the same way as localStorage (a third-party frame only
// hears frames of its own partition), which is exactly the scope of the save.
const CHANNEL = "mexican-train:tabs";

/**
 * hooks: {saveKey, onSaveChanged(), inPlay() -> bool, onOtherTabPlaying()}.
 * Returns {hello()}: ask the other tabs whether one has a match in play.
 * @param {{saveKey: string, onSaveChanged: () => void, inPlay: () => boolean, onOtherTabPlaying: () => void}} hooks
 */
export function attachTabs(hooks) {
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  window.addEventListener("storage", (e) => {
    if (e.key === hooks.saveKey || e.key === null) hooks.onSaveChanged();   // null: storage.clear()
  });
  /** @type {BroadcastChannel | null} */
  let channel = null;
  try { channel = new BroadcastChannel(CHANNEL); } catch (e) { channel = null; }
  if (channel) {
    channel.onmessage = (e) => {
      /** @type {{type?: string, from?: string, to?: string}} */
      const m = e.data || {};
      if (m.type === "hello" && m.from !== id && hooks.inPlay()) {
        channel.postMessage({ type: "playing", from: id, to: m.from });
      } else if (m.type === "playing" && m.to === id) {
        hooks.onOtherTabPlaying();
      }
    };
  }
  return {
    hello() { if (channel) channel.postMessage({ type: "hello", from: id }); },
  };
}
