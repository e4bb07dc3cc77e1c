// What the page uses of qrcode-generator's ES module (npm qrcode-generator, dist/qrcode.mjs, which
// scripts/setup.sh copies to vendor/qr/ with this file beside it): static/js/qr.js.

export interface QRCode {
  addData(data: string, mode?: "Numeric" | "Alphanumeric" | "Byte" | "Kanji"): void;
  make(): void;
  getModuleCount(): number;
  /** A GIF of the code as a data: address: each module ``cellSize`` pixels, ``margin`` pixels of quiet zone. */
  createDataURL(cellSize?: number, margin?: number): string;
}

/** A QR code of type ``typeNumber`` (0: the smallest that holds the data) at an error correction level. */
declare function qrcode(typeNumber: number, errorCorrectionLevel: "L" | "M" | "Q" | "H"): QRCode;
export default qrcode;
