const w = new Worker("./exp-worker.js", { type: "module" });
window.results = [];
w.onmessage = (e) => { window.results.push(e.data); };
window.ask = (how) => w.postMessage(how);
