"""PyScript's IndexedDB store never holds Python's start (static/js/idb-standin.js, under Node).

PyScript opens a store named "IDBMap/..." at every start and waits for the open's answer. Where the browser
refuses the open, or never answers it, the stand-in answers from memory instead; a store the browser opens is
passed through untouched, and so is every other database. The browser's IndexedDB is played here by a factory
whose open answers as each case needs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDIN = os.path.join(ROOT, "static", "js", "idb-standin.js")

RUNNER = r"""
import { pathToFileURL } from "node:url";
const { installIdbStandIn } = await import(pathToFileURL(process.argv[2]).href);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A browser's IndexedDB whose open does what ``answer`` says: "success", "error", "never", or "late" (success
// after 200 ms).
function browser(answer) {
  const closed = [];
  class Factory {
    open(name) {
      const request = { browsers: true, result: undefined, onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      const db = { name, real: true, close() { closed.push(name); } };
      const succeed = () => { request.result = db; if (request.onsuccess) request.onsuccess({ type: "success", target: request }); };
      if (answer === "success") setTimeout(succeed, 0);
      if (answer === "late") setTimeout(succeed, 200);
      if (answer === "error") setTimeout(() => {
        if (request.onerror) request.onerror({ type: "error", target: request, preventDefault() {} });
      }, 0);
      return request;
    }
  }
  return { scope: { indexedDB: new Factory() }, closed };
}

// PyScript's way of opening its store: one answer awaited, then a value written and read back.
async function pyscriptOpens(scope, name) {
  const answers = [];
  const request = scope.indexedDB.open(name);
  request.onsuccess = (event) => answers.push(event.target.result);
  request.onerror = () => answers.push("error");
  await sleep(400);
  const result = { answers: answers.length, real: !!(answers[0] && answers[0].real) };
  if (answers[0] && !answers[0].real) {
    const store = answers[0].transaction("entries", "readwrite").objectStore("entries");
    const put = store.put("a value", "a key");
    await sleep(5);
    const got = store.get("a key");
    await sleep(5);
    result.readBack = got.result;
    result.putKey = put.result;
  }
  return result;
}

const cases = {};
for (const answer of ["success", "error", "never", "late"]) {
  const { scope, closed } = browser(answer);
  let used = 0;
  installIdbStandIn(scope, () => { used += 1; }, 100);
  const store = await pyscriptOpens(scope, "IDBMap/pyscript");
  const other = answer === "never" ? null : scope.indexedDB.open("the game's own");
  cases[answer] = { ...store, used, closed, otherIsReal: other === null ? null : other.browsers === true };
}
process.stdout.write(JSON.stringify(cases));
"""


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    if shutil.which("node") is None:
        pytest.skip("node is missing: run bash scripts/setup.sh")
    folder = tmp_path_factory.mktemp("idb")
    (folder / "run.mjs").write_text(RUNNER, encoding="utf-8")
    done = subprocess.run(["node", "run.mjs", STANDIN], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_store_the_browser_opens_is_passed_through_untouched(cases):
    assert cases["success"] == {"answers": 1, "real": True, "used": 0, "closed": [], "otherIsReal": True}


def test_a_refused_open_is_answered_from_memory_and_the_store_keeps_what_is_written(cases):
    assert cases["error"]["answers"] == 1 and not cases["error"]["real"] and cases["error"]["used"] == 1
    assert cases["error"]["readBack"] == "a value" and cases["error"]["putKey"] == "a key"


def test_an_open_never_answered_is_answered_from_memory_after_the_patience(cases):
    assert cases["never"]["answers"] == 1 and not cases["never"]["real"] and cases["never"]["used"] == 1
    assert cases["never"]["readBack"] == "a value"


def test_a_real_answer_after_the_patience_is_not_passed_on_and_its_database_is_closed(cases):
    late = cases["late"]
    assert late["answers"] == 1 and not late["real"] and late["used"] == 1
    assert late["closed"] == ["IDBMap/pyscript"]


def test_other_databases_are_left_to_the_browser(cases):
    assert cases["error"]["otherIsReal"] and cases["late"]["otherIsReal"]
