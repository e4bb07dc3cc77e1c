// The browser tests' QR reader, apart from the page's code: node e2e/qr_decode.mjs FILE.png ... prints, as one
// JSON list, the text of the QR code in each PNG (a screenshot), or null where none is read. The PNG is
// decoded here (8-bit greyscale, RGB or RGBA, not interlaced: what the browsers' screenshots are) and read
// by jsQR from node_modules (npm jsqr, the version package.json pins).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

const jsQR = createRequire(import.meta.url)("jsqr");

/** RGBA pixels of a PNG. @param {Buffer} png */
function decodePng(png) {
  let at = 8, width = 0, height = 0, type = 0;
  const data = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const kind = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (kind === "IHDR") {
      width = body.readUInt32BE(0); height = body.readUInt32BE(4); type = body[9];
      if (body[8] !== 8 || body[12] !== 0 || ![0, 2, 6].includes(type)) throw new Error("an unexpected PNG");
    } else if (kind === "IDAT") data.push(body);
    at += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 6: 4 }[type] ?? 4;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = new Uint8ClampedArray(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0, b = previous[i], c = i >= channels ? previous[i - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const add = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      line[i] = (line[i] + add) & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4, s = x * channels;
      if (channels === 1) out.set([line[s], line[s], line[s], 255], o);
      else out.set([line[s], line[s + 1], line[s + 2], channels === 4 ? line[s + 3] : 255], o);
    }
    previous = line;
  }
  return { width, height, pixels: out };
}

const found = process.argv.slice(2).map((file) => {
  const { width, height, pixels } = decodePng(readFileSync(file));
  const read = jsQR(pixels, width, height);
  return read ? read.data : null;
});
console.log(JSON.stringify(found));
