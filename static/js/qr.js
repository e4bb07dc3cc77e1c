// QR codes of the friends' links, both ways: drawn with qrcode-generator (vendor/qr/, copied from npm by
// scripts/setup.sh), so that a phone's camera app opens an invitation from the host's screen; and read from a
// camera view on the host's device, with the browser's BarcodeDetector where it has one, else jsQR
// (vendor/jsqr/, loaded only when a camera view opens). Nothing is fetched from anywhere else. Both are loaded
// only when needed (a lobby, a join screen, a camera view), so that a first visit without friends fetches neither.

/** @type {Promise<typeof import("../../vendor/qr/qrcode.mjs").default> | null} */
let encoder = null;

/** The GIF (as a data: address, which the page's policy allows for images) of a QR code of ``text``. A phone
 * reads a screen's QR code best with big modules: each is ``cell`` pixels, with the 4-module quiet zone.
 * @param {string} text @param {number} [cell] */
export async function qrDataUrl(text, cell = 4) {
  if (!encoder) encoder = import("../../vendor/qr/qrcode.mjs").then((module) => module.default);
  const qr = (await encoder)(0, "L");
  qr.addData(text, "Byte");
  qr.make();
  return qr.createDataURL(cell, cell * 4);
}

/** Draw the QR code of ``text`` in ``img``, with ``alt`` said for it. @param {HTMLImageElement} img
 * @param {string} text @param {string} alt */
export async function showQr(img, text, alt) {
  img.src = await qrDataUrl(text);
  img.alt = alt;
  img.hidden = false;
}

const JSQR = new URL("../../vendor/jsqr/jsQR.js", import.meta.url).href;
/** @type {Promise<JsQr> | null} */
let loading = null;

/** jsQR, loaded once as a classic script (it sets window.jsQR). @returns {Promise<JsQr>} */
function jsQr() {
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      if (window.jsQR) { resolve(window.jsQR); return; }
      const script = document.createElement("script");
      script.src = JSQR;
      script.addEventListener("load", () => (window.jsQR ? resolve(window.jsQR) : reject(new Error("no jsQR"))));
      script.addEventListener("error", () => { loading = null; reject(new Error("jsQR did not load")); });
      document.head.append(script);
    });
  }
  return loading;
}

/** @type {BarcodeDetectorLike | null | undefined} */
let detector;

/** The browser's own QR reader, where it has one that reads QR codes, else null. */
async function nativeDetector() {
  if (detector !== undefined) return detector;
  detector = null;
  const Detector = window.BarcodeDetector;
  if (typeof Detector === "function") {
    try {
      if ((await Detector.getSupportedFormats()).includes("qr_code")) detector = new Detector({ formats: ["qr_code"] });
    } catch { /* not usable here: jsQR reads */ }
  }
  return detector;
}

/** Which reader reads: "BarcodeDetector" (the browser's) or "jsQR". */
export async function readerName() { return (await nativeDetector()) ? "BarcodeDetector" : "jsQR"; }

/** The text of a QR code seen in ``source`` (one camera frame, or any image), or null when none is read.
 * @param {HTMLVideoElement | HTMLImageElement | HTMLCanvasElement} source @param {HTMLCanvasElement} canvas */
export async function readFrame(source, canvas) {
  const native = await nativeDetector();
  if (native) {
    const found = await native.detect(source);
    return found.length ? found[0].rawValue : null;
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source instanceof HTMLImageElement ? source.naturalWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source instanceof HTMLImageElement ? source.naturalHeight : source.height;
  if (!width || !height) return null;
  canvas.width = width;
  canvas.height = height;
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
  context.drawImage(source, 0, 0, width, height);
  const read = (await jsQr())(context.getImageData(0, 0, width, height).data, width, height);
  return read ? read.data : null;
}

/** Why this page cannot open a camera (a key of the friends' words), or "" when it may try: a camera needs a
 * secure context (https, or this machine), a browser that gives pages one, and, in a frame, allow="camera". */
export function cameraBlocked() {
  if (!window.isSecureContext) return "cameraInsecure";
  if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") return "cameraNone";
  const policy = document.permissionsPolicy || document.featurePolicy;
  if (policy && typeof policy.allowsFeature === "function" && !policy.allowsFeature("camera")) return "cameraFrame";
  return "";
}

/** The key of the words for a camera that would not open (getUserMedia's error). @param {unknown} err */
export function cameraRefused(err) {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "cameraDenied";
  return "cameraMissing";
}

/**
 * Show the camera in ``video`` and read QR codes from it until ``found`` says a text is the one wanted (true)
 * or the returned stop is called. Rejects when the camera does not open (see cameraRefused).
 * @param {HTMLVideoElement} video @param {HTMLCanvasElement} canvas @param {(text: string) => boolean} found
 * @returns {Promise<() => void>}
 */
export async function watch(video, canvas, found) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  let on = true;
  const stop = () => {
    on = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  await video.play().catch(() => {});
  const look = async () => {
    if (!on) return;
    const text = video.readyState >= 2 ? await readFrame(video, canvas).catch(() => null) : null;
    if (text && found(text)) { stop(); return; }
    setTimeout(look, 200);
  };
  look();
  return stop;
}
