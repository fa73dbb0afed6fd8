// The practice page (abviz practice). Every answer — values, windows, which edges are cut and
// the sentences that explain them — comes from the trace, embedded as JSON by abviz; this
// script only draws boxes over the tree, compares what the student wrote with those answers and
// shows the result. It never searches and never decides what is pruned.
(function () {
  "use strict";
  const TREES = JSON.parse(document.getElementById("practice-data").textContent);
  const SVG_NS = "http://www.w3.org/2000/svg";
  const BLANK = document.querySelector("main").dataset.blank; // the exercise's window blank
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const groupSel = $("group");
  const askWindows = $("ask-windows");
  let tree = null;
  let inputs = {}; // path -> {value, alpha, beta}
  let edges = {}; // path -> {hit, mark, data, marked}

  // A typed value: "3", "-2", "4.50", "≤2", ">= 5", "∞", "-inf", "≈7.67", "23/3" →
  // {num, bound, frac}: num is the decimal written canonically ("4.5", "-2", "inf"), or for a
  // fraction null with frac = [numerator, denominator] as BigInts. The answers' own values
  // ("~7.67" for a rounded expected value) read the same way.
  function parseValue(text) {
    let t = text.replace(/\s+/g, "").replace(/[−–—]/g, "-");
    let bound = null;
    const upper = t.match(/^(≤|<=|<)/);
    const lower = t.match(/^(≥|>=|>)/);
    if (upper) { bound = "upper"; t = t.slice(upper[0].length); }
    else if (lower) { bound = "lower"; t = t.slice(lower[0].length); }
    t = t.replace(/^[≈~]/, "");
    if (/^\+?(∞|inf|infinity)$/i.test(t)) return { num: "inf", bound };
    if (/^-(∞|inf|infinity)$/i.test(t)) return { num: "-inf", bound };
    const d = /^([+-]?)(\d{1,9})(?:\.(\d{1,9}))?$/.exec(t);
    if (d) {
      const whole = String(parseInt(d[2], 10));
      const frac = (d[3] || "").replace(/0+$/, "");
      const zero = whole === "0" && frac === "";
      return { num: (d[1] === "-" && !zero ? "-" : "") + whole + (frac ? "." + frac : ""), bound };
    }
    const f = /^([+-]?\d{1,12})\/(\d{1,12})$/.exec(t);
    if (f && BigInt(f[2]) > 0n) return { num: null, frac: [BigInt(f[1]), BigInt(f[2])], bound };
    return null;
  }

  // Whether a typed value `v` is the answer `key` (its text, e.g. "4.5", or "~7.67" for an
  // expected value shown rounded): the same decimal, or a fraction equal to it — for a rounded
  // value, one that rounds to it at its decimals (23/3 is ≈7.67).
  function sameValue(v, key) {
    const k = parseValue(key);
    const rounded = key.startsWith("~");
    if (!v || !k) return false;
    if (v.num !== null) return v.num === k.num;
    if (k.num === "inf" || k.num === "-inf") return false;
    const [n, d] = v.frac;
    const [whole, frac = ""] = k.num.replace("-", "").split(".");
    const scale = 10n ** BigInt(frac.length);
    const units = BigInt(whole + frac) * (k.num.startsWith("-") ? -1n : 1n);
    if (!rounded) return n * scale === units * d;
    const twice = 2n * n * scale;
    const abs = twice < 0n ? -twice : twice;
    const r = (abs + d) / (2n * d) * (twice < 0n ? -1n : 1n); // half away from zero
    return r === units;
  }

  function el(ns, name, attrs) {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }

  const SCALE = 1.5; // the tree is drawn half as big again as the figure: room to write
  // Printing: the narrower of A4 and Letter portrait (A4, 210 mm) less the page's margins
  // (practice.css's @page, 12 mm a side) and the board's padding, in CSS pixels (96 a inch);
  // a wider tree is zoomed down to it, and each value blank stays at least 8 mm wide.
  const PX_PER_MM = 96 / 25.4;
  const PRINT_WIDTH = (210 - 2 * 12) * PX_PER_MM - 16;
  const PRINT_BLANK_MM = 8;

  // A box to type in over the drawing, at (x, y) of size w × h in the figure's units.
  // (HTML over the SVG rather than a foreignObject, which Chromium does not paint inside a
  // scrolled box.)
  // On paper (`print` grows the box about its centre to at least PRINT_BLANK_MM as printed,
  // when `zoom` shrinks the tree to the page).
  function box(canvas, x, y, w, h, label, zoom, grow) {
    const input = document.createElement("input");
    Object.assign(input, { type: "text", autocomplete: "off", spellcheck: false });
    input.setAttribute("aria-label", label);
    Object.assign(input.style, { left: x * SCALE + "px", top: y * SCALE + "px", width: w * SCALE + "px", height: h * SCALE + "px" });
    if (grow) {
      const printed = Math.max(w * SCALE, PRINT_BLANK_MM * PX_PER_MM / zoom);
      input.classList.add("grow");
      input.style.setProperty("--print-w", printed + "px");
      input.style.setProperty("--print-x", (x + w / 2) * SCALE - printed / 2 + "px");
    }
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); check(); } });
    canvas.appendChild(input);
    return input;
  }

  function toggle(path) {
    const e = edges[path];
    e.marked = !e.marked;
    e.hit.setAttribute("aria-pressed", String(e.marked));
    e.mark.style.display = e.marked ? "" : "none";
    e.mark.setAttribute("class", "mark");
  }

  function show(index) {
    tree = TREES[index];
    location.hash = "tree=" + tree.id;
    groupSel.value = tree.group;
    $("tree-title").textContent = tree.title;
    $("tree-note").textContent = tree.note;
    $("solution").hidden = true;
    $("messages").replaceChildren();
    $("score").textContent = "";
    askWindows.disabled = !tree.windowed;
    const canvas = document.createElement("div");
    canvas.className = "canvas";
    canvas.innerHTML = tree.svg; // abviz's own SVG: every user string in it is escaped
    board.replaceChildren(canvas);
    const svg = canvas.querySelector("svg");
    svg.setAttribute("width", String(parseFloat(svg.getAttribute("width")) * SCALE));
    svg.setAttribute("height", String(parseFloat(svg.getAttribute("height")) * SCALE));
    svg.setAttribute("aria-label", tree.title + ": the tree to solve");
    const zoom = Math.min(1, PRINT_WIDTH / parseFloat(svg.getAttribute("width")));
    canvas.style.setProperty("--print-zoom", String(zoom));
    for (const t of svg.querySelectorAll("text")) if (t.textContent === BLANK) t.classList.add("window-blank");
    inputs = {};
    edges = {};
    for (const e of tree.edges) {
      const [x1, y1, x2, y2] = e.line;
      const g = el(SVG_NS, "g", { class: "edge-mark" });
      const mark = el(SVG_NS, "g", { class: "mark" });
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const [nx, ny] = [-uy, ux];
      for (const off of [-2.5, 2.5]) {
        const mx = x1 + ux * (len / 2 + off), my = y1 + uy * (len / 2 + off);
        mark.appendChild(el(SVG_NS, "line", { x1: mx - nx * 8, y1: my - ny * 8, x2: mx + nx * 8, y2: my + ny * 8 }));
      }
      mark.style.display = "none";
      const hit = el(SVG_NS, "line", {
        x1, y1, x2, y2, class: "hit", tabindex: "0", role: "button", "aria-pressed": "false",
        "aria-label": "edge from " + e.label + ": mark as never searched",
      });
      hit.appendChild(el(SVG_NS, "title", {})).textContent = e.label;
      hit.addEventListener("click", () => toggle(e.path));
      hit.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); toggle(e.path); }
      });
      g.appendChild(mark);
      g.appendChild(hit);
      svg.appendChild(g);
      edges[e.path] = { hit, mark, data: e, marked: false };
    }
    for (const n of tree.nodes) {
      const [x, y, w, h] = n.shape;
      const cx = x + w / 2;
      const max = svg.querySelector('g.node[data-path="' + CSS.escape(n.path) + '"]')?.classList.contains("max");
      // Where the key writes the value: in the wide end of the triangle.
      const by = max ? y + h - 16 : y + 1;
      const entry = { value: box(canvas, cx - 15, by, 30, 15, "value of " + n.name, zoom, true) };
      if (n.window) {
        const [wx, wy] = n.window;
        entry.alpha = box(canvas, wx + 3, wy - 11, 26, 14, "α of " + n.name);
        entry.beta = box(canvas, wx + 36, wy - 11, 26, 14, "β of " + n.name);
      }
      inputs[n.path] = entry;
    }
    setWindows();
  }

  function setWindows() {
    const on = askWindows.checked && tree.windowed;
    board.classList.toggle("windows", on);
    for (const entry of Object.values(inputs)) {
      for (const k of ["alpha", "beta"]) if (entry[k]) entry[k].style.display = on ? "" : "none";
    }
  }

  // "C = 3", or for a bound "C returns ≤2 (at most 2)" rather than "C = ≤2".
  function says(n) {
    const b = /^([≤≥])(.*)$/.exec(n.shown);
    if (!b) return n.name + " = " + n.shown;
    return n.name + " returns " + n.shown + " (" + (b[1] === "≤" ? "at most " : "at least ") + b[2] + ")";
  }

  function check() {
    const out = [];
    const right = (text) => out.push({ ok: true, text });
    const wrong = (text) => out.push({ ok: false, text });
    const windows = askWindows.checked && tree.windowed;
    for (const n of tree.nodes) {
      const entry = inputs[n.path];
      const typed = entry.value.value.trim();
      entry.value.classList.remove("right", "wrong");
      if (!n.searched) {
        if (typed) {
          wrong(n.name + ": you wrote " + typed + ", but " + n.below + " Leave it blank.");
          entry.value.classList.add("wrong");
        }
        continue;
      }
      const v = parseValue(typed);
      let ok = false;
      if (!typed) wrong(n.name + ": no value yet. " + says(n) + ": " + n.why);
      else if (!v) wrong(n.name + ": “" + typed + "” is not a value (write a number such as 3, −2 or 4.5, a fraction such as 23/3, or ∞).");
      else if (sameValue(v, n.value) && (v.bound === null || v.bound === n.bound)) {
        ok = true;
        right(n.name + ": you wrote " + typed + " — right");
      } else wrong(n.name + ": you wrote " + typed + ", but " + says(n) + ". " + n.why);
      entry.value.classList.add(ok ? "right" : "wrong");
      if (windows && entry.alpha) {
        const a = parseValue(entry.alpha.value), b = parseValue(entry.beta.value);
        const aOk = sameValue(a, n.alpha), bOk = sameValue(b, n.beta);
        entry.alpha.classList.toggle("right", aOk); entry.alpha.classList.toggle("wrong", !aOk);
        entry.beta.classList.toggle("right", bOk); entry.beta.classList.toggle("wrong", !bOk);
        if (aOk && bOk) right(n.name + ": window " + n.window_shown + " — right");
        else wrong(n.name + ": you wrote [" + (entry.alpha.value.trim() || "?") + ", " + (entry.beta.value.trim() || "?") +
          "], but " + n.name + " returns with the window " + n.window_shown + ". " + n.why);
      }
    }
    const missing = new Map();
    for (const e of tree.edges) {
      const st = edges[e.path];
      st.mark.setAttribute("class", "mark");
      if (e.cut && !st.marked) {
        if (!missing.has(e.cutoff)) missing.set(e.cutoff, []);
        missing.get(e.cutoff).push(e);
      } else if (e.cut) {
        st.mark.setAttribute("class", "mark right");
        right("the edge from " + e.label + ": never searched — right");
      } else if (st.marked && e.inside) {
        wrong("extra cut: the edge from " + e.label + " lies inside a subtree that is already cut off higher up: mark only the edges where the search stops.");
      } else if (st.marked) {
        wrong("extra cut: the edge from " + e.label + " is searched. " + e.why);
      }
    }
    for (const [k, list] of missing) {
      for (const e of list) {
        const st = edges[e.path];
        st.mark.style.display = "";
        st.mark.setAttribute("class", "mark missing");
      }
      wrong("missing cut: " + (list.length > 1 ? "the edges from " : "the edge from ") + list.map((e) => e.label).join(" and from ") + ". " + tree.cuts[k].why);
    }
    const ul = $("messages");
    ul.replaceChildren();
    // Mistakes first: they are what to read.
    for (const m of out.filter((m) => !m.ok).concat(out.filter((m) => m.ok))) {
      const li = document.createElement("li");
      li.className = m.ok ? "right" : "wrong";
      li.textContent = m.text;
      ul.appendChild(li);
    }
    const bad = out.filter((m) => !m.ok).length;
    $("score").textContent = bad === 0
      ? "All right: every value and every cut."
      : bad + (bad === 1 ? " thing to look at again" : " things to look at again") + " (" + (out.length - bad) + " right).";
    document.body.dataset.checked = bad === 0 ? "all-right" : String(bad);
  }

  function showSolution() {
    $("key").innerHTML = tree.key; // abviz's own SVG
    const svg = $("key").querySelector("svg");
    for (const a of ["width", "height"]) svg.setAttribute(a, String(parseFloat(svg.getAttribute(a)) * SCALE));
    $("step-link").setAttribute("href", tree.solution);
    $("solution").hidden = false;
    $("solution").scrollIntoView({ block: "nearest" });
  }

  function nextTree() {
    const same = TREES.map((t, i) => [t, i]).filter(([t]) => t.group === groupSel.value);
    const at = same.findIndex(([t]) => t === tree);
    show(same[(at + 1) % same.length][1]);
  }

  $("check").addEventListener("click", check);
  $("show-solution").addEventListener("click", showSolution);
  $("new-tree").addEventListener("click", nextTree);
  $("clear").addEventListener("click", () => show(TREES.indexOf(tree)));
  askWindows.addEventListener("change", setWindows);
  groupSel.addEventListener("change", () => show(TREES.findIndex((t) => t.group === groupSel.value)));
  const wanted = new URLSearchParams(location.hash.slice(1)).get("tree");
  const start = TREES.findIndex((t) => t.id === wanted);
  show(start >= 0 ? start : 0);
})();
