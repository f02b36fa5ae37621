// The engine's worker: it loads the WebAssembly module (compiled once by the
// page and handed over) and answers one request at a time. A search holds
// this thread until it ends; what it reports on the way (progress, batches
// of solutions) goes out through quadrilleEmit, which the module calls.
// The page stops a search by ending this worker.
import init, * as engine from "../pkg/quadrille_web.js";

globalThis.quadrilleEmit = (kind, json) => postMessage({ kind, json });

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
  try {
    json = engine[call](...args);
  } catch (error) {
    json = JSON.stringify({ ok: false, error: `the engine failed: ${error}` });
  }
  postMessage({ kind: "answer", id, json, ms: performance.now() - started });
};
