// Write precompressed twins beside files: name.br (brotli, quality 11) and name.gz (gzip, level 9).
//
//   node scripts/precompress.mjs FILE...      # prints one line per file written
//
// A static host that serves twins (nginx's gzip_static and brotli_static, scripts/serve.py,
// bench/phone_speed.py) sends the smaller one the browser accepts, at no cost per request; compressing
// this hard on every request would be far too slow (brotli 11 takes ~30 s for pyodide.asm.wasm).
// Measured on Pyodide 314.0.7: pyodide.asm.wasm 9.6 MB -> 3.59 MB gzip 9 / 2.77 MB brotli 11; the
// memory snapshot 31.5 MB -> 6.50 MB / 4.17 MB.
//
// A twin at least as new as its file is kept (the work is done once, in scripts/setup.sh's vendor
// step; scripts/build_dist.py copies the twins). Both compress in parallel on Node's thread pool.
// A twin is only written when it is smaller than the file. Node's zlib only: no new dependency.
import { readFile, stat, writeFile, rename } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CODERS = {
  ".br": (data) => brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }),
  ".gz": (data) => gzip(data, { level: 9 }),
};

async function fresh(file, twin) {
  try {
    const [a, b] = await Promise.all([stat(file), stat(twin)]);
    return b.mtimeMs >= a.mtimeMs;
  } catch {
    return false;
  }
}

/** Write the missing or stale twins of ``file`` (of the ``suffixes`` given); returns [[twin, bytes], ...] written. */
export async function precompress(file, suffixes = Object.keys(CODERS)) {
  const written = [];
  let data = null;
  await Promise.all(Object.entries(CODERS).filter(([suffix]) => suffixes.includes(suffix)).map(async ([suffix, code]) => {
    const twin = file + suffix;
    if (await fresh(file, twin)) return;
    data = data || (await readFile(file));
    const packed = await code(data);
    if (packed.length >= data.length) return;
    await writeFile(twin + ".tmp", packed);
    await rename(twin + ".tmp", twin);
    written.push([twin, packed.length]);
  }));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  const results = await Promise.all(files.map((file) => precompress(file)));
  for (const [twin, size] of results.flat()) console.log(`precompress: ${twin}: ${(size / 1e6).toFixed(2)} MB`);
}
