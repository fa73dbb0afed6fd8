/* abviz stepper: replays a recorded search on the tree drawn by abviz.
 *
 * Everything comes from the JSON blocks abviz wrote into the page: node summaries (in columns),
 * the trace's timeline (per step: the event, the node executing after it with its window, and
 * the step at which its parent frame last executed, so the stack is a walk up those steps) and
 * each event's pseudocode line; node names and the narration come from assets/narration.js
 * (abvizDecode, abvizNarrator), which words them from the same data. This script never re-runs
 * or re-derives the search and never computes a window; it only looks things up. User text is
 * only ever written with textContent. One step costs O(depth of the tree). */
(function () {
  "use strict";

  var D = JSON.parse(document.getElementById("abviz-data").textContent);
  abvizDecode(D);
  var NAR = abvizNarrator(D);
  // Names are built when asked for (only the input's own names are stored): N.name[id] reads
  // like the column it replaces.
  D.n.name = new Proxy({}, { get: function (t, id) { return NAR.name(+id); } });
  var N = D.n, S = D.scores, CUT = D.cut, ITEMS = D.items;
  // Events (see EventData in src/export/html.rs): kind, pseudocode line, node, second node,
  // carried value; and the timeline after each step: focus, its window, up and prev steps.
  var EV = D.ev;
  var nNodes = N.parent.length, E = EV.k.length, nItems = ITEMS.id.length;
  var ENTER = 0, UPDATE = 2, CUTOFF = 3, RESEARCH = 5, EXPAND = 13;
  var windowed = D.windowed;
  // MCTS: per event N, W and UCT (see MctsData in src/export/html_mcts.rs).
  var M = D.mcts || null, ITERATION = 11, SELECT = 12, BACKPROP = 15, STAND_PAT = 16;

  function statusOf(id) { return (N.flags[id] >> 1) & 7; }
  function isMin(id) { return (N.flags[id] & 1) === 1; }
  function visited(id) { return statusOf(id) !== 4; }
  function isLeaf(id) { var s = statusOf(id); return s === 0 || s === 1; }
  function player(id) { return isMin(id) ? "MIN" : "MAX"; }
  function win(a, b) { return "[" + S[a] + ", " + S[b] + "]"; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- When things happen (steps are 1-based: step k shows the state after event k; 0: never),
  // from the node summaries. ----
  var enterAt = N.enter, finAt = N.fin, cutAt = N.cut_at;
  var cutSteps = [];
  // The steps the cutoff buttons jump between: cutoffs, or MCTS iterations.
  var JUMP = M ? ITERATION : CUTOFF;
  for (var k = 0; k < E; k++) if (EV.k[k] === JUMP) cutSteps.push(k + 1);
  // MCTS: each node's backpropagation steps and the steps it was selected at (1-based).
  var backAt = [], selAt = [];
  if (M) {
    for (k = 0; k < nNodes; k++) { backAt.push([]); selAt.push([]); }
    for (k = 0; k < E; k++) {
      if (EV.k[k] === BACKPROP) backAt[EV.node[k]].push(k + 1);
      else if (EV.k[k] === SELECT) selAt[EV.child[k]].push(k + 1);
    }
  }
  // The last of the sorted steps `steps` at or before k (0: none).
  function lastBy(steps, k) {
    var lo = 0, hi = steps.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (steps[mid] <= k) lo = mid + 1; else hi = mid; }
    return lo > 0 ? steps[lo - 1] : 0;
  }
  function num(v) { return String(+v.toFixed(3)); }
  // N and W of node id after step k (null before its first backpropagation), and its UCT value
  // when last selected by then (null: never).
  function mctsAt(id, k) {
    var s = lastBy(backAt[id], k);
    if (!s) return null;
    var u = lastBy(selAt[id], k);
    return { n: M.n[s - 1], w: M.w[s - 1], uct: u ? M.u[u - 1] : null };
  }
  // The searched node whose cutoff left `id` unsearched (its nearest searched ancestor).
  function cutBy(id) {
    var p = N.parent[id];
    while (p >= 0 && !visited(p)) p = N.parent[p];
    return p;
  }
  function appearAt(id) { return enterAt[id] > 0 ? enterAt[id] : cutAt[id]; }

  // ---- The drawn items. ----
  var svg = document.getElementById("tree"), vp = document.getElementById("viewport");
  var box = document.getElementById("tree-box");
  var nodeG = new Array(nItems), edgeG = new Array(nItems);
  var groups = vp.querySelectorAll("g[data-item]");
  for (var g = 0; g < groups.length; g++) {
    var it = +groups[g].getAttribute("data-item");
    if (groups[g].classList.contains("node")) nodeG[it] = groups[g]; else edgeG[it] = groups[g];
  }
  var itemOf = new Int32Array(nNodes).fill(-1);
  // cutItems: the items that a cutoff at step k (1-based) shows as pruned.
  var kids = [], stubOf = new Map(), cutItems = new Map();
  for (var i = 0; i < nItems; i++) kids.push([]);
  for (i = 0; i < nItems; i++) {
    if (ITEMS.parent[i] >= 0) kids[ITEMS.parent[i]].push(i);
    var id = ITEMS.id[i];
    if (id >= 0) {
      itemOf[id] = i;
      if (cutAt[id] > 0) {
        var list = cutItems.get(cutAt[id]);
        if (!list) cutItems.set(cutAt[id], list = []);
        list.push(i);
      }
    } else if (ITEMS.parent[i] >= 0) {
      stubOf.set(ITEMS.id[ITEMS.parent[i]], i);
    }
  }

  function itemState(i, k) {
    var id = ITEMS.id[i];
    if (id < 0) {
      var p = ITEMS.id[ITEMS.parent[i]];
      return enterAt[p] > 0 && k >= enterAt[p] ? "s-done" : "s-fut";
    }
    if (!visited(id) || k < enterAt[id]) {
      if (cutAt[id] > 0 && k >= cutAt[id]) return "s-cut";
      if (!visited(id)) return "s-fut";
    }
    if (k < enterAt[id]) return "s-fut";
    if (finAt[id] > 0 && k >= finAt[id]) return "s-done";
    return "s-open";
  }
  var state = new Array(nItems);
  function setState(i, st) {
    if (state[i] === st) return;
    var old = state[i];
    state[i] = st;
    var gs = [nodeG[i], edgeG[i]];
    for (var j = 0; j < 2; j++) {
      if (!gs[j]) continue;
      if (old) gs[j].classList.remove(old);
      gs[j].classList.add(st);
    }
  }
  // The items whose state event number k (1-based) changes.
  function touched(k) {
    var e = k - 1, kind = EV.k[e], out = [];
    var ids = [EV.node[e], EV.child[e], EV.focus[e]];
    for (var j = 0; j < ids.length; j++) if (ids[j] >= 0 && itemOf[ids[j]] >= 0) out.push(itemOf[ids[j]]);
    var p = EV.focus[e] >= 0 ? N.parent[EV.focus[e]] : -1;
    if ((kind === ENTER || kind === RESEARCH || kind === EXPAND) && p >= 0 && stubOf.has(p)) out.push(stubOf.get(p));
    if (cutItems.has(k)) out = out.concat(cutItems.get(k));
    return out;
  }

  // ---- Folding. ----
  var folded = new Uint8Array(nItems), hidden = new Uint8Array(nItems), badges = new Map();
  function setHidden(i, h) {
    if (!!hidden[i] === !!h) return;
    hidden[i] = h ? 1 : 0;
    if (nodeG[i]) nodeG[i].classList.toggle("hid", h);
    if (edgeG[i]) edgeG[i].classList.toggle("hid", h);
  }
  function hideBelow(i, h) {
    for (var j = 0; j < kids[i].length; j++) {
      var c = kids[i][j];
      setHidden(c, h);
      if (!h && folded[c]) continue;
      hideBelow(c, h);
    }
  }
  // A "+n" under item i's shape: how many drawn nodes its subtree hides.
  function badge(i, cls) {
    var bb = (nodeG[i].querySelector(".shape") || nodeG[i]).getBBox();
    var t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("class", cls);
    t.setAttribute("x", bb.x + bb.width / 2);
    t.setAttribute("y", bb.y + bb.height + 12);
    t.setAttribute("text-anchor", "middle");
    t.textContent = "+" + belowCount(i).toLocaleString("en-US");
    nodeG[i].appendChild(t);
    return t;
  }
  function fold(i, on) {
    if (!kids[i].length || !!folded[i] === on) return;
    folded[i] = on ? 1 : 0;
    nodeG[i].classList.toggle("folded", on);
    if (on) {
      hideBelow(i, true);
      badges.set(i, badge(i, "fold-badge"));
    } else {
      hideBelow(i, false);
      var b = badges.get(i);
      if (b) { b.remove(); badges.delete(i); }
    }
  }

  // ---- Zoom and pan (the tree's units are CSS pixels). ----
  var W = +svg.getAttribute("data-w"), H = +svg.getAttribute("data-h");
  svg.removeAttribute("viewBox");
  var view = { x: 0, y: 0, s: 1 };
  // Below these scales the move labels and windows, then the values, are hidden rather than
  // drawn on top of each other.
  var LABELS_FROM = 0.55, VALUES_FROM = 0.3;
  function apply() {
    vp.setAttribute("transform", "translate(" + view.x.toFixed(1) + "," + view.y.toFixed(1) + ") scale(" + view.s.toFixed(4) + ")");
    svg.classList.toggle("z-small", view.s < LABELS_FROM);
    svg.classList.toggle("z-tiny", view.s < VALUES_FROM);
  }
  var boxCache = null;
  function boxSize() {
    if (!boxCache) boxCache = { w: svg.clientWidth || 800, h: svg.clientHeight || 500 };
    return boxCache;
  }
  window.addEventListener("resize", function () { boxCache = null; });
  // Each item's box in the drawing (its shape and texts), measured once; items move only
  // sideways (`dxOf`, the focus layout).
  var boxes = new Map();
  function boxOf(i) {
    var b = boxes.get(i);
    if (!b) {
      var bb = nodeG[i] ? nodeG[i].getBBox() : { x: 0, y: 0, width: 0, height: 0 };
      b = { x: bb.x, y: bb.y, w: bb.width, h: bb.height };
      boxes.set(i, b);
    }
    return b;
  }
  // The part of the drawing shown: every item not hidden, where it is now.
  function shownBounds() {
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (var i = 0; i < nItems; i++) {
      if (hidden[i] || !nodeG[i]) continue;
      var b = boxOf(i), a = moved(i, b.x, b.y), z = moved(i, b.x + b.w, b.y + b.h);
      if (a[0] < x0) x0 = a[0];
      if (a[1] < y0) y0 = a[1];
      if (z[0] > x1) x1 = z[0];
      if (z[1] > y1) y1 = z[1];
    }
    if (!(x1 > x0)) return { x: 0, y: 0, w: W, h: H };
    return { x: x0 - 8, y: Math.max(0, y0 - 8), w: x1 - x0 + 16, h: y1 - y0 + 16 };
  }
  // Fit: the shown tree at the largest scale that holds it, at most 1.6. A tree too wide to be
  // read at MIN_FIT is shown at MIN_FIT instead, centred on the node being searched (or the
  // root), so Fit never leaves a blank panel or a strip of specks.
  var MIN_FIT = 0.5;
  function fit() {
    var b = boxSize(), t = shownBounds(), s = Math.min(1.6, b.w / t.w, b.h / t.h);
    if (s >= MIN_FIT) {
      view.s = s;
      view.x = (b.w - t.w * s) / 2 - t.x * s;
      view.y = Math.max(0, (b.h - t.h * s) / 2) - t.y * s;
    } else {
      var st = cur > 0 ? stackAt(cur) : null, at = st && st.top >= 0 ? shownFor(st.top) : null;
      var c = centreOf(at ? at.item : rootItems[0] >= 0 ? rootItems[0] : 0);
      view.s = MIN_FIT;
      view.x = b.w / 2 - c[0] * MIN_FIT;
      view.y = Math.max(4, (b.h - t.h * MIN_FIT) / 2) - t.y * MIN_FIT;
    }
    apply();
  }
  function zoomAt(f, px, py) {
    var s = Math.min(8, Math.max(0.01, view.s * f));
    view.x = px - (px - view.x) * s / view.s;
    view.y = py - (py - view.y) * s / view.s;
    view.s = s;
    apply();
  }
  function zoomCentre(f) { var b = boxSize(); zoomAt(f, b.w / 2, b.h / 2); }
  function actualSize() {
    var b = boxSize(), t = shownBounds();
    view.x = (b.w - t.w) / 2 - t.x; view.y = -t.y; view.s = 1;
    apply();
  }
  // A shape's centre where it is drawn now.
  var centres = new Map();
  function centreOf(i) {
    var c = centres.get(i);
    if (!c) {
      var bb = (nodeG[i].querySelector(".shape") || nodeG[i]).getBBox();
      c = [bb.x + bb.width / 2, bb.y + bb.height / 2];
      centres.set(i, c);
    }
    return [c[0] + dxOf[i], c[1]];
  }
  function baseCentre(i) { var c = centreOf(i); return [c[0] - dxOf[i], c[1]]; }
  function ensureVisible(i) {
    if (!nodeG[i] || hidden[i]) return;
    var c = centreOf(i), b = boxSize(), m = 12;
    var cx = c[0] * view.s + view.x, cy = c[1] * view.s + view.y;
    if (cx >= m && cy >= m && cx <= b.w - m && cy <= b.h - m) return;
    view.x = b.w / 2 - c[0] * view.s;
    view.y = b.h / 3 - c[1] * view.s;
    apply();
  }
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    var r = svg.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  var drag = null;
  svg.addEventListener("pointerdown", function (e) {
    if (e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false, target: e.target };
  });
  svg.addEventListener("pointermove", function (e) {
    if (!drag) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) > 4) {
      drag.moved = true;
      svg.classList.add("dragging");
      try { svg.setPointerCapture(e.pointerId); } catch (err) { /* not capturable: fine */ }
      hideTip();
    }
    if (drag.moved) { view.x = drag.vx + dx; view.y = drag.vy + dy; apply(); }
  });
  function endDrag(e) {
    if (!drag) return;
    var d = drag;
    drag = null;
    svg.classList.remove("dragging");
    if (d.moved || e.type !== "pointerup") return;
    var g = d.target.closest ? d.target.closest("g.node") : null;
    if (g) {
      var i = +g.getAttribute("data-item");
      if (!kids[i].length) return;
      if (focusOn()) {
        // Focused: a click opens a collapsed subtree (or closes one opened so); the path stays.
        expanded[i] = expanded[i] ? 0 : 1;
        relayout(stackAt(cur), true);
      } else {
        fold(i, !folded[i]);
      }
      render(cur, true);
    }
  }
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);

  // ---- Focus: the path from the root to the current node, with its siblings. ----
  // On a wide tree the page shows the path the search is on and every child of the nodes along
  // it; each other subtree collapses into its node with a "+n" count (a click expands it). The
  // items shown are laid out again side by side (a tidy layout in the drawing's order: only x
  // changes, levels keep their height), so the tree the student reads stays narrow. The layout
  // is redone only when the path changes (O(items drawn), and a page draws at most a few
  // thousand items however big the search).
  var focusBox = document.getElementById("focus");
  var expanded = new Uint8Array(nItems), shownNow = new Uint8Array(nItems);
  var dxOf = new Float64Array(nItems), kOf = new Float64Array(nItems).fill(1), pathKey = null, focusBadges = new Map();
  // The scale of the nodes off the path (the context).
  var CONTEXT = 0.6;
  var rootItems = [];
  for (i = 0; i < nItems; i++) if (ITEMS.parent[i] < 0) rootItems.push(i);
  var below = null;
  function belowCount(i) {
    if (!below) {
      below = new Int32Array(nItems);
      var order = [], todo = rootItems.slice();
      while (todo.length) { var x = todo.pop(); order.push(x); for (var j = 0; j < kids[x].length; j++) todo.push(kids[x][j]); }
      for (j = order.length - 1; j >= 0; j--) { x = order[j]; if (ITEMS.parent[x] >= 0) below[ITEMS.parent[x]] += below[x] + 1; }
    }
    return below[i];
  }
  var widths = new Map();
  function focusOn() { return !!(focusBox && focusBox.checked); }
  // The item drawing node id, ignoring folds (a node inside a stub is shown by the stub).
  function itemFor(id) {
    for (var x = id; x >= 0; x = N.parent[x]) {
      if (itemOf[x] >= 0) return itemOf[x];
      var p = N.parent[x];
      if (p >= 0 && itemOf[p] >= 0 && stubOf.has(p)) return stubOf.get(p);
    }
    return -1;
  }
  // The items on the path: the call stack after the step; once the search is over the
  // principal variation; otherwise (before it starts, between passes) the root of the pass
  // the step is in.
  function pathItems(st) {
    var out = [];
    if (st && st.rows.length) {
      for (var j = 0; j < st.rows.length; j++) { var i = itemFor(st.rows[j].id); if (i >= 0) out.push(i); }
    } else if (cur >= E && cur > 0) {
      for (var e = 0; e < nItems; e++) if (edgeG[e] && edgeG[e].classList.contains("pv")) out.push(e);
    }
    if (!out.length && rootItems.length) {
      var p = rootItems.length === PASSES.length ? passAt(cur) : 0;
      out.push(rootItems[p]);
    }
    return out;
  }
  function shift(i, dx, k) {
    k = k || 1;
    if (dxOf[i] === dx && kOf[i] === k) return;
    dxOf[i] = dx;
    kOf[i] = k;
    if (!nodeG[i]) return;
    if (!dx && k === 1) { nodeG[i].removeAttribute("transform"); return; }
    var c = baseCentre(i), f = function (v) { return v.toFixed(1); };
    nodeG[i].setAttribute("transform", k === 1 ? "translate(" + f(dx) + ",0)" :
      "translate(" + f(c[0] + dx) + "," + f(c[1]) + ") scale(" + k + ") translate(" + f(-c[0]) + "," + f(-c[1]) + ")");
  }
  // A point of item i's drawing where it is drawn now.
  function moved(i, x, y) {
    if (i < 0) return [x, y];
    var c = baseCentre(i), k = kOf[i];
    return [c[0] + dxOf[i] + (x - c[0]) * k, c[1] + (y - c[1]) * k];
  }
  // An edge's line joins its parent and child where they are drawn now; its move label and cut
  // mark move by the mean of its two ends' moves.
  function shiftEdge(i) {
    var g = edgeG[i];
    if (!g) return;
    var line = g.querySelector(".line");
    if (!line) return;
    if (!line.hasAttribute("data-o")) {
      line.setAttribute("data-o", ["x1", "y1", "x2", "y2"].map(function (a) { return line.getAttribute(a); }).join(" "));
    }
    var o = line.getAttribute("data-o").split(" ").map(Number);
    var a = moved(ITEMS.parent[i], o[0], o[1]), b = moved(i, o[2], o[3]);
    line.setAttribute("x1", a[0].toFixed(1));
    line.setAttribute("y1", a[1].toFixed(1));
    line.setAttribute("x2", b[0].toFixed(1));
    line.setAttribute("y2", b[1].toFixed(1));
    var mx = (a[0] - o[0] + b[0] - o[2]) / 2, my = (a[1] - o[1] + b[1] - o[3]) / 2;
    for (var c = g.firstElementChild; c; c = c.nextElementSibling) {
      if (c === line) continue;
      if (mx || my) c.setAttribute("transform", "translate(" + mx.toFixed(1) + "," + my.toFixed(1) + ")");
      else c.removeAttribute("transform");
    }
  }
  function focusBadge(i, on) {
    var b = focusBadges.get(i);
    if (!on) { if (b) { b.remove(); focusBadges.delete(i); } return; }
    if (b) { b.style.fontSize = (10 / kOf[i]).toFixed(1) + "px"; return; }
    if (!nodeG[i] || folded[i]) return;
    b = badge(i, "fold-badge focus-badge");
    b.style.fontSize = (10 / (kOf[i] || 1)).toFixed(1) + "px";
    focusBadges.set(i, b);
  }
  // Shows the items the focus wants (or, with focus off, every item not under a fold) and lays
  // them out. `path` lists the path's items.
  function layout(path) {
    var onPath = new Uint8Array(nItems);
    for (var j = 0; j < path.length; j++) for (var x = path[j]; x >= 0 && !onPath[x]; x = ITEMS.parent[x]) onPath[x] = 1;
    var on = focusOn(), want = [], todo = rootItems.slice().reverse(), collapsed = new Uint8Array(nItems);
    while (todo.length) {
      var i = todo.pop();
      want.push(i);
      var open = !folded[i] && (!on || onPath[i] || expanded[i]);
      collapsed[i] = on && !open && kids[i].length > 0 && !folded[i] ? 1 : 0;
      if (open) for (j = kids[i].length - 1; j >= 0; j--) todo.push(kids[i][j]);
    }
    shownNow.fill(0);
    for (j = 0; j < want.length; j++) shownNow[want[j]] = 1;
    for (var o = 0; o < nItems; o++) {
      if (!shownNow[o]) { if (!hidden[o]) setHidden(o, true); shift(o, 0); focusBadge(o, false); }
    }
    if (!on) {
      // The drawing's own layout: undo every move and badge.
      for (j = 0; j < want.length; j++) {
        i = want[j];
        setHidden(i, false);
        shift(i, 0);
        if (nodeG[i]) nodeG[i].classList.remove("focus-sib");
        if (edgeG[i]) edgeG[i].classList.remove("focus-sib");
      }
      focusBadges.forEach(function (b) { b.remove(); });
      focusBadges.clear();
      svg.classList.remove("focused");
      for (j = 0; j < want.length; j++) shiftEdge(want[j]);
      return;
    }
    // Rows: each level's shown items side by side in the drawing's order, packed by the width
    // of their shapes (a path node: with its window). A row is as wide as its own items, so a
    // 44-way fan on the path takes 44 places, not 44 subtrees. Items off the path show no
    // window and no move label (their tooltips do), so nothing overlaps at any scale.
    var gap = 8, xs = new Float64Array(nItems), rows = [];
    svg.classList.add("focused");
    // The row being searched (the children of the deepest path node that shows children) is
    // drawn full size; the rest of the context at CONTEXT.
    var searched = -1;
    for (j = 0; j < want.length; j++) {
      var q = ITEMS.parent[want[j]];
      if (q >= 0 && onPath[q] && (searched < 0 || depthOf(q) > depthOf(searched))) searched = q;
    }
    var small = new Uint8Array(nItems);
    for (j = 0; j < want.length; j++) {
      i = want[j];
      var d = depthOf(i);
      (rows[d] || (rows[d] = [])).push(i);
      // (A subtree opened by a click is drawn full size too: the reader asked to see it.)
      small[i] = !onPath[i] && ITEMS.parent[i] !== searched && !(ITEMS.parent[i] >= 0 && expanded[ITEMS.parent[i]]) ? 1 : 0;
      var sib = !onPath[i];
      if (nodeG[i]) nodeG[i].classList.toggle("focus-sib", sib);
      if (edgeG[i]) edgeG[i].classList.toggle("focus-sib", sib);
    }
    for (d = 0; d < rows.length; d++) {
      var row = rows[d] || [], cursor = 0, lo = Infinity, hi = -Infinity, anchor = null, spine = null;
      for (j = 0; j < row.length; j++) {
        i = row[j];
        // A path node's texts stick out to one side of its shape: pack by both extents.
        var b = boxOf(i), c = baseCentre(i)[0];
        var left = onPath[i] ? c - b.x : shapeWidth(i) * (small[i] ? CONTEXT : 1) / 2;
        var right = onPath[i] ? b.x + b.w - c : left;
        xs[i] = cursor + left;
        cursor = xs[i] + right + gap;
        var p = ITEMS.parent[i];
        if (p >= 0 && onPath[p]) {
          lo = Math.min(lo, xs[i]); hi = Math.max(hi, xs[i]); anchor = p;
          if (onPath[i]) spine = i;
        }
      }
      // Where the row goes: the path runs straight down (its node under its parent), so the
      // rows spread to both sides of one spine; the children of the deepest path node are
      // centred under it; other rows sit under their parents; the first row keeps its place.
      var off;
      if (d === 0) off = baseCentre(row[0])[0] - xs[row[0]];
      else if (spine !== null) off = xs[anchor] - xs[spine];
      else if (anchor !== null) off = xs[anchor] - (lo + hi) / 2;
      else off = (xs[ITEMS.parent[row[0]]] + xs[ITEMS.parent[row[row.length - 1]]]) / 2 - (xs[row[0]] + xs[row[row.length - 1]]) / 2;
      for (j = 0; j < row.length; j++) xs[row[j]] += off;
    }
    for (j = 0; j < want.length; j++) {
      i = want[j];
      setHidden(i, false);
      shift(i, xs[i] - baseCentre(i)[0], small[i] ? CONTEXT : 1);
      focusBadge(i, collapsed[i]);
    }
    for (j = 0; j < want.length; j++) shiftEdge(want[j]);
  }
  var depths = null;
  function depthOf(i) {
    if (!depths) {
      depths = new Int32Array(nItems).fill(-1);
      for (var r = 0; r < rootItems.length; r++) depths[rootItems[r]] = 0;
      var todo = rootItems.slice();
      while (todo.length) {
        var x = todo.pop();
        for (var c = 0; c < kids[x].length; c++) { depths[kids[x][c]] = depths[x] + 1; todo.push(kids[x][c]); }
      }
    }
    return depths[i];
  }
  function shapeWidth(i) {
    var w = widths.get(i);
    if (w === undefined) {
      var sh = nodeG[i] ? nodeG[i].querySelector(".shape") || nodeG[i] : null;
      w = sh ? sh.getBBox().width : 0;
      widths.set(i, w);
    }
    return w;
  }
  function relayout(st, force) {
    var path = focusOn() ? pathItems(st) : [];
    var key = path.join(",");
    if (!force && key === pathKey) return;
    pathKey = key;
    layout(path);
  }
  function setFocus(on) {
    if (!focusBox) return;
    focusBox.checked = on;
    relayout(stackAt(cur), true);
    render(cur, true);
    fit();
  }
  if (focusBox) focusBox.addEventListener("change", function () { setFocus(focusBox.checked); });

  // ---- Tooltips. ----
  var tip = document.getElementById("tip");
  function hideTip() { tip.hidden = true; }
  function row(t, k, v) { var tr = el("tr"); tr.appendChild(el("th", null, k)); tr.appendChild(el("td", null, v)); t.appendChild(tr); }
  var STATUS = ["leaf", "finished game", "interior", "cutoff", "pruned (never searched)"];
  var BOUND = ["", " (lower bound)", " (upper bound)"];
  // The board of id, or of its nearest ancestor with one (the page stores the positions of the
  // drawn nodes and of those with a board picture), with a note naming that ancestor.
  function boardOf(id) {
    var x = id;
    while (x >= 0 && !(N.board && N.board[x] >= 0) && !(N.pos && N.pos[x])) x = N.parent[x];
    if (x < 0 || x === id) return ownBoard(id);
    var b = el("div");
    b.appendChild(ownBoard(x));
    b.appendChild(el("div", "note", "the position at " + N.name[x] + " (this page keeps the positions of the drawn nodes)"));
    return b;
  }
  function ownBoard(id) {
    if (N.board && N.board[id] >= 0) {
      var img = el("img");
      img.src = D.boards[N.board[id]];
      img.alt = N.pos ? N.pos[id] : "position";
      return img;
    }
    if (N.pos && N.pos[id]) return el("pre", null, N.pos[id]);
    return null;
  }
  function fillTip(i) {
    tip.textContent = "";
    var id = ITEMS.id[i];
    if (id < 0) {
      var label = nodeG[i].querySelector(".value");
      tip.appendChild(el("div", "t", "Collapsed subtree" + (label ? ": " + label.textContent : "")));
      tip.appendChild(el("div", null, "Below " + N.name[ITEMS.id[ITEMS.parent[i]]] +
        ". The page draws at most a few thousand nodes; the stepper still walks through these. " +
        "Draw them with --collapse off or a smaller --max-depth."));
      return;
    }
    // A leaf has no player to move.
    tip.appendChild(el("div", "t", N.name[id] + (isLeaf(id) || (N.flags[id] & 64) ? "" : " (" + player(id) + ")")));
    var t = el("table");
    if (N.mv[id] >= 0 && D.labels[N.mv[id]] !== N.name[id]) row(t, "move", D.labels[N.mv[id]]);
    var st = state[i];
    if (st === "s-fut") {
      row(t, "status", visited(id) ? "not reached yet (entered at step " + enterAt[id] + ")" : "not reached yet");
    } else if (!visited(id)) {
      row(t, "status", STATUS[4]);
      var by = cutBy(id);
      if (by >= 0 && N.cutoff[by] >= 0) {
        var ci = N.cutoff[by];
        row(t, "pruned by", (CUT.kind[ci] ? "β-cutoff" : "α-cutoff") + " at " + N.name[by]);
      }
      if (N.flags[id] & 64) row(t, "leaf value", S[N.v[id]]);
    } else {
      row(t, "status", st === "s-open" ? "being searched" : STATUS[statusOf(id)]);
      if (M) {
        var mm = mctsAt(id, cur);
        if (mm) {
          row(t, "visits N", String(mm.n));
          row(t, "W/N", num(mm.w / mm.n) + " (mean result for MAX)");
          if (mm.uct !== null) row(t, "UCT", num(mm.uct) + " when last selected");
        }
        return;
      }
      if (st === "s-done") row(t, "value", S[N.v[id]] + BOUND[(N.flags[id] >> 4) & 3]);
      if (windowed && !isLeaf(id)) {
        row(t, "window in", win(N.ai[id], N.bi[id]));
        if (st === "s-done") row(t, "window out", win(N.ao[id], N.bo[id]));
      }
      row(t, "visit order", String(N.pre[id]) + (st === "s-done" ? " (finished " + N.post[id] + ")" : ""));
      var cx = N.cutoff[id];
      if (cx >= 0 && st === "s-done") {
        var src = CUT.from[cx] < 0 ? "the initial window" : N.name[CUT.from[cx]];
        row(t, "cutoff", (CUT.kind[cx] ? "β-cutoff" : "α-cutoff") + " after child " + (CUT.child[cx] + 1) +
          " at " + win(CUT.a[cx], CUT.b[cx]) + "; bound from " + src + "; " + CUT.pruned[cx] + " pruned");
      }
    }
    tip.appendChild(t);
    var b = boardOf(id);
    if (b) tip.appendChild(b);
  }
  svg.addEventListener("pointerover", function (e) {
    if (drag && drag.moved) return;
    var g = e.target.closest ? e.target.closest("g.node") : null;
    if (!g) return;
    fillTip(+g.getAttribute("data-item"));
    tip.hidden = false;
    placeTip(e);
  });
  svg.addEventListener("pointermove", function (e) { if (!tip.hidden) placeTip(e); });
  svg.addEventListener("pointerout", function (e) {
    var to = e.relatedTarget;
    if (!to || !to.closest || !to.closest("g.node")) hideTip();
  });
  function placeTip(e) {
    var x = e.clientX + 14, y = e.clientY + 14;
    var w = tip.offsetWidth, h = tip.offsetHeight;
    if (x + w > window.innerWidth - 8) x = Math.max(8, e.clientX - w - 14);
    if (y + h > window.innerHeight - 8) y = Math.max(8, e.clientY - h - 14);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }

  // ---- The stepper's panels. ----
  var sayBox = document.getElementById("say"), intro = sayBox.textContent;
  var miniSay = document.getElementById("mini-say"), miniCounter = document.getElementById("mini-counter");
  var counter = document.getElementById("counter"), scrub = document.getElementById("scrub");
  var codeLines = document.querySelectorAll("#code li");
  var stackBody = document.querySelector("#stack tbody");
  var boardBox = document.getElementById("board");
  function sentence(k) { return k === 0 ? intro : NAR.say(k - 1); }

  // The call stack after step k: rows of [node, α, β] from the root down, read from the
  // timeline by walking up from the step's frame to the steps its ancestors last executed.
  function stackAt(k) {
    if (k === 0) return null;
    var e = k - 1, kind = EV.k[e], top = EV.focus[e];
    var rows = [];
    for (var s = e; s >= 0 && EV.focus[s] >= 0; s = EV.up[s]) {
      rows.push({ id: EV.focus[s], w: [EV.a[s], EV.b[s]], r: D.range ? [EV.lo[s], EV.hi[s]] : null, before: null });
    }
    rows.reverse();
    if (kind === UPDATE && rows.length && EV.prev[e] >= 0) rows[rows.length - 1].before = [EV.a[EV.prev[e]], EV.b[EV.prev[e]]];
    return { kind: kind, id: EV.child[e] >= 0 ? EV.child[e] : EV.node[e], top: top, step: k, rows: rows };
  }

  var marked = [], windowTexts = [];
  function mark(g, cls) { if (g) { g.classList.add(cls); marked.push(g, cls); } }
  // The item that shows node id: itself, or the stub or folded node it is hidden in.
  function shownFor(id) {
    var x = id;
    while (x >= 0 && itemOf[x] < 0) {
      var p = N.parent[x];
      if (p >= 0 && itemOf[p] >= 0 && stubOf.has(p)) return { item: stubOf.get(p), exact: false };
      x = p;
    }
    if (x < 0) return null;
    var i = itemOf[x], exact = x === id;
    for (var j = i; j >= 0; j = ITEMS.parent[j]) if (hidden[j]) { i = ITEMS.parent[j]; exact = false; }
    return { item: i, exact: exact };
  }

  function setWindowText(id, w) {
    var i = itemOf[id];
    if (i < 0 || !nodeG[i]) return;
    var t = nodeG[i].querySelector(".window");
    if (!t) return;
    windowTexts.push(t, t.textContent);
    t.textContent = win(w[0], w[1]);
  }

  // MCTS: every drawn node's W/N (inside) and N · UCT (beside) as they are after step k; the
  // chart's cursor at the step's iteration.
  var cursor = document.getElementById("mcts-cursor");
  function mctsTexts(k) {
    for (var i = 0; i < nItems; i++) {
      var id = ITEMS.id[i];
      if (id < 0 || !nodeG[i]) continue;
      var m = mctsAt(id, k), v = nodeG[i].querySelector(".value"), b = nodeG[i].querySelector(".window");
      if (v) v.textContent = m ? num(m.w / m.n) : "";
      if (b) b.textContent = m ? "N " + m.n + (m.uct !== null ? " · UCT " + num(m.uct) : "") : "";
    }
    if (cursor) {
      var x = M.x0 + (M.x1 - M.x0) * (k > 0 ? M.it[k - 1] : 0) / Math.max(1, M.iterations);
      cursor.setAttribute("x1", x.toFixed(1));
      cursor.setAttribute("x2", x.toFixed(1));
    }
  }

  var cur = 0;
  function highlight(k, st) {
    for (var j = 0; j < marked.length; j += 2) marked[j].classList.remove(marked[j + 1]);
    marked.length = 0;
    for (j = windowTexts.length - 2; j >= 0; j -= 2) windowTexts[j].textContent = windowTexts[j + 1];
    windowTexts.length = 0;
    if (M) mctsTexts(k);
    if (!st) return;
    for (j = 0; j < st.rows.length; j++) {
      var r = st.rows[j], s = shownFor(r.id);
      if (!s) continue;
      mark(edgeG[s.item], "path");
      if (!s.exact) { mark(nodeG[s.item], "inside"); break; }
      mark(nodeG[s.item], j === st.rows.length - 1 ? "cur" : "path");
      if (windowed) setWindowText(r.id, r.r || r.w);
    }
    if (st.kind === UPDATE) {
      var rs = shownFor(st.id);
      if (rs && rs.exact) mark(nodeG[rs.item], "ret");
    }
    if (st.kind === CUTOFF && cutItems.has(st.step)) {
      var ci = cutItems.get(st.step);
      for (j = 0; j < ci.length; j++) mark(nodeG[ci[j]], "just-cut");
    }
  }

  function renderStack(st) {
    stackBody.textContent = "";
    if (!st) {
      var tr = el("tr", "empty");
      var td = el("td", null, "empty: the search has not started");
      td.colSpan = windowed || M ? 4 : 3;
      tr.appendChild(td);
      stackBody.appendChild(tr);
      return;
    }
    for (var j = 0; j < st.rows.length; j++) {
      var r = st.rows[j], tr2 = el("tr", j === st.rows.length - 1 ? "top" : null);
      tr2.appendChild(el("td", "name", N.name[r.id]));
      tr2.appendChild(el("td", null, isLeaf(r.id) ? "leaf" : player(r.id)));
      if (M) {
        var m = mctsAt(r.id, st.step);
        tr2.appendChild(el("td", null, m ? String(m.n) : "0"));
        tr2.appendChild(el("td", null, m ? num(m.w / m.n) : "—"));
      } else if (windowed) {
        var ta = el("td", null, S[r.w[0]]), tb = el("td", null, S[r.w[1]]);
        if (r.before && r.before[0] !== r.w[0]) ta.className = "changed";
        if (r.before && r.before[1] !== r.w[1]) tb.className = "changed";
        tr2.appendChild(ta);
        tr2.appendChild(tb);
      } else {
        var best = el("td", null, S[isMin(r.id) ? r.w[1] : r.w[0]]);
        if (r.before && (r.before[0] !== r.w[0] || r.before[1] !== r.w[1])) best.className = "changed";
        tr2.appendChild(best);
      }
      stackBody.appendChild(tr2);
    }
    if (st.kind === UPDATE) {
      var rr = el("tr", "ret");
      rr.appendChild(el("td", "name", "↳ " + N.name[st.id]));
      var v = el("td", null, "returned " + (EV.v[st.step - 1] >= 0 ? S[EV.v[st.step - 1]] : "?"));
      v.colSpan = windowed ? 3 : 2;
      rr.appendChild(v);
      stackBody.appendChild(rr);
    }
  }

  // Multi-pass searches: which pass step k is in ("pass 2 of 5 · depth 2"); step k shows event
  // k − 1, so a pass starting at event s begins at step s + 1.
  var passBox = document.getElementById("pass"), PASSES = D.pass_steps || [];
  function passAt(k) {
    var p = 0;
    while (p + 1 < PASSES.length && PASSES[p + 1][0] < k) p++;
    return p;
  }
  function passText(k) {
    if (PASSES.length < 2) return "";
    var p = passAt(k);
    var t = "pass " + (p + 1) + " of " + PASSES.length;
    return PASSES[p][1] >= 0 ? t + " · depth " + PASSES[p][1] : t;
  }

  var lastLine = -1;
  function renderPanels(k, st) {
    counter.textContent = "Step " + k.toLocaleString("en-US") + " of " + E.toLocaleString("en-US");
    if (passBox) passBox.textContent = passText(k);
    scrub.value = String(k);
    sayBox.textContent = sentence(k);
    if (miniSay) { miniSay.textContent = sayBox.textContent; miniCounter.textContent = counter.textContent; }
    if (lastLine >= 0 && codeLines[lastLine]) codeLines[lastLine].classList.remove("hl");
    lastLine = k > 0 ? EV.line[k - 1] : -1;
    if (lastLine >= 0 && codeLines[lastLine]) codeLines[lastLine].classList.add("hl");
    renderStack(st);
    if (boardBox) {
      boardBox.textContent = "";
      var id = k > 0 && EV.focus[k - 1] >= 0 ? EV.focus[k - 1] : 0;
      var b = boardOf(id);
      if (b) boardBox.appendChild(b);
      boardBox.appendChild(el("div", "note", k > 0 ? N.name[id] : "the root position"));
    }
    document.body.setAttribute("data-step", String(k));
    svg.classList.toggle("complete", k === E);
    if (k === E && !document.body.classList.contains("answers")) {
      document.body.classList.add("answers");
      var box = document.getElementById("show-answers");
      if (box) box.checked = true;
    }
  }

  // The address follows the step, written at most every 200 ms. `written` is the hash the page
  // last wrote or acknowledged: a hash set by someone else (a link, the address bar, a script)
  // after that is theirs until its hashchange event has brought the page there, so a pending
  // write never overwrites it (it did, when the timer fired between the change and its event).
  var hashTimer = 0, written = location.hash;
  function writeHash() {
    if (hashTimer) return;
    hashTimer = setTimeout(function () {
      hashTimer = 0;
      var h = "#step=" + cur;
      if (location.hash !== written && location.hash !== h) return;
      if (location.hash !== h) { try { history.replaceState(null, "", h); } catch (err) { /* file:// quirks */ } }
      written = h;
    }, 200);
  }

  function render(k, full) {
    k = Math.max(0, Math.min(E, k | 0));
    if (full || Math.abs(k - cur) > 1) {
      for (var i = 0; i < nItems; i++) setState(i, itemState(i, k));
    } else if (k !== cur) {
      var t = touched(Math.max(k, cur));
      for (var j = 0; j < t.length; j++) setState(t[j], itemState(t[j], k));
    }
    cur = k;
    var st = stackAt(k);
    if (focusOn()) relayout(st);
    highlight(k, st);
    renderPanels(k, st);
    writeHash();
    if (follow.checked && st && st.top >= 0) {
      var s = shownFor(st.top);
      if (s) ensureVisible(s.item);
    }
  }

  // ---- Controls. ----
  var showAnswers = document.getElementById("show-answers");
  if (showAnswers) {
    showAnswers.addEventListener("change", function () { document.body.classList.toggle("answers", showAnswers.checked); });
  }
  var follow = document.getElementById("follow");
  var playBtn = document.getElementById("play"), speed = document.getElementById("speed");
  var timer = 0;
  function pause() { if (timer) { clearTimeout(timer); timer = 0; } playBtn.textContent = "Play ▶"; }
  function tick() {
    if (cur >= E) { pause(); return; }
    render(cur + 1);
    timer = setTimeout(tick, 1000 / (+speed.value || 1));
  }
  function play() {
    if (timer) { pause(); return; }
    if (cur >= E) render(0, true);
    playBtn.textContent = "Pause ❚❚";
    timer = setTimeout(tick, 0);
  }
  function go(k) { pause(); render(k); }
  function nextCut() { for (var j = 0; j < cutSteps.length; j++) if (cutSteps[j] > cur) { go(cutSteps[j]); return; } }
  function prevCut() { for (var j = cutSteps.length - 1; j >= 0; j--) if (cutSteps[j] < cur) { go(cutSteps[j]); return; } }
  function on(id, f) { var b = document.getElementById(id); if (b) b.addEventListener("click", f); }
  on("first", function () { go(0); });
  on("prev", function () { go(cur - 1); });
  on("play", play);
  on("next", function () { go(cur + 1); });
  on("last", function () { go(E); });
  on("next-cut", nextCut);
  on("prev-cut", prevCut);
  on("zoom-in", function () { zoomCentre(1.25); });
  on("zoom-out", function () { zoomCentre(0.8); });
  on("zoom-fit", fit);
  on("zoom-1", actualSize);
  on("unfold", function () {
    for (var i = 0; i < nItems; i++) if (folded[i]) fold(i, false);
    if (focusOn()) setFocus(false); else render(cur, true);
  });
  on("full", function () { fullWindow(!document.body.classList.contains("full-tree")); });
  // Full window: the tree panel takes the whole window (a button, the key f; Escape leaves),
  // with the step's sentence and counter under it; the keys step as before.
  function fullWindow(on) {
    document.body.classList.toggle("full-tree", on);
    var b = document.getElementById("full");
    if (b) { b.textContent = on ? "Leave full window" : "Full window"; b.setAttribute("aria-pressed", String(on)); }
    boxCache = null;
    fit();
  }
  scrub.addEventListener("input", function () { go(+scrub.value); });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && t.type !== "range" && t.type !== "checkbox")) return;
    if (t === scrub && /^(ArrowLeft|ArrowRight|ArrowUp|ArrowDown|Home|End|PageUp|PageDown)$/.test(e.key)) return;
    var handled = true;
    switch (e.key) {
      case "ArrowRight": go(cur + 1); break;
      case "ArrowLeft": go(cur - 1); break;
      case " ": case "Spacebar": play(); break;
      case "Home": go(0); break;
      case "End": go(E); break;
      case "c": if (!M) nextCut(); else handled = false; break;
      case "C": if (!M) prevCut(); else handled = false; break;
      case "i": if (M) nextCut(); else handled = false; break;
      case "I": if (M) prevCut(); else handled = false; break;
      case "+": case "=": zoomCentre(1.25); break;
      case "-": case "−": zoomCentre(0.8); break;
      case "0": fit(); break;
      case "1": actualSize(); break;
      case "f": fullWindow(!document.body.classList.contains("full-tree")); break;
      case "p": if (focusBox) setFocus(!focusBox.checked); else handled = false; break;
      case "Escape": if (document.body.classList.contains("full-tree")) fullWindow(false); else handled = false; break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  });
  function stepFromHash() {
    var m = /(?:^#|&)step=(\d+)/.exec(location.hash);
    return m ? Math.min(E, parseInt(m[1], 10)) : null;
  }
  window.addEventListener("hashchange", function () {
    written = location.hash;
    var k = stepFromHash();
    if (k !== null && k !== cur) go(k);
  });
  // Printing: the whole tree at the page's width (the figure's own viewBox), then back.
  window.addEventListener("beforeprint", function () {
    var t = focusOn() ? shownBounds() : { x: 0, y: 0, w: W, h: H };
    svg.setAttribute("viewBox", [t.x, t.y, t.w, t.h].map(function (v) { return v.toFixed(1); }).join(" "));
    vp.removeAttribute("transform");
  });
  window.addEventListener("afterprint", function () {
    svg.removeAttribute("viewBox");
    boxCache = null;
    apply();
  });

  (function initialView() {
    // The box is as tall as the tree needs at the scale it will be shown, within 62% of the
    // window. A tree that does not fit at 75% or more (the textbook figures do) starts focused
    // on the path; either way it starts fitted.
    var wide = Math.min(1.6, boxSize().w / W), s = wide >= 0.75 ? wide : 1;
    if (focusBox && wide < 0.75) focusBox.checked = true;
    svg.style.height = Math.round(Math.min(window.innerHeight * 0.62, Math.max(260, H * s + 8))) + "px";
    boxCache = null;
  })();
  render(stepFromHash() || 0, true);
  fit();
})();
