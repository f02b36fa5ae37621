// The view of the N-Queens backtracking search. Steps: [0, r, c] puts a queen
// in row r, column c; [1, r, c] takes it back; [2, r] leaves row r, every
// column tried.
(function () {
  const n = TRACE.n;
  const steps = TRACE.steps;
  const sols = TRACE.solutions;
  const total = steps.length;
  let queen, frontier, placed, deadEnds;

  $("summary").textContent =
    `${n}×${n} board: ${fmt(TRACE.total_steps)} steps, ${fmt(TRACE.total_solutions)} solutions` +
    (TRACE.stopped ? ` (stopped at solution ${fmt(TRACE.total_solutions)}, as asked)` : "");
  if (TRACE.cut) {
    const note = $("note");
    note.hidden = false;
    note.textContent =
      `This page holds the first ${fmt(total)} steps of ${fmt(TRACE.total_steps)}: ` +
      `the replay is cut at ${fmt(TRACE.limit)} steps to keep the file small.`;
  }

  const board = $("board");
  if (n > 9) document.documentElement.style.setProperty("--sq", "2.1rem");
  board.style.gridTemplateColumns = `1.4em repeat(${n}, var(--sq))`;
  const squares = [];
  board.appendChild(el("div", "lab"));
  for (let c = 0; c < n; c++) board.appendChild(el("div", "lab", String(c)));
  for (let r = 0; r < n; r++) {
    board.appendChild(el("div", "lab", String(r)));
    squares.push([]);
    for (let c = 0; c < n; c++) {
      const sq = el("div", (r + c) % 2 ? "sq dark" : "sq light");
      sq.dataset.r = String(r);
      sq.dataset.c = String(c);
      board.appendChild(sq);
      squares[r].push(sq);
    }
  }

  function cells(id, count) {
    const box = $(id);
    const list = [];
    for (let i = 0; i < count; i++) {
      const cell = el("div", "cell");
      cell.title = `${id}[${i}]`;
      cell.appendChild(el("span", "v", "0"));
      cell.appendChild(el("span", "i", String(i)));
      box.appendChild(cell);
      list.push(cell);
    }
    return list;
  }
  const arrays = { cols: cells("cols", n), diags1: cells("diags1", 2 * n - 1), diags2: cells("diags2", 2 * n - 1) };

  const path = $("path");
  const chips = [];
  for (let r = 0; r < n; r++) {
    const line = el("div", "pathrow");
    line.appendChild(el("span", "rowlab", `row ${r}`));
    chips.push([]);
    for (let c = 0; c < n; c++) {
      const chip = el("span", "chip");
      line.appendChild(chip);
      chips[r].push(chip);
    }
    path.appendChild(line);
  }

  const list = $("solutions");
  sols.forEach((s, k) => {
    const item = el("li");
    const link = el("a", null, s.cols.join(" "));
    link.href = `#step=${s.step}`;
    link.title = `found at step ${s.step}`;
    item.appendChild(link);
    item.hidden = true;
    list.appendChild(item);
  });

  function attacked(r, c, above) {
    for (let i = 0; i < above; i++) {
      const q = queen[i];
      if (i !== r && q >= 0 && (q === c || Math.abs(q - c) === Math.abs(i - r))) return true;
    }
    return false;
  }

  const view = {
    reset() {
      queen = new Array(n).fill(-1);
      frontier = new Array(n).fill(-1);
      placed = 0;
      deadEnds = 0;
    },
    apply(i) {
      const [kind, r, c] = steps[i];
      if (kind === 0) {
        queen[r] = c;
        frontier[r] = c;
        if (r + 1 < n) frontier[r + 1] = -1;
        placed++;
      } else if (kind === 1) {
        queen[r] = -1;
      } else {
        frontier[r] = n;
        deadEnds++;
      }
    },
    render(k) {
      const step = k > 0 ? steps[k - 1] : null;
      const found = sols.filter((s) => s.step <= k).length;
      // After the last step of a finished search the board is empty: show the
      // last solution found instead, faded.
      const over = k === total && !TRACE.cut && !TRACE.stopped && sols.length > 0;
      const shown = over ? sols[sols.length - 1].cols : queen;
      const depth = queen.filter((q) => q >= 0).length;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const sq = squares[r][c];
          const isQueen = shown[r] === c;
          sq.textContent = isQueen ? "♛" : "";
          sq.className = (r + c) % 2 ? "sq dark" : "sq light";
          if (isQueen) sq.classList.add("q");
          if (over) sq.classList.add("final");
          else if (!isQueen && attacked(r, c, n)) sq.classList.add("att");
        }
      }
      if (step && !over) {
        const [kind, r, c] = step;
        if (kind === 0) squares[r][c].classList.add("placed");
        if (kind === 1) {
          squares[r][c].classList.add("removed");
          squares[r][c].textContent = "♛";
        }
        if (kind === 2) squares[r].forEach((sq) => sq.classList.add("dead"));
      }

      const values = { cols: [], diags1: [], diags2: [] };
      for (const name in values) values[name] = new Array(arrays[name].length).fill(0);
      queen.forEach((c, r) => {
        if (c >= 0) {
          values.cols[c] = 1;
          values.diags1[r - c + n - 1] = 1;
          values.diags2[r + c] = 1;
        }
      });
      const changed = {};
      if (step && step[0] !== 2) {
        const [kind, r, c] = step;
        const how = kind === 0 ? "set" : "cleared";
        changed.cols = [c, how];
        changed.diags1 = [r - c + n - 1, how];
        changed.diags2 = [r + c, how];
      }
      for (const name in arrays) {
        arrays[name].forEach((cell, i) => {
          cell.className = values[name][i] ? "cell on" : "cell";
          cell.firstChild.textContent = values[name][i] ? "1" : "0";
          if (changed[name] && changed[name][0] === i) cell.classList.add(changed[name][1]);
        });
      }

      for (let r = 0; r < n; r++) {
        const here = r < depth ? queen[r] : r === depth ? frontier[r] : -2;
        for (let c = 0; c < n; c++) {
          const chip = chips[r][c];
          let cls = "chip";
          let text = "";
          if (here === -2) cls += " off";
          else if (attacked(r, c, r)) { cls += c <= here ? " pruned" : " pruned ahead"; text = "✕"; }
          else if (r < depth && c === here) { cls += " cur"; text = "♛"; }
          else if (c < here || (r === depth && c === here)) { cls += " done"; text = "✓"; }
          chip.className = cls;
          chip.textContent = text;
        }
        chips[r][0].parentNode.classList.toggle("active", r === depth && !over);
      }
      $("tally").textContent =
        `${fmt(placed)} queens placed, ${fmt(deadEnds)} dead ends, ${fmt(found)} solutions so far`;

      $("found").textContent = fmt(found);
      Array.from(list.children).forEach((item, i) => {
        item.hidden = sols[i].step > k;
        item.classList.toggle("current", over ? i === sols.length - 1 : sols[i].step === k);
      });
      $("explain").innerHTML = explain(step, k, found, over);
    },
  };

  function explain(step, k, found, over) {
    if (k === 0) {
      return "Press <b>▶</b> or <b>→</b>. The search puts a queen in the first free column of row 0, " +
        "then of row 1, and so on; when a row has no free column left, it goes back and moves the queen of the row above.";
    }
    const [kind, r, c] = step;
    const code = kind === 2 ? "" : ` <code>[${r}][${c}] = ${kind === 0}</code>`;
    if (over) {
      return `Row 0 has no column left: <b>the search is over</b>, ${fmt(found)} solutions. ` +
        "The board shows the last one found.";
    }
    if (kind === 0) {
      const done = r === n - 1 ? ` All ${n} queens are placed: <b>solution ${fmt(found)}</b>.` : "";
      return `Row ${r}: column ${c} is free, a queen goes there; cols[${c}], diags1[${r - c + n - 1}] ` +
        `and diags2[${r + c}] become true.${code}${done}`;
    }
    if (kind === 1) {
      return `Row ${r}: the queen leaves column ${c} (its three array cells become false) ` +
        `to try the next column.${code}`;
    }
    return r === 0
      ? "Row 0 has no column left: the search is over."
      : `Row ${r}: no column left, back to row ${r - 1}.`;
  }

  Player(total, view);
})();
