// Editing a board: a sudoku's givens (click a cell to step its digit, or
// type one), the cells of a packing's box (click to take one out or put it
// back). Each change makes a new model, which the page turns into Knuth's
// text by the engine.
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

export class Editor {
  constructor(root, onchange) {
    this.root = root;
    this.onchange = onchange;
    this.panel = root.closest("#editor-panel");
  }

  hide() {
    this.panel.hidden = true;
    this.root.replaceChildren();
  }

  show(model, cells) {
    this.model = model;
    if (model.kind === "sudoku") this.sudoku(cells);
    else if (model.kind === "pack") this.pack(model, cells);
    else return this.hide();
    this.panel.hidden = false;
  }

  sudoku(cells) {
    const side = cells.side;
    const box = Math.round(Math.sqrt(side));
    const grid = cells.grid.split("").map((c) => (c === "." || c === "0" ? 0 : parseInt(c, 36)));
    document.getElementById("editor-title").textContent = "Edit the givens";
    document.getElementById("editor-help").textContent =
      "Click a cell to step its digit (empty, 1 … 9), or type a digit on it (0, Delete or Backspace to empty it); then solve.";
    const root = this.root;
    root.replaceChildren();
    root.className = "editor";
    root.style.gridTemplateColumns = `repeat(${side}, 2rem)`;
    const changed = () => {
      const line = grid.map((d) => (d ? d.toString(36) : ".")).join("");
      this.onchange({ kind: "sudoku", grid: line });
    };
    grid.forEach((digit, i) => {
      const cell = document.createElement("div");
      cell.className = "cell" + (digit ? " given" : "");
      cell.tabIndex = 0;
      cell.dataset.index = i;
      cell.textContent = digit ? digit.toString(36) : "";
      if (i % side % box === box - 1 && i % side !== side - 1) cell.classList.add("thick-r");
      if (Math.floor(i / side) % box === box - 1 && Math.floor(i / side) !== side - 1) cell.classList.add("thick-b");
      cell.addEventListener("click", () => {
        grid[i] = (grid[i] + 1) % (side + 1);
        changed();
      });
      cell.addEventListener("keydown", (e) => {
        const d = parseInt(e.key, 36);
        if (e.key === "Delete" || e.key === "Backspace" || d === 0) grid[i] = 0;
        else if (d >= 1 && d <= side) grid[i] = d;
        else return;
        e.preventDefault();
        changed();
      });
      root.append(cell);
    });
  }

  pack(model, cells) {
    // The box line is the description's first line that is not a comment;
    // the editor writes it as the list of the cells kept. The grid shown is
    // the box's bounds (kept while the pieces stay the same), so a cell
    // taken out can be put back, on a shared page too.
    const lines = model.spec.split("\n");
    const boxLine = lines.findIndex((l) => l.trim() !== "" && !l.trim().startsWith("|"));
    const pieces = lines.slice(boxLine + 1).join("\n");
    const dims = cells.dims;
    const coords = (name) => name.split("").map((c) => DIGITS.indexOf(c));
    if (this.pieces !== pieces) {
      this.pieces = pieces;
      this.high = [0, 0, 0];
    }
    for (const name of cells.cells) coords(name).forEach((v, d) => (this.high[d] = Math.max(this.high[d], v)));
    const high = this.high;
    const kept = new Set(cells.cells);
    document.getElementById("editor-title").textContent = "Edit the box";
    document.getElementById("editor-help").textContent =
      "Click a cell to take it out of the box, or to put it back; then count or list the packings of what is left.";
    const root = this.root;
    root.replaceChildren();
    root.className = "layers";
    const layers = dims === 3 ? high[2] + 1 : 1;
    const name = (x, y, z) => DIGITS[x] + DIGITS[y] + (dims === 3 ? DIGITS[z] : "");
    const changed = (cell) => {
      if (kept.has(cell)) kept.delete(cell);
      else kept.add(cell);
      const names = [];
      for (let x = 0; x <= high[0]; x++)
        for (let y = 0; y <= high[1]; y++)
          for (let z = 0; z < layers; z++) if (kept.has(name(x, y, z))) names.push(name(x, y, z));
      const spec = lines.slice();
      spec[boxLine] = names.join(" ");
      this.onchange({ kind: "pack", spec: spec.join("\n") });
    };
    for (let z = 0; z < layers; z++) {
      const grid = document.createElement("div");
      grid.className = "editor";
      grid.style.gridTemplateColumns = `repeat(${high[1] + 1}, 2rem)`;
      if (dims === 3) grid.title = `layer ${z}`;
      for (let x = 0; x <= high[0]; x++) {
        for (let y = 0; y <= high[1]; y++) {
          const cell = document.createElement("div");
          const n = name(x, y, z);
          cell.className = "cell" + (kept.has(n) ? "" : " off");
          cell.dataset.cell = n;
          cell.title = n;
          cell.addEventListener("click", () => changed(n));
          grid.append(cell);
        }
      }
      root.append(grid);
    }
  }
}
