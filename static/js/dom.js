// The page's elements by id. The markup is page/index.html: a script asking for an id the page lacks is out of
// step with it, and says so at once, naming the id.

/**
 * The element with this id; throws when the page has none. ``kind`` (HTMLInputElement, HTMLDialogElement, ...)
 * names the element it must be, and is checked.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T; prototype: T }} [kind]
 * @returns {T}
 */
export function $(id, kind) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`mexican-train: the page has no #${id}`);
  if (kind && !(el instanceof kind)) throw new Error(`mexican-train: #${id} is not the element expected (<${el.localName}>)`);
  return /** @type {T} */ (el);
}

/**
 * The first element matching ``selector`` inside ``root`` (the document by default); throws when there is none.
 * ``kind``, as for $, names the element it must be.
 * @template {Element} [T=HTMLElement]
 * @param {string} selector
 * @param {{ new (): T; prototype: T }} [kind]
 * @param {ParentNode} [root]
 * @returns {T}
 */
export function find(selector, kind, root = document) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`mexican-train: the page has no ${selector}`);
  if (kind && !(el instanceof kind)) throw new Error(`mexican-train: ${selector} is not the element expected (<${el.localName}>)`);
  return /** @type {T} */ (el);
}

/**
 * Show or hide an element, writing ``hidden`` only when that changes: Chromium works out the style of an element
 * whose ``hidden`` is written again, even to the value it has (a computer's move wrote some twenty so).
 * @param {HTMLElement} el
 * @param {boolean} hidden
 */
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

/**
 * Run ``fn`` in a task of its own once the browser has drawn the next frame, when asking for sizes or
 * scrolling costs nothing more (the layout is done). A hidden page draws no frames: then at once, as a task.
 * @param {() => void} fn
 */
export function afterPaint(fn) {
  if (document.visibilityState === "hidden") setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * A new element: its class and text, when given.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [cls]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/**
 * A chosen file's text, decoded as UTF-8 with ``TextDecoder`` and ``{fatal: true}`` (a byte-order mark is
 * accepted and dropped); null when its bytes are not UTF-8, or it cannot be read. The browser's file reader
 * would silently put U+FFFD in place of bad bytes, and the file would then be read as something it is not.
 * @param {Blob} file
 * @returns {Promise<string | null>}
 */
export async function fileText(file) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch (e) {
    return null;
  }
}

/**
 * When a file is chosen in the file input ``id``, read it as text and hand the text to ``take``; a file that
 * is not UTF-8 text calls ``refuse`` instead (which says so in the page's words, TEXT.importNotText). The input is emptied at once, so choosing
 * the same file again reads it again.
 * @param {string} id
 * @param {(text: string) => void} take
 * @param {() => void} refuse
 */
export function onFileText(id, take, refuse) {
  $(id, HTMLInputElement).addEventListener("change", async (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const text = await fileText(file);
    if (text === null) refuse();
    else take(text);
  });
}
