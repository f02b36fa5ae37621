// The learner's page: N-Queens by boolean arrays, by bit masks and by
// Dancing Links, and any small problem by Dancing Links, played step by
// step. The steps are the real searches' (recorded by the engine in its
// worker); this script only draws the state they lead to.
import { Engine } from "./engine.js";

const $ = (id) => document.getElementById(id);
const engine = new Engine({ warm: false });
const CHECK_EVERY = 256;
const NAMES = { backtrack: "Boolean arrays", bitboard: "Bit masks", dlx: "Dancing Links" };

const view = {
  algorithm: "backtrack",
  n: 8,
  first: true,
  own: false,
  trace: null,
  at: 0,
  checkpoints: [],
  playing: false,
  generation: 0,
};

// --- states: what the steps lead to ----------------------------------------

function emptyState(trace) {
  if (trace.algorithm === "dlx") {
    return { hidden: new Set(), covered: new Set(), stack: [], commits: [], focus: null, lengths: new Map(), solution: null };
  }
  return { queens: [] };
}

function copyState(s) {
  if (s.hidden) {
    return { hidden: new Set(s.hidden), covered: new Set(s.covered), stack: s.stack.slice(), commits: s.commits.slice(),
      focus: s.focus, lengths: new Map(s.lengths), solution: s.solution };
  }
  return { queens: s.queens.slice() };
}

function apply(s, step) {
  if (!s.hidden) {
    const [kind, row, col] = step;
    s.queens.length = row;
    if (kind === 0) s.queens.push(col);
    return;
  }
  s.solution = null;
  switch (step.e) {
    case "choose":
      s.focus = step.item;
      s.lengths = new Map(step.lengths);
      break;
    case "cover":
      s.covered.add(step.item);
      step.hidden.forEach((o) => s.hidden.add(o));
      break;
    case "try":
      s.stack.length = step.level;
      s.stack.push(step.option);
      s.commits[step.level] = step.committed;
      step.committed.forEach((i) => s.covered.add(i));
      step.hidden.forEach((o) => s.hidden.add(o));
      break;
    case "solution":
      s.solution = step.options;
      break;
    case "undo":
      (s.commits[step.level] ?? []).forEach((i) => s.covered.delete(i));
      s.stack.length = step.level;
      step.restored.forEach((o) => s.hidden.delete(o));
      break;
    case "uncover":
      s.covered.delete(step.item);
      step.restored.forEach((o) => s.hidden.delete(o));
      s.focus = step.item;
      break;
  }
}

// The state after the first `at` steps, from the nearest checkpoint.
function stateAt(at) {
  const k = Math.floor(at / CHECK_EVERY);
  const s = copyState(view.checkpoints[k]);
  for (let i = k * CHECK_EVERY; i < at; i++) apply(s, view.trace.steps[i]);
  return s;
}

function prepare(trace) {
  view.trace = trace;
  view.checkpoints = [];
  const s = emptyState(trace);
  trace.steps.forEach((step, i) => {
    if (i % CHECK_EVERY === 0) view.checkpoints.push(copyState(s));
    apply(s, step);
  });
  if (trace.steps.length % CHECK_EVERY === 0) view.checkpoints.push(copyState(s));
  $("slider").max = trace.steps.length;
  $("total").textContent = trace.steps.length.toLocaleString("en-US");
}

// --- drawing -----------------------------------------------------------------

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== "") e.textContent = text;
  return e;
}

function drawBoard(n, queens, attacked, current) {
  const board = el("div", { class: "board", id: "chessboard" });
  board.style.gridTemplateColumns = `repeat(${n}, var(--sq))`;
  board.style.setProperty("--sq", n > 10 ? "1.8rem" : "2.4rem");
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const sq = el("div", { class: (r + c) % 2 ? "dark" : "light", "data-square": `${r},${c}` });
      if (queens.some(([qr, qc]) => qr === r && qc === c)) sq.classList.add("queen");
      else if (attacked(r, c)) sq.classList.add("attacked");
      if (current && current[0] === r && current[1] === c) sq.classList.add("current");
      board.append(sq);
    }
  }
  return board;
}

function bitsRow(label, n, value, cls = "one", extra = "") {
  const tr = el("tr");
  tr.append(el("th", {}, label));
  for (let c = 0; c < n; c++) {
    const on = Math.floor(value / 2 ** c) % 2 === 1;
    tr.append(el("td", on ? { class: cls } : {}, on ? "1" : "0"));
  }
  tr.append(el("td", { class: "mono small", style: "border:none;text-align:left;padding-left:0.6rem;white-space:nowrap" }, extra));
  return tr;
}

