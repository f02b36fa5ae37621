// The page's side of the engine's worker: compiles the module once, starts
// a worker, sends it calls and hands back their answers; `stop()` ends the
// worker at once (the search with it) and starts a fresh one, as does a
// panic in the module (see worker.js).
const wasmUrl = new URL("../pkg/quadrille_web_bg.wasm", import.meta.url);
const workerUrl = new URL("./worker.js", import.meta.url);
let modulePromise = null;

export class Engine {
  // `warm`: the first worker warms the engine up for counts (see
  // worker.js); the learner's page, which records short traces, goes
  // without.
  constructor({ warm = true } = {}) {
    this.next = 1;
    this.pending = new Map();
    this.onprogress = () => {};
    this.onsolutions = () => {};
    this.start(warm);
  }

  // Starts a worker, warming the engine up when `warm`.
  start(warm = false) {
    modulePromise ??= WebAssembly.compileStreaming(fetch(wasmUrl));
    this.worker = new Worker(workerUrl, { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (e) => reject(new Error(`the engine's worker failed: ${e.message}`));
      this.worker.onmessage = ({ data }) => {
        if (data.kind === "ready") resolve();
        else if (data.kind === "progress") this.onprogress(JSON.parse(data.json));
        else if (data.kind === "solutions") this.onsolutions(JSON.parse(data.json));
        else if (data.kind === "answer") {
          const done = this.pending.get(data.id);
          this.pending.delete(data.id);
          if (done) done.resolve({ ...JSON.parse(data.json), ms: data.ms });
          if (data.fatal) this.restart({ ok: false, error: "the engine failed on the call before this one" });
        }
      };
    });
    modulePromise.then((module) => this.worker.postMessage({ kind: "init", module, warm }));
  }

  // Calls the engine's function `call` with `args`; resolves to its JSON answer.
  async call(call, ...args) {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, call, args });
    });
  }

  // Ends the worker, and the search it runs, now; the calls waiting get
  // `{stopped: true}`. A new worker is started for what comes next.
  stop() {
    this.restart({ ok: false, stopped: true });
  }

  // A fresh worker in place of this one, which is ended with whatever it
  // runs; the calls waiting get `answer`.
  restart(answer) {
    this.worker.terminate();
    for (const { resolve } of this.pending.values()) resolve(answer);
    this.pending.clear();
    this.start();
  }
}
