// The solver page: a problem (typed, opened, built in, edited on its board
// or shared through the URL), a question for the engine's worker, and what
// comes back as it comes: progress, solutions, the answer and its report.
import { Engine } from "./engine.js";
import { Editor } from "./edit.js";
import { encodeShare, decodeShare } from "./share.js";

const $ = (id) => document.getElementById(id);
const engine = new Engine();
const SHOWN_MOST = 200;

const state = {
  builtins: [],
  model: null, // the model the text was made from, while the text is unchanged
  modelText: null,
  running: false,
  solutions: 0,
  last: null, // the last progress
  started: 0,
};

const editor = new Editor($("editor"), (model) => loadModel(model));

function question() {
  return document.querySelector("input[name=question]:checked").value;
}

function number(id) {
  const v = $(id).value.trim();
  return v === "" ? null : Math.max(0, Math.floor(Number(v)));
}

function setRunning(running) {
  state.running = running;
  $("solve").disabled = running;
  $("stop").disabled = !running;
}

function fmt(n) {
  return Number(n).toLocaleString("en-US");
}

// --- the problem -----------------------------------------------------------

let readTimer = 0;
function textChanged() {
  const text = $("text").value;
  if (state.model && text !== state.modelText) {
    state.model = null;
    $("builtin").value = "";
    editor.hide();
  }
  clearTimeout(readTimer);
  readTimer = setTimeout(() => describe(text), 150);
}

async function describe(text) {
  if (state.running) return;
  const info = await engine.call("read", text);
  if (text !== $("text").value) return;
  if (info.ok) {
    $("read-error").hidden = true;
    const parts = [`${fmt(info.primary)} primary items`];
    if (info.secondary) parts.push(`${fmt(info.secondary)} secondary`);
    parts.push(`${fmt(info.options)} options`);
    if (info.colors) parts.push(`${fmt(info.colors)} colours`);
    if (info.bounds) parts.push("bounds on items");
    if (info.costs) parts.push("costs");
    $("about").textContent = parts.join(", ") + (state.model ? " · solutions drawn on the board" : "");
  } else if (!info.stopped) {
    $("about").textContent = "";
    $("read-error").textContent = info.error;
    $("read-error").hidden = false;
  }
}

async function loadModel(model) {
  const made = await engine.call("model", JSON.stringify(model));
  if (!made.ok) {
    $("read-error").textContent = made.error;
    $("read-error").hidden = false;
    return false;
  }
  state.model = model;
  state.modelText = made.text;
  $("text").value = made.text;
  editor.show(model, made.cells);
  await describe(made.text);
  return true;
}

async function pickBuiltin(name) {
  const builtin = state.builtins.find((b) => b.name === name);
  $("queens-n-label").hidden = name !== "queens";
  if (!builtin) return;
  if (!builtin.model) {
    state.model = null;
    editor.hide();
    $("text").value = state.toy;
    await describe(state.toy);
    return;
  }
  const model = { ...builtin.model };
  if (name === "queens") model.n = Number($("queens-n").value) || 8;
  await loadModel(model);
}

// --- asking ----------------------------------------------------------------

function request() {
  return {
    text: $("text").value,
    model: state.model,
    question: question(),
    limit: number("limit"),
    k: number("k") ?? 1,
    engine: $("engine").value,
  };
}

function showProgress(p) {
  const now = performance.now();
  const seconds = (now - state.started) / 1000;
  const rate = seconds > 0 ? p.nodes / seconds : 0;
  const count = question() === "count" ? p.solutions : state.solutions;
  $("progress").innerHTML =
    `<b>${fmt(p.nodes)}</b> nodes · <b>${fmt(count)}</b> solutions · ` +
    `${fmt(Math.round(rate))} nodes/s · ${seconds.toFixed(1)} s` +
    (p.fraction > 0 && p.fraction < 1 ? ` · about ${(100 * p.fraction).toFixed(1)} % done` : "");
  state.last = { ...p, solutions: count, seconds };
}

function addSolutions(batch) {
  for (const s of batch) {
    state.solutions = Math.max(state.solutions, s.number);
    if (s.number > SHOWN_MOST) continue;
    const box = document.createElement("div");
    box.className = "solution";
    box.dataset.number = s.number;
    const title = document.createElement("h3");
    title.textContent = `#${s.number}` + (s.cost == null ? "" : ` · cost ${s.cost}`);
    box.append(title);
    if (s.svg) {
      const picture = document.createElement("div");
      picture.innerHTML = s.svg; // drawn by the engine's own renderers
      box.append(picture);
    }
    const lines = document.createElement("div");
    lines.className = "lines";
    lines.textContent = s.options.join("\n");
    if (s.svg) lines.hidden = true;
    box.append(lines);
    $("solutions").append(box);
  }
  const shown = Math.min(state.solutions, SHOWN_MOST);
  $("shown").textContent = state.solutions > SHOWN_MOST ? `(the first ${shown} of ${fmt(state.solutions)})` : `(${shown})`;
}