function arrayTable(label, values, mark) {
  const t = el("table", { class: "bits" });
  const head = el("tr");
  head.append(el("th", {}, ""));
  values.forEach((_, i) => head.append(el("th", { style: "text-align:center" }, String(i))));
  const row = el("tr");
  row.append(el("th", {}, label));
  values.forEach((v, i) => {
    const td = el("td", v ? { class: "one" } : {}, v ? "1" : "0");
    if (i === mark) td.style.outline = "3px solid var(--accent)";
    row.append(td);
  });
  t.append(head, row);
  return t;
}

function describeQueensStep(step) {
  if (!step) return "The empty board: the search starts at row 0.";
  const [kind, row, col] = step;
  if (kind === 0) return `row ${row}: column ${col} is free: place a queen there, go on to row ${row + 1}`;
  if (kind === 1) return `row ${row}: take the queen off column ${col}, try the next free column`;
  return row === 0 ? "row 0: no more columns: the search is over" : `row ${row}: no more free columns: back to row ${row - 1}`;
}

function drawQueens(s, step) {
  const n = view.trace.n;
  const queens = s.queens.map((c, r) => [r, c]);
  const taken = (r, c) => s.queens.some((qc, qr) => qc === c || qr - qc === r - c || qr + qc === r + c);
  const current = step && step[0] !== 2 ? [step[1], step[2]] : null;
  $("board").replaceChildren(drawBoard(n, queens, taken, current));
  const data = $("data");
  data.replaceChildren();
  if (view.trace.algorithm === "backtrack") {
    $("data-title").textContent = "The boolean arrays";
    const cols = Array(n).fill(false);
    const d1 = Array(2 * n - 1).fill(false);
    const d2 = Array(2 * n - 1).fill(false);
    queens.forEach(([r, c]) => {
      cols[c] = true;
      d1[r - c + n - 1] = true;
      d2[r + c] = true;
    });
    const [r, c] = current ?? [-1, -1];
    data.append(
      el("p", { class: "small muted" }, "A queen at row r, column c takes cols[c], diag[r − c + n − 1] and anti[r + c]; a square is free when all three are 0."),
      arrayTable("cols", cols, current ? c : -1),
      arrayTable("diag", d1, current ? r - c + n - 1 : -1),
      arrayTable("anti", d2, current ? r + c : -1),
    );
  } else {
    $("data-title").textContent = "The bit masks of the row";
    const full = 2 ** n - 1;
    if (!step) {
      data.append(el("p", {}, "Row 0 starts with every mask 0: every column is free."));
      return;
    }
    const [kind, row, col, cols, left, right] = step;
    const free = full - (((cols | left | right) >>> 0) & full) ;
    const t = el("table", { class: "bits", id: "masks" });
    const head = el("tr");
    head.append(el("th", {}, `row ${row}, bit c under column c`));
    for (let c = 0; c < n; c++) head.append(el("th", { style: "text-align:center" }, String(c)));
    t.append(head);
    t.append(bitsRow("cols", n, cols, "one", "columns taken"));
    t.append(bitsRow("left", n, left, "one", "diagonals: (left | bit) << 1 from the row above"));
    t.append(bitsRow("right", n, right, "one", "diagonals: (right | bit) >> 1"));
    t.append(bitsRow("free", n, free, "free", "~(cols | left | right) & full"));
    if (kind !== 2) t.append(bitsRow("bit", n, 2 ** col, "one", kind === 0 ? "free & −free: the lowest free bit" : "taken back; free ^= bit"));
    data.append(t);
  }
}

function describeDlxStep(step) {
  const t = view.trace;
  if (!step) return "Nothing covered yet: the search starts at level 0.";
  const item = (i) => t.items[i];
  const option = (o) => `“${t.lines[o]}”`;
  switch (step.e) {
    case "choose":
      return `level ${step.level}: choose ${item(step.item)}, the item with the fewest options (${step.lengths.find(([i]) => i === step.item)?.[1] ?? 0})`;
    case "cover":
      return `level ${step.level}: cover ${item(step.item)}: ${step.hidden.length} options leave the other lists`;
    case "try":
      return `level ${step.level}: try ${option(step.option)}: cover ${step.committed.map(item).join(", ") || "nothing else"}, hiding ${step.hidden.length} options`;
    case "solution":
      return `a solution: ${step.options.map(option).join(", ")}`;
    case "undo":
      return `level ${step.level}: take back ${option(step.option)}: ${step.restored.length} options come back`;
    case "uncover":
      return `level ${step.level}: uncover ${item(step.item)}, every option of it tried (${step.restored.length} options come back); back up`;
  }
  return step.e;
}

