// Firefox for the engine smoke suite and bench/engines.py: Debian's Firefox ESR driven by puppeteer-core
// (pinned in package.json) over WebDriver BiDi, headless, answering one JSON command per line on stdin
// with one JSON line on stdout. e2e/engines/drivers.py speaks to it; nothing else does.
//
//   {"id": 1, "op": "open", "url": "..."}                     a new tab in a new profile-less context
//   {"id": 2, "op": "eval", "fn": "(a) => ...", "args": [..], "frame": "iframe#game" | null}
//   {"id": 3, "op": "click", "selector": "...", "frame": null}
//   {"id": 4, "op": "key", "key": "Escape"}
//   {"id": 5, "op": "reload"}                                  (or "goto" with a "url": the same tab)
//   {"id": 6, "op": "errors"}                                  what the browser reported since the last call
//   {"id": 7, "op": "quit"}
// Answers: {"id": 1, "ok": true, "value": ...} or {"id": 1, "ok": false, "error": "..."}.
// FIREFOX (default /usr/bin/firefox-esr) names the binary; puppeteer-core downloads no browser.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  protocolTimeout: 120000,
});
let context = null;
let page = null;
let reported = [];   // console errors and page errors, as Firefox reports them over BiDi

function watch(p) {
  p.on("console", (msg) => {
    if (msg.type() === "error") reported.push(`console.error (Firefox): ${msg.text()}`);
  });
  p.on("pageerror", (err) => reported.push(`page error (Firefox): ${err && err.message ? err.message : err}`));
}

async function where(frameSelector) {
  if (!frameSelector) return page;
  const handle = await page.waitForSelector(frameSelector, { timeout: 30000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`no frame in ${frameSelector}`);
  return frame;
}

const ops = {
  async open({ url }) {
    if (context) await context.close().catch(() => {});
    context = await browser.createBrowserContext();
    page = await context.newPage();
    page.setDefaultTimeout(30000);
    watch(page);
    await page.setViewport({ width: 1100, height: 850 });
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return (await browser.version());
  },
  async eval({ fn, args, frame }) {
    // an expression evaluated by the driver (BiDi script.evaluate): not subject to the page's CSP
    return (await where(frame)).evaluate(`(${fn})(...${JSON.stringify(args || [])})`);
  },
  async click({ selector, frame }) {
    await (await where(frame)).click(selector);
    return null;
  },
  async key({ key }) {
    await page.keyboard.press(key);
    return null;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return null;
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded" });
    return null;
  },
  async errors() {
    const found = reported;
    reported = [];
    return found;
  },
  async quit() {
    await browser.close();
    setTimeout(() => process.exit(0), 50);
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
out({ id: 0, ok: true, value: await browser.version() });
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    let msg;
    try {
      msg = JSON.parse(line);
      const value = await ops[msg.op](msg);
      out({ id: msg.id, ok: true, value: value === undefined ? null : value });
    } catch (err) {
      out({ id: msg && msg.id, ok: false, error: String(err && err.stack ? err.stack : err) });
    }
  });
});
lines.on("close", () => { browser.close().finally(() => process.exit(0)); });
