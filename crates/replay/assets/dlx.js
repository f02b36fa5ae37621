// The view of dancing links. Events (see crates/replay/src/dlx.rs): choose,
// cover, try, solution, undo, uncover; `o` lists the options each one hid or
// brought back, as the engine's links showed them.
(function () {
  const items = TRACE.items;
  const options = TRACE.options;
  const events = TRACE.events;
  const total = events.length;
  const board = TRACE.board;
  // For each option, its items: item -> colour index, or -1 without colour.
  const has = options.map((o) => new Map(o.items.map(([i, c]) => [i, c === undefined ? -1 : c])));
  const solSteps = [];
  events.forEach((e, k) => { if (e.t === "solution") solSteps.push(k + 1); });
  let hidden, commits, stack, lengths, found;

  const primaries = items.filter((i) => i.primary).length;
  $("summary").textContent =
    `${fmt(items.length)} items (${fmt(primaries)} primary, ${fmt(items.length - primaries)} secondary), ` +
    `${fmt(options.length)} options: ${fmt(total)} steps, ${fmt(solSteps.length)} solutions` +
    (TRACE.cut ? " so far" : "") + (TRACE.stopped ? " (stopped there, as asked)" : "");
  if (TRACE.cut) {
    const note = $("note");
    note.hidden = false;
    note.textContent = `This page holds the first ${fmt(TRACE.limit)} steps of the search, which goes on ` +
      "beyond them: the replay is cut there to keep the file small.";
  }

  function hue(c) {
    return `hsl(${(c * 137) % 360}, 70%, 78%)`;
  }

  // The matrix: one column per item, one row per option.
  const table = $("matrix");
  const head = el("tr");
  head.appendChild(el("th", "corner", "option"));
  const tall = items.some((i) => i.name.length > 3);
  const headers = items.map((item, i) => {
    const th = el("th", item.primary ? "prim" : "sec");
    th.appendChild(el("span", tall ? "vert" : null, item.name));
    th.title = `${item.name}: ${item.primary ? "primary" : "secondary"} item`;
    head.appendChild(th);
    return th;
  });
  const lenRow = el("tr", "lens");
  lenRow.appendChild(el("th", "corner", "len"));
  const lenCells = items.map(() => lenRow.appendChild(el("td")));
  const thead = el("thead");
  thead.appendChild(head);
  thead.appendChild(lenRow);
  table.appendChild(thead);
  const tbody = el("tbody");
  const cellsByItem = items.map(() => []);
  const rows = options.map((o, k) => {
    const tr = el("tr");
    tr.dataset.o = String(k);
    const label = el("th", "opt", String(k));
    label.title = o.text;
    tr.appendChild(label);
    items.forEach((item, i) => {
      const td = el("td");
      const c = has[k].get(i);
      if (c !== undefined) {
        td.className = "in";
        if (c >= 0) {
          td.textContent = TRACE.colors[c].slice(0, 3);
          td.style.background = hue(c);
          td.title = `${item.name}:${TRACE.colors[c]}`;
        } else {
          td.textContent = "●";
        }
      }
      cellsByItem[i].push(td);
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
    return tr;
  });
  table.appendChild(tbody);
  const columnState = items.map(() => "");

  // The board, for N-Queens.
  const squares = [];
  if (board) {
    $("board-panel").hidden = false;
    const box = $("board");
    box.style.gridTemplateColumns = `repeat(${board.n}, var(--sq))`;
    for (let r = 0; r < board.n; r++) {
      for (let c = 0; c < board.n; c++) {
        const sq = el("div", (r + c) % 2 ? "sq dark" : "sq light");
        sq.dataset.r = String(r);
        sq.dataset.c = String(c);
        box.appendChild(sq);
        squares.push(sq);
      }
    }
  }

  const list = $("solutions");
  solSteps.forEach((step) => {
    const item = el("li");
    const link = el("a", null, events[step - 1].x.map((o) => options[o].text).join("; "));
    link.href = `#step=${step}`;
    item.appendChild(link);
    item.hidden = true;
    list.appendChild(item);
  });

  // How many options commit each item now: covered, or purified when the
  // option gives it a colour (then `colorOf` says which).
  function bump(i, by) {
    commits.set(i, (commits.get(i) || 0) + by);
  }
  const colorOf = new Map();

  const view = {
    reset() {
      hidden = new Set();
      commits = new Map();
      stack = [];
      lengths = new Map();
      colorOf.clear();
      found = 0;
    },
    apply(k) {
      const e = events[k];
      if (e.t === "choose") {
        stack[e.l] = { item: e.i, option: -1, list: [], lengths: e.len };
        lengths = new Map(e.len);
      } else if (e.t === "cover") {
        bump(e.i, 1);
        stack[e.l].list = e.o;
        e.o.forEach((o) => hidden.add(o));
      } else if (e.t === "try") {
        stack[e.l].option = e.x;
        e.c.forEach((i) => {
          bump(i, 1);
          if (commits.get(i) === 1) {
            if (has[e.x].get(i) >= 0) colorOf.set(i, has[e.x].get(i));
            else colorOf.delete(i);
          }
        });
        e.o.forEach((o) => hidden.add(o));
      } else if (e.t === "solution") {
        found++;
      } else if (e.t === "undo") {
        stack[e.l].option = -1;
        stack[e.l].done = e.x;
        options[e.x].items.forEach(([i]) => { if (i !== stack[e.l].item) bump(i, -1); });
        e.o.forEach((o) => hidden.delete(o));
      } else if (e.t === "uncover") {
        bump(e.i, -1);
        stack.length = e.l;
        e.o.forEach((o) => hidden.delete(o));
      }
    },
    render(k) {
      const e = k > 0 ? events[k - 1] : null;
      const over = k === total && !TRACE.cut && !TRACE.stopped && solSteps.length > 0;
      const solution = over ? events[solSteps[solSteps.length - 1] - 1].x : e && e.t === "solution" ? e.x : [];
      const inSolution = new Set(solution);
      const chosen = new Map();
      stack.forEach((s, l) => { if (s.option >= 0) chosen.set(s.option, l); });
      const top = stack.length ? stack[stack.length - 1] : null;
      lengths = new Map(top ? top.lengths : []);
      const moved = new Set(e && e.o ? e.o : []);
      const movedClass = e && (e.t === "undo" || e.t === "uncover") ? "res" : "hid";

      items.forEach((item, i) => {
        let cls = item.primary ? "prim" : "sec";
        const purified = (commits.get(i) || 0) > 0 && colorOf.has(i) && !item.primary;
        if ((commits.get(i) || 0) > 0) cls += purified ? " purified" : " covered";
        if (top && top.item === i && !over) cls += " chosenitem";
        headers[i].className = cls;
        headers[i].style.background = purified ? hue(colorOf.get(i)) : "";
        const len = lengths.get(i);
        lenCells[i].textContent = len === undefined || !top ? "" : String(len);
        lenCells[i].className = top && top.item === i ? "chosenitem" : "";
        const state = cls.includes("covered") || purified ? "covered" : "";
        if (state !== columnState[i]) {
          columnState[i] = state;
          cellsByItem[i].forEach((td) => td.classList.toggle("covcol", state === "covered"));
        }
      });
      rows.forEach((tr, o) => {
        let cls = "";
        if (hidden.has(o) && !chosen.has(o)) cls += " gone";
        if (chosen.has(o)) cls += " chosen";
        if (e && (e.t === "try" || e.t === "undo") && e.x === o) cls += " try";
        if (moved.has(o)) cls += " " + movedClass;
        if (inSolution.has(o)) cls += " sol";
        tr.className = cls.trim();
        tr.firstChild.textContent = chosen.has(o) ? `${o} · L${chosen.get(o)}` : String(o);
      });

      if (board) {
        squares.forEach((sq) => {
          sq.className = sq.className.replace(/ (q|att|placed|removed|final)/g, "");
          sq.textContent = "";
        });
        board.cells.forEach(([r, c], o) => {
          const sq = squares[r * board.n + c];
          if (chosen.has(o) || inSolution.has(o)) {
            sq.classList.add("q");
            sq.textContent = "♛";
            if (over) sq.classList.add("final");
          } else if (hidden.has(o) && !over) sq.classList.add("att");
          if (e && !over && e.x === o && e.t === "try") sq.classList.add("placed");
          if (e && !over && e.x === o && e.t === "undo") { sq.classList.add("removed"); sq.textContent = "♛"; }
        });
      }

      const levels = $("levels");
      levels.textContent = "";
      stack.forEach((s, l) => {
        const line = el("div", "level");
        line.appendChild(el("span", "rowlab", `level ${l}`));
        line.appendChild(el("span", "itemname", items[s.item].name));
        const tried = s.option >= 0 ? s.option : s.done;
        let seen = false;
        s.list.forEach((o) => {
          let cls = "chip wide";
          if (o === s.option) { cls += " cur"; seen = true; }
          else if (!seen && tried !== undefined && s.list.indexOf(o) <= s.list.indexOf(tried)) cls += " done";
          const chip = el("span", cls, String(o));
          chip.title = options[o].text;
          line.appendChild(chip);
        });
        if (s.option >= 0) line.appendChild(el("span", "opttext", options[s.option].text));
        levels.appendChild(line);
      });
      if (!stack.length) levels.appendChild(el("p", "legend", over ? "The search is over." : "No level entered yet."));
      $("tally").textContent = `${fmt(hidden.size)} of ${fmt(options.length)} options hidden, ` +
        `${fmt(found)} solutions so far`;

      $("found").textContent = fmt(found);
      Array.from(list.children).forEach((item, i) => {
        item.hidden = solSteps[i] > k;
        item.classList.toggle("current", over ? i === solSteps.length - 1 : solSteps[i] === k);
      });
      $("explain").innerHTML = explain(e, k, over);
    },
  };

  function name(i) {
    return `<b>${esc(items[i].name)}</b>`;
  }

  function count(n, what) {
    return `${fmt(n)} ${what}${n === 1 ? "" : "s"}`;
  }

  function explain(e, k, over) {
    if (k === 0) {
      return "Press <b>▶</b> or <b>→</b>. At each level the search chooses an item, covers it " +
        "(its options leave the other items' lists), and tries its options one at a time.";
    }
    if (over) return `The search is over: ${count(found, "solution")}. The matrix shows the last one found.`;
    const text = (o) => `<code>${esc(options[o].text)}</code>`;
    switch (e.t) {
      case "choose": {
        const len = lengths.get(e.i);
        return `Level ${e.l}: ${name(e.i)} has the fewest options (${fmt(len)}) of the active primary items, ` +
          "so the search branches on it.";
      }
      case "cover":
        return `Level ${e.l}: cover ${name(e.i)}: its ${count(e.o.length, "option")} leave the other items' lists.`;
      case "try": {
        const colored = e.c.filter((i) => has[e.x].get(i) >= 0).map((i) => items[i].name);
        return `Level ${e.l}: try option ${e.x}, ${text(e.x)}: its other items are ` +
          (colored.length ? `covered or purified (${esc(colored.join(", "))})` : "covered") +
          `, hiding ${count(e.o.length, "more option")}.`;
      }
      case "solution":
        return `Every primary item is covered: <b>solution ${fmt(found)}</b>, ${e.x.map(text).join(" ")}.`;
      case "undo":
        return `Level ${e.l}: take back option ${e.x}, ${text(e.x)}, bringing back ` +
          `${count(e.o.length, "option")}; then try the next one.`;
      case "uncover":
        return `Level ${e.l}: every option of ${name(e.i)} was tried: uncover it ` +
          `(${count(e.o.length, "option")} ${e.o.length === 1 ? "comes" : "come"} back) ` +
          (e.l > 0 ? `and go back to level ${e.l - 1}.` : "and the search is over.");
      default:
        return "";
    }
  }

  Player(total, view);
})();
