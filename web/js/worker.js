// The engine's worker: it loads the WebAssembly module (compiled once by the
// page and handed over) and answers one request at a time. A search holds
// this thread until it ends; what it reports on the way (progress, batches
// of solutions) goes out through quadrilleEmit, which the module calls.
// The page stops a search by ending this worker.
//
// A panic in the module (the front refuses what it cannot answer, so this
// would be a bug) aborts it: the module's panic hook hands its message here
// first, and the answer carries it with `fatal`, on which the page starts a
// fresh worker, as after Stop, since the aborted instance is not to be
// trusted again.
import init, * as engine from "../pkg/quadrille_web.js";

let panicked = null;
globalThis.quadrilleEmit = (kind, json) => {
  if (kind === "panic") panicked = json;
  else postMessage({ kind, json });
};

let ready = null;

onmessage = async ({ data }) => {
  if (data.kind === "init") {
    ready = init({ module_or_path: data.module });
    await ready;
    postMessage({ kind: "ready" });
    return;
  }
  await ready;
  const { id, call, args } = data;
  const started = performance.now();
  let json;
  let fatal = false;
  try {
    json = engine[call](...args);
  } catch (error) {
    fatal = error instanceof WebAssembly.RuntimeError;
    json = JSON.stringify({ ok: false, error: `the engine failed: ${panicked ?? error}` });
  }
  postMessage({ kind: "answer", id, json, fatal, ms: performance.now() - started });
};
