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
// While the engine warms up, what it reports is nobody's.
let warming = false;
globalThis.quadrilleEmit = (kind, json) => {
  if (kind === "panic") panicked = json;
  else if (!warming) postMessage({ kind, json });
};

// The first worker of a page warms the engine up: it counts a small
// packing (the Soma cube's 11,520 packings, a few milliseconds natively)
// before it says it is ready. The browser compiles the module's functions
// when they are first called, and compiles the busy ones again, optimised,
// as they run; a fresh page's first count of the pentominoes in 6×10 paid
// for both, half again its time. The functions the count runs (the
// planner, the sweep, the readers) stay compiled in the module the page
// holds, so the workers started after a Stop need no warming.
function warmUp() {
  const soma = JSON.parse(engine.builtins()).list.find((builtin) => builtin.name === "soma");
  const made = soma && JSON.parse(engine.model(JSON.stringify(soma.model)));
  if (!made?.ok) return;
  warming = true;
  try {
    engine.run(JSON.stringify({ text: made.text, question: "count" }));
  } finally {
    warming = false;
  }
}

let ready = null;

onmessage = async ({ data }) => {
  if (data.kind === "init") {
    ready = init({ module_or_path: data.module });
    await ready;
    if (data.warm) warmUp();
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
