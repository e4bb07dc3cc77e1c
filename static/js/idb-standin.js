// Lets Python start where the browser refuses IndexedDB (a game embedded in another site's page with
// third-party storage blocked, some private windows), on the page's thread and in PyScript's worker alike
// (static/js/idb-page.js and static/js/worker/py-worker.js install it before PyScript's engine runs).
//
// PyScript opens an IndexedDB store at every start ("Loading Storage"; it caches Pyodide packages, which this
// game does not use). When the browser denies it, the open request fails, PyScript's start-up promise rejects
// and Python never starts; one it never answers holds the start for ever. Here a failed open of one of
// PyScript's stores (names "IDBMap/..."), or one left unanswered for 10 s, succeeds instead with an in-memory
// store that lives as long as the page, which is all PyScript needs. Any other database is left alone.

/**
 * Stand in for PyScript's IndexedDB stores in ``scope`` (a window or a worker's global) where the browser
 * refuses them, or leaves an open unanswered for ``patienceMs``; ``used()`` is called when the stand-in answers
 * (a test hook).
 * @param {{indexedDB?: IDBFactory}} scope
 * @param {() => void} used
 * @param {number} [patienceMs]
 */
export function installIdbStandIn(scope, used, patienceMs = 10000) {
  /** @typedef {(event: Event | {type: string, target: unknown}) => void} Handler */
  /**
   * A request as PyScript uses one (IDBRequest's result and handlers), answered from memory.
   * @typedef {{result: unknown, error: null, onsuccess: Handler | null, onerror: Handler | null}} MemoryRequest
   */
  /** @type {IDBFactory | null} */
  var factory;
  try { factory = scope.indexedDB && Object.getPrototypeOf(scope.indexedDB); } catch (e) { factory = null; }
  if (!factory || typeof factory.open !== "function") return;
  var realOpen = factory.open;

  function memoryDatabase() {
    var data = new Map();
    /** @param {() => unknown} run */
    function request(run) {
      /** @type {MemoryRequest} */
      var req = { result: undefined, error: null, onsuccess: null, onerror: null };
      setTimeout(function () {
        req.result = run();
        if (req.onsuccess) req.onsuccess({ type: "success", target: req });
      }, 0);
      return req;
    }
    var store = {
      get: function (/** @type {IDBValidKey} */ k) { return request(function () { return data.get(k); }); },
      getKey: function (/** @type {IDBValidKey} */ k) { return request(function () { return data.has(k) ? k : undefined; }); },
      getAllKeys: function () { return request(function () { return Array.from(data.keys()); }); },
      count: function () { return request(function () { return data.size; }); },
      put: function (/** @type {unknown} */ v, /** @type {IDBValidKey} */ k) { return request(function () { data.set(k, v); return k; }); },
      delete: function (/** @type {IDBValidKey} */ k) { return request(function () { data.delete(k); }); },
      clear: function () { return request(function () { data.clear(); }); }
    };
    return {
      objectStoreNames: { length: 1, contains: function () { return true; } },
      transaction: function () { return { objectStore: function () { return store; } }; },
      close: function () {},
      onabort: null, onclose: null, onerror: null, onversionchange: null
    };
  }

  // The stand-in takes a request's place: PyScript uses only what it has (MemoryRequest, and the open's handlers).
  factory.open = /** @type {IDBFactory["open"]} */ (function (name, version) {
    /** @type {IDBOpenDBRequest | null} */
    var real;
    try {
      real = realOpen.call(this, name, version);
    } catch (e) {
      if (String(name).indexOf("IDBMap/") !== 0) throw e;
      real = null;
    }
    if (String(name).indexOf("IDBMap/") !== 0) return real;
    // Stand in for the request: pass the real events through, or succeed from memory on failure.
    /** @type {MemoryRequest & {onupgradeneeded: Handler | null, onblocked: Handler | null}} */
    var proxy = { result: undefined, error: null, onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
    var settled = false;   // the proxy has answered: a later answer of the real request is not passed on
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    var patience;
    /** @param {Event} [event] */
    function fallBack(event) {
      if (event && event.preventDefault) event.preventDefault();
      if (settled) return;
      settled = true;
      clearTimeout(patience);
      used();
      proxy.result = memoryDatabase();
      if (proxy.onsuccess) proxy.onsuccess({ type: "success", target: proxy });
    }
    if (!real) { setTimeout(fallBack, 0); return proxy; }
    var request = real;
    // An open the browser never answers (or keeps blocked) would hold Python's start for ever: after patienceMs
    // it is answered from memory.
    patience = setTimeout(fallBack, patienceMs);
    request.onupgradeneeded = function (e) { clearTimeout(patience); if (proxy.onupgradeneeded) proxy.onupgradeneeded(e); };
    request.onsuccess = function (e) {
      if (settled) { request.result.close(); return; }   // answered from memory already
      settled = true;
      clearTimeout(patience);
      proxy.result = request.result;
      if (proxy.onsuccess) proxy.onsuccess(e);
    };
    request.onblocked = function (e) { if (proxy.onblocked) proxy.onblocked(e); };
    request.onerror = fallBack;
    return proxy;
  });
}