function drawDlx(s, step) {
  const t = view.trace;
  const trying = step && (step.e === "try" || step.e === "undo") ? step.option : null;
  if (t.cells) {
    const n = t.n;
    const queens = s.stack.map((o) => t.cells[o]);
    const attacked = (r, c) => t.cells.some(([cr, cc], o) => cr === r && cc === c && s.hidden.has(o));
    const current = trying == null ? null : t.cells[trying];
    $("board").replaceChildren(drawBoard(n, queens, attacked, current));
  } else {
    $("board").replaceChildren(
      el("p", { class: "small muted" }, "The options chosen, level by level:"),
      el("div", { class: "log", id: "stack" }, s.stack.map((o, l) => `${l}: ${t.lines[o]}`).join("\n") || "(none yet)"),
    );
  }
  $("data-title").textContent = "The links: items (columns) and options (rows)";
  const table = el("table", { class: "data", id: "links" });
  const head = el("tr");
  head.append(el("th", {}, "option"));
  t.items.forEach((name, i) => {
    const th = el("th", { title: i < t.primary ? "primary" : "secondary" }, name);
    if (s.covered.has(i)) th.classList.add("covered");
    if (i === s.focus) th.classList.add("focus");
    if (i >= t.primary) th.style.fontStyle = "italic";
    const len = s.lengths.get(i);
    if (len !== undefined && !s.covered.has(i)) th.title += `, ${len} options`;
    head.append(th);
  });
  table.append(head);
  const chosen = new Set(s.stack);
  const solution = new Set(s.solution ?? []);
  t.options.forEach((items, o) => {
    const tr = el("tr", { "data-option": o });
    if (o === trying) tr.className = "trying";
    else if (chosen.has(o) || solution.has(o)) tr.className = "chosen";
    else if (s.hidden.has(o)) tr.className = "hidden";
    tr.append(el("td", { class: "mono", style: "text-align:left" }, String(o)));
    const set = new Set(items);
    t.items.forEach((_, i) => tr.append(el("td", set.has(i) ? { class: "on" } : {}, set.has(i) ? "●" : "")));
    table.append(tr);
  });
  const lengths = el("p", { class: "small muted" },
    "Grey rows: options hidden (covered); blue: chosen; yellow: being tried or taken back. Struck-out columns: items covered.");
  $("data").replaceChildren(lengths, table);
}

function draw() {
  const t = view.trace;
  if (!t) return;
  const s = stateAt(view.at);
  const step = view.at > 0 ? t.steps[view.at - 1] : null;
  $("at").textContent = view.at.toLocaleString("en-US");
  $("slider").value = view.at;
  if (t.algorithm === "dlx") {
    $("say").textContent = describeDlxStep(step);
    drawDlx(s, step);
  } else {
    $("say").textContent = describeQueensStep(step);
    drawQueens(s, step);
  }
  $("board-title").textContent = t.cells || t.n ? `${t.n ?? ""} queens` : "The choices";
}

// --- the searches ------------------------------------------------------------

function command(algorithm) {
  const first = view.first ? " --first" : "";
  return `quadrille queens ${view.n} --algorithm ${algorithm}${first} --stats`;
}

async function compare(generation) {
  const body = $("compare").querySelector("tbody");
  body.replaceChildren();
  if (view.own) {
    const t = view.trace;
    if (!t) return;
    const tr = el("tr", { "data-algorithm": "own" });
    tr.append(el("td", {}, "Dancing Links, your problem"), el("td", { "data-nodes": t.nodes }, t.nodes.toLocaleString("en-US")),
      el("td", {}, String(t.solutions)), el("td", {}, String(t.steps.length)),
      el("td", { class: "mono small" }, `quadrille solve FILE --engine links${view.first ? " --first" : ""} --stats`));
    body.append(tr);
    return;
  }
  for (const algorithm of ["backtrack", "bitboard", "dlx"]) {
    const t = algorithm === view.algorithm && view.trace ? view.trace
      : await engine.call("learn_queens", view.n, algorithm, view.first, 1);
    if (generation !== view.generation) return;
    if (!t.ok) continue;
    const tr = el("tr", { "data-algorithm": algorithm });
    tr.append(el("td", {}, NAMES[algorithm]), el("td", { "data-nodes": t.nodes }, t.nodes.toLocaleString("en-US")),
      el("td", {}, String(t.solutions)),
      el("td", {}, algorithm === view.algorithm ? t.steps.length.toLocaleString("en-US") + (t.cut ? " (cut)" : "") : ""),
      el("td", { class: "mono small" }, command(algorithm)));
    body.append(tr);
  }
}

