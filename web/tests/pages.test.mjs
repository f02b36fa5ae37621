// The pages in a real browser: Debian's Chromium, headless, started here by
// Playwright (playwright-core, no browser of its own), on the pages served by
// `python3 -m http.server` as the README says. Every expected value comes
// from the command-line tool (QUADRILLE_BIN, the binary the Rust tests
// built), never from the pages themselves.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch, root, serve } from "./harness.mjs";

const data = join(root, "data", "dlx");
const bin = process.env.QUADRILLE_BIN;
const shots = process.env.SCREENSHOTS ?? join(root, "target", "web-screenshots");
assert.ok(bin, "QUADRILLE_BIN names the quadrille binary (web/run-tests sets it)");

let server;
let browser;
let base;

before(async () => {
  server = await serve();
  base = server.base;
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

// The CLI's run: stdout, stderr, exit code.
function cli(args, input) {
  const run = spawnSync(bin, args, { input, encoding: "utf8", maxBuffer: 1 << 28 });
  return { out: run.stdout, err: run.stderr, code: run.status };
}

// A page whose console errors (the page's and its workers') fail the test.
async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("worker", (w) => w.on("console", (m) => m.type() === "error" && errors.push(`worker: ${m.text()}`)));
  const started = Date.now();
  await page.goto(`${base}/${path}`);
  await page.waitForSelector("body[data-ready]", { timeout: 20_000 });
  const ready = Number(await page.getAttribute("body", "data-ready"));
  return { page, context, errors, ready, wall: Date.now() - started };
}

async function solve(page, question, { limit = "", k = "", engine = "auto" } = {}) {
  await page.check(`input[name=question][value=${question}]`);
  await page.fill("#limit", String(limit));
  if (k !== "") await page.fill("#k", String(k));
  await page.selectOption("#engine", engine);
  await page.evaluate(() => {
    delete document.getElementById("result").dataset.solutions;
  });
  await page.click("#solve");
  await page.waitForFunction(
    () => document.getElementById("result").dataset.solutions !== undefined || !document.getElementById("error").hidden,
    null,
    { timeout: 120_000 },
  );
  await page.waitForFunction(() => !document.getElementById("solve").disabled);
  const error = await page.$eval("#error", (e) => (e.hidden ? null : e.textContent));
  const solutions = await page.$eval("#result", (e) => e.dataset.solutions ?? null);
  const first = await page.$$eval(".solution[data-number='1'] .lines", (e) => (e[0] ? e[0].textContent : null));
  return { error, solutions, first };
}

async function setText(page, text) {
  await page.selectOption("#builtin", "");
  await page.evaluate(() => {
    document.getElementById("about").textContent = "";
    document.getElementById("read-error").hidden = true;
  });
  // As a paste: the whole text at once, one input event.
  await page.$eval("#text", (area, value) => {
    area.value = value;
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }, text);
  await page.waitForFunction(() => document.getElementById("about").textContent || !document.getElementById("read-error").hidden);
}

// The option lines of the CLI's first solution (its listing: one option a
// line, a blank line after each solution).
function cliFirst(file) {
  const run = cli(["solve", file, "--first", "--threads", "1"]);
  assert.ok(run.code <= 1, run.err);
  return run.out.trim();
}

function cliCount(file) {
  const run = cli(["solve", file, "--count", "--threads", "1", "-q"]);
  assert.ok(run.code <= 1, run.err); // 1: no solution
  return run.out.trim();
}

// A screenshot, kept, and checked in the page itself to be no blank: many
// colours, and much of it not the background.
async function screenshot(page, name) {
  const png = await page.screenshot({ fullPage: false });
  writeFileSync(join(shots, `${name}.png`), png);
  const { colours, inked } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, img.width, img.height).data;
    const seen = new Set();
    const bg = `${px[0]},${px[1]},${px[2]}`;
    let inked = 0;
    for (let i = 0; i < px.length; i += 4 * 7) {
      const key = `${px[i]},${px[i + 1]},${px[i + 2]}`;
      seen.add(key);
      if (key !== bg) inked++;
    }
    return { colours: seen.size, inked: inked / (px.length / 28) };
  }, png.toString("base64"));
  assert.ok(colours > 50, `${name}: only ${colours} colours`);
  assert.ok(inked > 0.2, `${name}: only ${(100 * inked).toFixed(1)} % of it drawn`);
}

