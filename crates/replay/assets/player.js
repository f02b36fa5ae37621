// The player: moves through the recorded steps and asks the view to draw.
// A view has reset() (back to before the first step), apply(i) (take step i,
// from 0) and render(k) (draw the state after k steps).
const TRACE = JSON.parse(document.getElementById("trace").textContent);

function $(id) {
  return document.getElementById(id);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Text made safe to put in HTML.
function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function fmt(number) {
  return Number(number).toLocaleString("en-US");
}

function Player(total, view) {
  let current = 0;
  let timer = null;
  let carry = 0;
  let last = 0;
  const slider = $("slider");
  slider.max = String(total);
  $("total").textContent = String(total);

  function go(k) {
    k = Math.max(0, Math.min(total, k | 0));
    if (k < current) {
      view.reset();
      current = 0;
    }
    while (current < k) view.apply(current++);
    view.render(current);
    slider.value = String(current);
    $("counter").textContent = String(current);
    if (current >= total) pause();
  }

  function tick(now) {
    if (timer === null) return;
    const rate = Number($("speed").value);
    carry += ((now - last) / 1000) * rate;
    last = now;
    const steps = Math.floor(carry);
    if (steps > 0) {
      carry -= steps;
      go(current + steps);
    }
    if (timer !== null) timer = requestAnimationFrame(tick);
  }

  function play() {
    if (current >= total) go(0);
    carry = 1;
    last = performance.now();
    timer = requestAnimationFrame(tick);
    $("play").innerHTML = "&#10074;&#10074;";
    $("play").classList.add("on");
  }

  function pause() {
    if (timer !== null) cancelAnimationFrame(timer);
    timer = null;
    $("play").innerHTML = "&#9654;";
    $("play").classList.remove("on");
  }

  function fromFragment() {
    const match = /step=(end|\d+)/.exec(location.hash);
    if (match) go(match[1] === "end" ? total : Number(match[1]));
  }

  $("first").onclick = () => { pause(); go(0); };
  $("back").onclick = () => { pause(); go(current - 1); };
  $("fwd").onclick = () => { pause(); go(current + 1); };
  $("last").onclick = () => { pause(); go(total); };
  $("play").onclick = () => (timer === null ? play() : pause());
  slider.oninput = () => { pause(); go(Number(slider.value)); };
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT") return;
    const keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in keys) { pause(); go(current + keys[event.key]); event.preventDefault(); }
    else if (event.key === " ") { (timer === null ? play() : pause()); event.preventDefault(); }
    else if (event.key === "Home") { pause(); go(0); }
    else if (event.key === "End") { pause(); go(total); }
  });
  window.addEventListener("hashchange", fromFragment);
  view.reset();
  go(0);
  fromFragment();
  return { go, pause, now: () => current };
}