async function load() {
  pause();
  delete document.body.dataset.loaded;
  $("load-error").hidden = true;
  const generation = ++view.generation;
  const trace = view.own
    ? await engine.call("learn_dlx", $("own-text").value, view.first, 100000)
    : await engine.call("learn_queens", view.n, view.algorithm, view.first, 100000);
  if (generation !== view.generation) return; // a later load has begun
  if (!trace.ok) {
    $("load-error").textContent = trace.error;
    $("load-error").hidden = false;
    return;
  }
  prepare(trace);
  view.at = 0;
  const wanted = new URLSearchParams(location.hash.slice(1)).get("step");
  if (wanted !== null) view.at = wanted === "end" ? trace.steps.length : Math.min(Number(wanted) || 0, trace.steps.length);
  draw();
  await compare(generation);
  if (generation !== view.generation) return;
  document.body.dataset.loaded = view.own ? `own-${view.first ? 1 : 0}` : `${view.algorithm}-${view.n}-${view.first ? 1 : 0}`;
  document.body.dataset.ready ??= String(Math.round(performance.now()));
}

// --- playing -----------------------------------------------------------------

let last = 0;
let owed = 0;
function frame(now) {
  if (!view.playing) return;
  const perSecond = 2 ** Number($("speed").value);
  owed += ((now - (last || now)) / 1000) * perSecond;
  last = now;
  const k = Math.floor(owed);
  if (k > 0) {
    owed -= k;
    view.at = Math.min(view.at + k, view.trace.steps.length);
    draw();
    if (view.at >= view.trace.steps.length) return pause();
  }
  requestAnimationFrame(frame);
}

function play() {
  if (!view.trace || view.playing) return;
  if (view.at >= view.trace.steps.length) view.at = 0;
  view.playing = true;
  last = 0;
  owed = 1;
  $("play").textContent = "Pause";
  requestAnimationFrame(frame);
}

function pause() {
  view.playing = false;
  $("play").textContent = "Play";
}

function go(at) {
  if (!view.trace) return;
  pause();
  view.at = Math.max(0, Math.min(at, view.trace.steps.length));
  draw();
}

// --- wiring ------------------------------------------------------------------

for (let n = 1; n <= 12; n++) $("n").append(new Option(String(n), String(n)));
const params = new URLSearchParams(location.hash.slice(1));
view.n = Math.min(12, Math.max(1, Number(params.get("n")) || 6));
view.algorithm = ["backtrack", "bitboard", "dlx"].includes(params.get("algorithm")) ? params.get("algorithm") : "backtrack";
view.first = params.get("first") !== "0";
$("n").value = String(view.n);
$("first").checked = view.first;
$("own-text").value = "| Knuth's toy problem (TAOCP 7.2.2.1)\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

function markAlgorithm() {
  document.querySelectorAll("button[data-algorithm]").forEach((b) => b.classList.toggle("on", !view.own && b.dataset.algorithm === view.algorithm));
}
document.querySelectorAll("button[data-algorithm]").forEach((b) =>
  b.addEventListener("click", () => {
    view.algorithm = b.dataset.algorithm;
    view.own = false;
    $("own").checked = false;
    $("own-panel").hidden = true;
    markAlgorithm();
    load();
  }),
);
$("n").addEventListener("change", () => {
  view.n = Number($("n").value);
  load();
});
$("first").addEventListener("change", () => {
  view.first = $("first").checked;
  load();
});
$("own").addEventListener("change", () => {
  view.own = $("own").checked;
  $("own-panel").hidden = !view.own;
  markAlgorithm();
  if (view.own) load();
});
$("own-load").addEventListener("click", load);
$("play").addEventListener("click", () => (view.playing ? pause() : play()));
$("back").addEventListener("click", () => go(view.at - 1));
$("forth").addEventListener("click", () => go(view.at + 1));
$("begin").addEventListener("click", () => go(0));
$("end").addEventListener("click", () => go(view.trace.steps.length));
$("slider").addEventListener("input", () => go(Number($("slider").value)));
addEventListener("keydown", (e) => {
  if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "ArrowLeft") go(view.at - 1);
  else if (e.key === "ArrowRight") go(view.at + 1);
  else if (e.key === " ") (view.playing ? pause() : play());
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(view.trace.steps.length);
  else return;
  e.preventDefault();
});
markAlgorithm();
if (params.get("own") === "1") {
  view.own = true;
  $("own").checked = true;
  $("own-panel").hidden = false;
  markAlgorithm();
}
load().catch((error) => {
  $("load-error").textContent = `The engine could not start: ${error.message}`;
  $("load-error").hidden = false;
});