// The problems of data/dlx, at least twenty (all but the four whose count takes the
// command line more than a second or two: the 6×6 sudoku grids, the
// tetrominoes in 8×6, the motley 7×7, Scott's, which the editor's test
// counts): the page's
// count and first solution are the command line's (the same front, the same
// engine chosen, on one thread).
const PROBLEMS = readdirSync(data)
  .filter((f) => f.endsWith(".dlx"))
  .filter((f) => !["sudoku_6x6_all.dlx", "tetrominoes_12_8x6.dlx", "motley_7x7.dlx", "knuth_pack_scott_8x8.dlx"].includes(f))
  .sort();

test("20 problems or more: the page counts and finds what the command line does", async () => {
  assert.ok(PROBLEMS.length >= 20, PROBLEMS.join(" "));
  const { page, context, errors } = await open("index.html");
  for (const file of PROBLEMS) {
    const path = join(data, file);
    await setText(page, readFileSync(path, "utf8"));
    const counted = await solve(page, "count");
    assert.equal(counted.error, null, file);
    assert.equal(counted.solutions, cliCount(path), `${file}: count`);
    const first = await solve(page, "first");
    assert.equal(first.error, null, file);
    assert.equal(first.first ?? "", cliFirst(path), `${file}: first solution`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("the built-ins: boards drawn, counts as the command line's, best by costs", async () => {
  const { page, context, errors } = await open("index.html");
  for (const [name, expected] of [["toy", null], ["queens", null], ["sudoku", null], ["soma", null]]) {
    await page.selectOption("#builtin", name);
    await page.waitForFunction(() => document.getElementById("about").textContent.length > 0);
    const text = await page.inputValue("#text");
    const counted = await solve(page, "count");
    assert.equal(counted.solutions, expected ?? cli(["solve", "--count", "--threads", "1", "-q"], text).out.trim(), name);
    await solve(page, "list", { limit: 3 });
    const drawn = await page.$$eval(".solution svg", (s) => s.length);
    assert.equal(drawn, name === "toy" ? 0 : Math.min(3, Number(counted.solutions)), `${name}: boards drawn`);
  }
  // The pentominoes of 6×10, drawn; the engine and its reason shown.
  await page.selectOption("#builtin", "pentominoes");
  await page.waitForSelector("#editor .cell");
  const listed = await solve(page, "list", { limit: 4 });
  assert.equal(listed.solutions, "4");
  assert.match(await page.textContent("#reason"), /^Why \w+: /);
  await screenshot(page, "solver");
  // Best k with costs: the command line's costs.
  await setText(page, readFileSync(join(data, "pentomino_6x10_costs.dlx"), "utf8"));
  const best = await solve(page, "best", { k: 3 });
  assert.equal(best.error, null);
  const costs = await page.textContent("#result");
  const cliBest = cli(["solve", join(data, "pentomino_6x10_costs.dlx"), "--best", "3"]);
  const cliCosts = cliBest.out.trim().split("\n").pop();
  assert.ok(costs.includes(`costs ${cliCosts.replace(/^costs:?\s*/, "").split(/[ ,]+/).join(", ")}`), `${costs} vs ${cliCosts}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a malformed problem shows the command line's error, with line and column", async () => {
  const { page, context, errors } = await open("index.html");
  const bad = "A B\nA\nB C\n";
  await setText(page, bad);
  const shown = await page.textContent("#read-error");
  const cliError = cli(["solve"], bad).err.trim();
  // quadrille: error: <stdin>:3:3: unknown item `C`
  const [, line, column, message] = cliError.match(/:(\d+):(\d+): (.*)$/);
  assert.equal(shown, `line ${line}, column ${column}: ${message}`);
  const answer = await solve(page, "count");
  assert.equal(answer.error, shown);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Stop ends a long count within a second and shows the partial count", async () => {
  const { page, context, errors } = await open("index.html");
  await page.selectOption("#builtin", "queens");
  await page.fill("#queens-n", "18");
  await page.dispatchEvent("#queens-n", "change");
  await page.waitForFunction(() => document.getElementById("about").textContent.includes("options"));
  await page.check("input[name=question][value=count]");
  await page.selectOption("#engine", "links");
  await page.click("#solve");
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector("#progress b")?.textContent ?? ""), null, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  const asked = Date.now();
  await page.click("#stop");
  await page.waitForSelector("#result[data-stopped]");
  // From the click's event to the partial count on the page, as the page
  // measures it; the test's own round trip through the browser too.
  const took = Number(await page.getAttribute("#result", "data-stop-ms"));
  assert.ok(took < 1000, `Stop took ${took} ms`);
  assert.ok(Date.now() - asked < 5000, `Stop seen after ${Date.now() - asked} ms`);
  // The search is over: no progress after the stop.
  const frozen = await page.textContent("#progress");
  await page.waitForTimeout(500);
  assert.equal(await page.textContent("#progress"), frozen);
  const partial = Number(await page.getAttribute("#result", "data-solutions"));
  assert.ok(partial > 0 && partial < 666_090_624, `partial count ${partial}`);
  assert.match(await page.textContent("#result"), /partial/);
  // The engine answers again at once.
  await page.selectOption("#builtin", "toy");
  await page.waitForFunction(() => document.getElementById("text").value.startsWith("| Knuth"));
  const again = await solve(page, "count");
  assert.equal(again.solutions, "1");
  assert.deepEqual(errors, []);
  await context.close();
});

test("edit and share: a sudoku's givens, a packing's box, through the address", async () => {
  const { page, context, errors } = await open("index.html");
  await page.selectOption("#builtin", "sudoku");
  await page.waitForSelector("#editor .cell");
  // Clear the given 8 of the first cell (8 → 9 → empty): more solutions.
  await page.click("#editor .cell[data-index='0']");
  await page.click("#editor .cell[data-index='0']");
  await page.waitForFunction(() => document.getElementById("text").value.includes("| the sudoku ."));
  let text = await page.inputValue("#text");
  let counted = await solve(page, "count");
  assert.equal(counted.solutions, cli(["solve", "--count", "--threads", "1", "-q"], text).out.trim());
  // Type a 1 into the second cell.
  await page.focus("#editor .cell[data-index='1']");
  await page.keyboard.press("1");
  await page.waitForFunction(() => document.getElementById("text").value.includes("| the sudoku .1"));
  text = await page.inputValue("#text");
  counted = await solve(page, "count");
  assert.equal(counted.solutions, cli(["solve", "--count", "--threads", "1", "-q"], text).out.trim());

  // The pentominoes in 8×8 with the four centre cells taken out: Scott's
  // problem.
  await page.selectOption("#builtin", "scott");
  await page.waitForSelector("#editor .cell[data-cell='33']");
  for (const cell of ["33", "34", "43", "44"]) {
    const before = await page.inputValue("#text");
    await page.click(`#editor .cell[data-cell='${cell}']`);
    await page.waitForFunction((b) => document.getElementById("text").value !== b, before);
  }
  text = await page.inputValue("#text");
  counted = await solve(page, "count");
  const expected = cli(["solve", "--count", "--threads", "1", "-q"], text).out.trim();
  assert.equal(counted.solutions, expected);
  assert.equal(expected, "520"); // Scott's 65 packings, each in its 8 orientations
  await solve(page, "first");
  assert.equal(await page.$$eval(".solution svg", (s) => s.length), 1);

  // Shared: a fresh page at the address has the same problem and question.
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s="));
  const url = page.url();
  const other = await context.newPage();
  other.on("pageerror", (e) => errors.push(String(e)));
  await other.goto(url);
  await other.waitForSelector("body[data-ready]");
  assert.equal(await other.inputValue("#text"), text);
  assert.equal(await other.$eval("input[name=question]:checked", (e) => e.value), "first");
  const again = await solve(other, "count");
  assert.equal(again.solutions, expected);
  assert.deepEqual(errors, []);
  await context.close();
});

// Waits for the learner's page to have drawn and compared `key`
// (`algorithm-n-first`, or `own-first`).
async function loaded(page, key) {
  await page.waitForFunction((k) => document.body.dataset.loaded === k, key, { timeout: 30_000 });
}

// The nodes printed by `quadrille queens N --algorithm A [--first] --stats`.
function cliQueensNodes(n, algorithm, first) {
  const run = cli(["queens", String(n), "--algorithm", algorithm, "--stats", ...(first ? ["--first"] : [])]);
  assert.equal(run.code, 0, run.err);
  return Number(run.err.match(/^nodes: (\d+)$/m)[1]);
}

test("the learner's page: the node counts and steps of the command line", async () => {
  const { page, context, errors } = await open("learn.html#n=6");
  for (const n of [4, 6, 8]) {
    for (const first of [true, false]) {
      await page.selectOption("#n", String(n));
      if ((await page.isChecked("#first")) !== first) await page.click("#first");
      await loaded(page, `backtrack-${n}-${first ? 1 : 0}`);
      for (const algorithm of ["backtrack", "bitboard", "dlx"]) {
        const shown = Number(await page.getAttribute(`#compare tr[data-algorithm=${algorithm}] td[data-nodes]`, "data-nodes"));
        assert.equal(shown, cliQueensNodes(n, algorithm, first), `${n} queens, ${algorithm}, first: ${first}`);
      }
    }
  }
  // The steps: the command line's trace of the boolean arrays, one line each.
  await page.selectOption("#n", "6");
  await page.click("#first");
  await loaded(page, "backtrack-6-1");
  for (const algorithm of ["backtrack", "bitboard"]) {
    await page.click(`button[data-algorithm=${algorithm}]`);
    await loaded(page, `${algorithm}-6-1`);
    const lines = cli(["queens", "6", "--algorithm", algorithm, "--trace", "--first"]).out.split("\n");
    const steps = lines.filter((l) => /^\[\d+\]\[\d+\] = |^row \d+:/.test(l)).length;
    assert.equal(Number((await page.textContent("#total")).replaceAll(",", "")), steps, algorithm);
  }
  // Play, pause, step back and forth.
  await page.click("#end");
  assert.equal(await page.$$eval("#chessboard .queen", (q) => q.length), 6);
  await page.click("#back");
  await page.click("#forth");
  assert.equal(await page.$$eval("#chessboard .queen", (q) => q.length), 6);
  await page.click("#begin");
  await page.click("#play");
  await page.waitForFunction(() => Number(document.getElementById("at").textContent) > 3);
  await page.click("#play");
  await page.click("button[data-algorithm=bitboard]");
  await loaded(page, "bitboard-6-1");
  await page.click("#forth");
  await page.click("#forth");
  await page.click("#forth");
  await screenshot(page, "learn-masks");
  // Dancing links on 6 queens, in the middle of the search.
  await page.click("button[data-algorithm=dlx]");
  await loaded(page, "dlx-6-1");
  for (let i = 0; i < 9; i++) await page.click("#forth");
  await screenshot(page, "learn");

  // Any small problem: Knuth's toy, the trace of `quadrille solve --trace`.
  await page.click("#own");
  await loaded(page, "own-1");
  const trace = cli(["solve", join(data, "knuth_toy.dlx"), "--trace"]).out.trim().split("\n");
  const tries = trace.filter((l) => /^\s*level \d+: try /.test(l)).length;
  const events = trace.filter((l) => /^\s*level \d+: /.test(l) || /^\s*solution: /.test(l)).length;
  await page.click("#first");
  await loaded(page, "own-0");
  assert.equal(Number(await page.textContent("#total")), events);
  const nodes = Number(await page.getAttribute("#compare tr[data-algorithm=own] td[data-nodes]", "data-nodes"));
  assert.equal(nodes, tries + 1);
  const stats = cli(["solve", join(data, "knuth_toy.dlx"), "--engine", "links", "--stats"]).err;
  assert.equal(nodes, Number(stats.match(/^nodes: (\d+)$/m)[1]));
  await page.click("#end");
  assert.match(await page.textContent("#say"), /uncover A/);
  assert.deepEqual(errors, []);
  await context.close();
});

// Interactive: the engine's worker has answered and Solve (or the
// learner's first step) is ready, in milliseconds from the navigation's
// start, each load in a fresh context (no cache); the best of three. The
// target is a second (web/speed measures it); this test only guards against
// a page that waits for something it should not (5 s), as a loaded machine
// slows every page.
test("both pages become interactive", async () => {
  for (const path of ["index.html", "learn.html"]) {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const { ready, context, errors } = await open(path);
      times.push(ready);
      assert.deepEqual(errors, []);
      await context.close();
    }
    console.log(`${path}: interactive after ${times.join(", ")} ms`);
    assert.ok(Math.min(...times) < 5000, `${path}: interactive after ${times.join(", ")} ms`);
  }
});

// The module the pages load stays under the 2 MB a page may fetch before
// anything runs (web/build: 1.83 MB, built for size).
test("the WebAssembly is under 2 MB", () => {
  const bytes = statSync(join(root, "web", "pkg", "quadrille_web_bg.wasm")).size;
  console.log(`WebAssembly: ${bytes} bytes`);
  assert.ok(bytes < 2_000_000, `the WebAssembly takes ${bytes} bytes`);
});