async function solve() {
  if (state.running) return;
  $("solutions").replaceChildren();
  $("shown").textContent = "";
  $("result").textContent = "";
  $("reason").textContent = "";
  $("error").hidden = true;
  state.solutions = 0;
  state.last = { nodes: 0, solutions: 0, seconds: 0 };
  state.started = performance.now();
  setRunning(true);
  $("progress").textContent = "Searching…";
  const answer = await engine.call("run", JSON.stringify(request()));
  setRunning(false);
  if (answer.stopped) return; // stop() has said what was counted
  const seconds = answer.ms / 1000;
  if (!answer.ok) {
    $("progress").textContent = "";
    $("error").textContent = answer.error;
    $("error").hidden = false;
    return;
  }
  const figures = Object.fromEntries(answer.figures);
  $("progress").innerHTML =
    answer.figures.map(([name, value]) => `${name} <b>${fmt(value)}</b>`).join(" · ") + ` · ${seconds.toFixed(3)} s`;
  const words = {
    count: () => `<b id="count">${answer.solutions}</b> solutions`,
    first: () => (answer.solutions === "1" ? "a first solution" : "<b>no solution</b>"),
    list: () => `<b id="count">${answer.solutions}</b> solutions listed`,
    best: () =>
      `the <b id="count">${answer.solutions}</b> cheapest: costs ${answer.costs.join(", ")}` +
      (answer.count ? ` (of ${answer.count})` : ""),
  };
  let ending = "";
  if (answer.interrupted) ending = " (stopped: partial)";
  else if (answer.limit_reached) ending = " (the limit)";
  $("result").innerHTML = `${words[answer.question]()}${ending} by <b id="engine-used">${answer.engine}</b>`;
  $("reason").textContent = `Why ${answer.engine}: ${answer.reason}`;
  $("result").dataset.solutions = answer.solutions;
  $("result").dataset.nodes = figures.nodes ?? "";
}

function stop(event) {
  if (!state.running) return;
  const asked = event?.timeStamp ?? performance.now();
  engine.stop();
  setRunning(false);
  const p = state.last ?? { nodes: 0, solutions: 0 };
  const seconds = (performance.now() - state.started) / 1000;
  const what = question() === "count" ? "counted" : "found";
  $("result").innerHTML =
    `Stopped after ${seconds.toFixed(1)} s: <b id="count">${fmt(p.solutions)}</b> solutions ${what} so far ` +
    `(partial, as last reported; ${fmt(p.nodes)} nodes)`;
  $("result").dataset.solutions = String(p.solutions);
  $("result").dataset.stopped = "1";
  $("result").dataset.stopMs = String(Math.round(performance.now() - asked));
}

// --- sharing ---------------------------------------------------------------

async function share() {
  const shared = {
    model: state.model,
    text: state.model ? null : $("text").value,
    question: question(),
    limit: number("limit"),
    k: number("k"),
    engine: $("engine").value,
    builtin: $("builtin").value,
  };
  const hash = await encodeShare(shared);
  history.replaceState(null, "", `#${hash}`);
  $("share-note").hidden = false;
  $("share-note").textContent = `This page's address now holds the problem and the question (${location.href.length} characters): copy it to share.`;
  try {
    await navigator.clipboard.writeText(location.href);
    $("share-note").textContent += " Copied.";
  } catch {
    // No clipboard without permission: the address bar has it.
  }
}

async function restore(hash) {
  const shared = await decodeShare(hash);
  if (shared.question) document.querySelector(`input[name=question][value=${shared.question}]`).checked = true;
  $("limit").value = shared.limit ?? "";
  $("k").value = shared.k ?? 3;
  $("engine").value = shared.engine ?? "auto";
  $("builtin").value = shared.builtin ?? "";
  if (shared.model) {
    if (shared.model.kind === "queens") $("queens-n").value = shared.model.n;
    $("queens-n-label").hidden = shared.model.kind !== "queens";
    await loadModel(shared.model);
  } else {
    $("text").value = shared.text ?? "";
    await describe($("text").value);
  }
}

// --- wiring ----------------------------------------------------------------

engine.onprogress = (p) => state.running && showProgress(p);
engine.onsolutions = (batch) => state.running && addSolutions(batch);

$("text").addEventListener("input", textChanged);
$("builtin").addEventListener("change", () => pickBuiltin($("builtin").value));
$("queens-n").addEventListener("change", () => pickBuiltin("queens"));
$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  $("text").value = await file.text();
  textChanged();
});
$("solve").addEventListener("click", solve);
$("stop").addEventListener("click", stop);
$("share").addEventListener("click", share);
addEventListener("keydown", (e) => {
  if (e.key === "Escape") stop(e);
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) solve();
});

async function start() {
  const { toy, list } = await engine.call("builtins");
  state.toy = toy;
  state.builtins = list;
  for (const b of list) $("builtin").append(new Option(b.title, b.name));
  const hash = location.hash.slice(1);
  if (hash) {
    try {
      await restore(hash);
    } catch (error) {
      $("read-error").textContent = `The shared address could not be read: ${error.message}`;
      $("read-error").hidden = false;
    }
  } else {
    $("builtin").value = "toy";
    await pickBuiltin("toy");
  }
  $("progress").textContent = "Ready.";
  setRunning(false);
  document.body.dataset.ready = String(Math.round(performance.now()));
}

start().catch((error) => {
  $("error").textContent = `The engine could not start: ${error.message}`;
  $("error").hidden = false;
});
