/* abviz stepper: replays a recorded search on the tree drawn by abviz.
 *
 * Everything comes from the JSON blocks abviz wrote into the page: node summaries (in columns),
 * the trace's timeline (per step: the event, the node executing after it with its window, and
 * the step at which its parent frame last executed, so the stack is a walk up those steps) and
 * each event's pseudocode line; node names and the narration come from assets/narration.js
 * (abvizDecode, abvizNarrator), which words them from the same data. This script never re-runs
 * or re-derives the search and never computes a window; it only looks things up. User text is
 * only ever written with textContent. One step costs O(depth of the tree). A packed page's tree
 * and data are inflated first (abvizInflated, in assets/narration.js). */
abvizInflated(function () {
  "use strict";

  var D = JSON.parse(document.getElementById("abviz-data").textContent);
  abvizDecode(D);
  var NAR = abvizNarrator(D);
  // Names are built when asked for (only the input's own names are stored): N.name[id] reads
  // like the column it replaces.
  D.n.name = new Proxy({}, { get: function (t, id) { return NAR.name(+id); } });
  var N = D.n, S = D.scores, CUT = D.cut, ITEMS = D.items;
  // Events (see EventData in crates/abviz-draw/src/html_data.rs): kind, pseudocode line, node, second node,
  // carried value; and the timeline after each step: focus, its window, up and prev steps.
  var EV = D.ev;
  var nNodes = N.parent.length, E = EV.k.length, nItems = ITEMS.id.length;
  // Event kinds by name (D.kinds: the page's number for each), never by their place in the table.
  var K = D.kind;
  var ENTER = K.enter, EVAL = K.eval, UPDATE = K.update, CUTOFF = K.cutoff, RESEARCH = K.research;
  var EXPAND = K.expand;
  var windowed = D.windowed;
  // MCTS: per event N, W and UCT (see MctsData in crates/abviz-draw/src/html_mcts.rs).
  var M = D.mcts || null, ITERATION = K.iteration, SELECT = K.select, BACKPROP = K.backprop;
  var STAND_PAT = K["stand-pat"];

  function statusOf(id) { return (N.flags[id] >> 1) & 7; }
  function isMin(id) { return (N.flags[id] & 1) === 1; }
  function visited(id) { return statusOf(id) !== 4; }
  function isLeaf(id) { var s = statusOf(id); return s === 0 || s === 1; }
  function isChance(id) { return (N.flags[id] & 128) !== 0; }
  function player(id) { return isChance(id) ? "chance" : isMin(id) ? "MIN" : "MAX"; }
  function win(a, b) { return "[" + S[a] + ", " + S[b] + "]"; }
  // "1,234,567" (as the Rust side writes counts; without Intl, which is slow per call).
  function thousands(n) {
    var t = String(n), out = "";
    for (var j = 0; j < t.length; j++) {
      if (j > 0 && (t.length - j) % 3 === 0 && t.charAt(j - 1) !== "-") out += ",";
      out += t.charAt(j);
    }
    return out;
  }
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

  // ---- The items: those abviz drew, and those the page makes for nodes the drawing left in a
  // stub ("⋯ 3,279 nodes") once the search goes there. Item i shows node itemId[i] (−1: a stub,
  // standing for the undrawn children of its parent's node). ----
  var SVGNS = "http://www.w3.org/2000/svg";
  var svg = document.getElementById("tree"), vp = document.getElementById("viewport");
  var box = document.getElementById("tree-box");
  var itemId = Array.prototype.slice.call(ITEMS.id), itemParent = Array.prototype.slice.call(ITEMS.parent);
  var nDrawn = nItems;
  var nodeG = new Array(nItems), edgeG = new Array(nItems);
  var groups = vp.querySelectorAll("g[data-item]");
  for (var g = 0; g < groups.length; g++) {
    var it = +groups[g].getAttribute("data-item");
    if (groups[g].classList.contains("node")) nodeG[it] = groups[g]; else edgeG[it] = groups[g];
  }
  var firstNode = vp.querySelector("g.node");
  var itemOf = new Int32Array(nNodes).fill(-1);
  // cutItems: the items that a cutoff at step k (1-based) shows as pruned.
  var kids = [], stubOf = new Map(), cutItems = new Map();
  for (var i = 0; i < nItems; i++) kids.push([]);
  for (i = 0; i < nItems; i++) {
    if (itemParent[i] >= 0) kids[itemParent[i]].push(i);
    var id = itemId[i];
    if (id >= 0) {
      itemOf[id] = i;
      noteCut(i);
    } else if (itemParent[i] >= 0) {
      stubOf.set(itemId[itemParent[i]], i);
    }
  }
  function noteCut(i) {
    var id = itemId[i];
    if (cutAt[id] > 0) {
      var list = cutItems.get(cutAt[id]);
      if (!list) cutItems.set(cutAt[id], list = []);
      list.push(i);
    }
  }
  function isStub(i) { return itemId[i] < 0; }

  function itemState(i, k) {
    var id = itemId[i];
    if (id < 0) {
      var p = itemId[itemParent[i]];
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
  var state = [];
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

  // ---- Sizes of texts, estimated as the figure does (crates/abviz-draw/src/prim.rs, text_width): the
  // layout below packs by them without asking the browser to lay anything out. ----
  function textWidth(s, size) {
    var em = 0;
    for (var j = 0; j < s.length; j++) {
      var c = s.charAt(j), code = s.charCodeAt(j);
      if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xff60))) em += 1;
      else if (c === " ") em += 0.32;
      else if (c >= "0" && c <= "9") em += 0.64;
      else if ("ijl.,:;'|!".indexOf(c) >= 0) em += 0.3;
      else if ("[]()ftr".indexOf(c) >= 0) em += 0.4;
      else if ("mwMW".indexOf(c) >= 0) em += 0.9;
      else if (c >= "A" && c <= "Z") em += 0.7;
      else if ("∞⋯→▲▼□○".indexOf(c) >= 0) em += 0.85;
      else em += 0.6;
    }
    return em * size;
  }
  // Move labels and the other small texts are 10 px in the drawing (font::SMALL).
  var SMALL = 10;

  // ---- Making items for nodes inside a stub. ----
  // Children of every node in move order (built on first use, O(nodes)); subtree sizes likewise.
  var childStart = null, childList = null, subtree = null;
  function childrenOf(id) {
    if (!childStart) {
      childStart = new Int32Array(nNodes + 1);
      childList = new Int32Array(nNodes);
      for (var x = 0; x < nNodes; x++) if (N.parent[x] >= 0) childStart[N.parent[x] + 1]++;
      for (x = 0; x < nNodes; x++) childStart[x + 1] += childStart[x];
      var fill = childStart.slice(0, nNodes);
      for (x = 0; x < nNodes; x++) if (N.parent[x] >= 0) childList[fill[N.parent[x]]++] = x;
    }
    return childList.subarray(childStart[id], childStart[id + 1]);
  }
  // How many nodes lie below node id (parents come before their children in id order).
  function nodesBelow(id) {
    if (!subtree) {
      subtree = new Int32Array(nNodes).fill(1);
      for (var x = nNodes - 1; x >= 0; x--) if (N.parent[x] >= 0) subtree[N.parent[x]] += subtree[x];
    }
    return subtree[id] - 1;
  }
  // Whether the drawing shows node id's children: a stub stands for some, or the item was made by
  // the page (its children never drawn).
  var madeKids = new Set();
  function needsMaking(i) {
    var id = itemId[i];
    if (id < 0 || madeKids.has(i)) return false;
    return i >= nDrawn ? childrenOf(id).length > 0 : stubOf.has(id);
  }
  // The drawn groups to copy a made item from: per class list, the first one drawn.
  var nodeTpl = null, edgeTpl = null;
  function templates() {
    nodeTpl = new Map();
    edgeTpl = new Map();
    for (var j = 0; j < nDrawn; j++) {
      // (Not the principal variation's: drawn thick at the end.)
      if (isStub(j) || (edgeG[j] && edgeG[j].classList.contains("pv"))) continue;
      var key = kindKey(itemId[j]);
      if (nodeG[j] && !nodeTpl.has(key.node)) nodeTpl.set(key.node, j);
      if (edgeG[j] && !edgeTpl.has(key.edge)) edgeTpl.set(key.edge, j);
    }
  }
  // What a node looks like (crates/abviz-draw/src/view.rs): its shape, pruned or not, the cutoff at it;
  // its edge: searched, cut (a pruned child of a searched node) or pruned.
  function kindKey(id) {
    var leaf = isLeaf(id) || (N.flags[id] & 64) !== 0;
    var shape = leaf ? "leaf" : isChance(id) ? "chance" : isMin(id) ? "min" : "max";
    var p = N.parent[id], cut = "";
    if (!visited(id) && p >= 0 && visited(p) && N.cutoff[p] >= 0) cut = CUT.kind[N.cutoff[p]] ? " beta-cut" : " alpha-cut";
    return {
      node: shape + (visited(id) ? "" : " pruned"),
      shape: shape,
      edge: visited(id) ? "" : !cut ? "pruned" : "pruned" + cut
    };
  }
  function pick(map, keys) {
    for (var j = 0; j < keys.length; j++) if (map.has(keys[j])) return map.get(keys[j]);
    return -1;
  }
  var STRIP = ["s-fut", "s-open", "s-done", "s-cut", "cur", "path", "ret", "inside", "just-cut", "hid", "folded", "focus-sib", "pv"];
  function cleanCopy(g0) {
    var c = g0.cloneNode(true);
    for (var j = 0; j < STRIP.length; j++) c.classList.remove(STRIP[j]);
    c.removeAttribute("transform");
    var extra = c.querySelectorAll(".fold-badge, .name");
    for (j = 0; j < extra.length; j++) extra[j].remove();
    return c;
  }
  function setText(g0, sel, text) {
    var t = g0.querySelector(sel);
    if (!t) return null;
    if (text === null) { t.remove(); return null; }
    t.textContent = text;
    return t;
  }
  // Makes item i for node id under item pi, a copy of a drawn node of its kind with its own texts.
  function makeItem(id, pi) {
    if (!nodeTpl) templates();
    var key = kindKey(id);
    var tn = pick(nodeTpl, [key.node, key.shape + " pruned", key.shape, "max", "min", "leaf"]);
    if (tn < 0) return -1;
    var i = freeItems.length ? freeItems.pop() : nItems++;
    madeCount++;
    dxOf[i] = 0; dyOf[i] = 0; kOf[i] = 1;
    hidden[i] = folded[i] = expanded[i] = fanOpen[i] = shownNow[i] = 0;
    state[i] = depths[i] = labels[i] = undefined;
    itemId[i] = id;
    itemParent[i] = pi;
    kids[i] = [];
    kids[pi].push(i);
    itemOf[id] = i;
    var ng = cleanCopy(nodeG[tn]);
    ng.id = "n" + id;
    ng.setAttribute("data-id", id);
    ng.setAttribute("data-item", i);
    var pruned = !visited(id), ink = pruned ? "#9A9A9A" : "#222222";
    var sh = ng.querySelector(".shape");
    if (sh) {
      sh.setAttribute("stroke", ink);
      if (pruned) sh.setAttribute("stroke-dasharray", "5 3"); else sh.removeAttribute("stroke-dasharray");
    }
    ng.classList.toggle("pruned", pruned);
    var v = null;
    if (visited(id) || (N.flags[id] & 64)) v = (["", "≥", "≤"][(N.flags[id] >> 4) & 3] || "") + S[N.v[id]];
    var vt = setText(ng, ".value", v);
    if (vt) vt.setAttribute("fill", ink);
    var interior = visited(id) && !isLeaf(id);
    var w = null;
    if (interior && windowed) w = D.range ? rangeText(id) : win(N.ao[id], N.bo[id]);
    if (!w) { var ws = ng.querySelectorAll(".window"); for (var j = 0; j < ws.length; j++) ws[j].remove(); }
    else setText(ng, ".window", w);
    var os = ng.querySelectorAll(".order");
    if (!visited(id)) { for (j = 0; j < os.length; j++) os[j].remove(); }
    for (j = 0; j < os.length && visited(id); j++) {
      if (os[j].tagName === "text") os[j].textContent = String(N.pre[id]);
      else {
        var r = Math.max(6, textWidth(String(N.pre[id]), 10) / 2 + 2.5), r0 = +os[j].getAttribute("r");
        os[j].setAttribute("r", r.toFixed(1));
        os[j].setAttribute("cx", (+os[j].getAttribute("cx") + r0 - r).toFixed(1));
      }
    }
    nodeG[i] = ng;
    vp.appendChild(ng);
    centres.set(i, baseCentre(tn));
    boxes.set(i, boxOf(tn));
    var te = pick(edgeTpl, [key.edge, "pruned", ""]);
    if (te >= 0) {
      var eg = cleanCopy(edgeG[te]);
      eg.setAttribute("data-id", id);
      eg.setAttribute("data-item", i);
      eg.removeAttribute("id");
      var cm = eg.querySelectorAll("text.cutmark");
      for (j = 0; j < cm.length; j++) cm[j].remove();
      var line = eg.querySelector(".line");
      if (line) line.removeAttribute("data-o");
      var mv = moveText(id);
      var lab = eg.querySelector(".label");
      if (mv && !lab) {
        lab = document.createElementNS(SVGNS, "text");
        lab.setAttribute("class", "label");
        lab.setAttribute("font-size", "10");
        lab.setAttribute("text-anchor", "middle");
        lab.setAttribute("fill", "#505050");
        lab.setAttribute("stroke", "white");
        lab.setAttribute("stroke-width", "3");
        lab.setAttribute("stroke-linejoin", "round");
        lab.setAttribute("paint-order", "stroke");
        eg.appendChild(lab);
      }
      if (lab && mv) lab.textContent = mv; else if (lab) lab.remove();
      edgeG[i] = eg;
      vp.insertBefore(eg, firstNode);
    }
    noteCut(i);
    setState(i, itemState(i, cur));
    return i;
  }
  function rangeText(id) {
    var b = (N.flags[id] >> 4) & 3, v = S[N.v[id]];
    return b === 1 ? "[" + v + ", +∞]" : b === 2 ? "[−∞, " + v + "]" : "[" + v + ", " + v + "]";
  }
  // A node's move as its edge shows it (none when it only repeats the child's number).
  function moveText(id) {
    if (N.mv[id] < 0) return "";
    var m = D.labels[N.mv[id]], p = N.parent[id];
    if (!m) return "";
    if (!D.is_game && p >= 0) {
      var sib = childrenOf(p);
      for (var j = 0; j < sib.length; j++) if (sib[j] === id) { if (m === String(j + 1)) return ""; break; }
    }
    return m;
  }
  // Makes the items for node (of item i)'s children that the drawing left in a stub.
  function makeKids(i) {
    if (!needsMaking(i)) return;
    madeKids.add(i);
    var id = itemId[i], cs = childrenOf(id);
    for (var j = 0; j < cs.length; j++) {
      var c = cs[j];
      if (itemOf[c] >= 0) continue;
      // A pruned child of a pruned node is not drawn (as with --show-pruned edges).
      if (!visited(c) && !visited(id)) continue;
      if (makeItem(c, i) < 0) return;
    }
    // Children in move order, the stub last.
    kids[i].sort(function (a, b) { return (itemId[a] < 0) - (itemId[b] < 0) || itemId[a] - itemId[b]; });
    var st = stubOf.get(id);
    if (st !== undefined) setHidden(st, true);
  }
  function madeStub(i) { return isStub(i) && madeKids.has(itemParent[i]); }
  // Made items out of sight are dropped again once there are many (a long replay of a big
  // search would otherwise make one for every node it passes): the children of a node go
  // together, when none of them is shown or has children made; their places are reused.
  var freeItems = [], madeCount = 0, MADE_CAP = 1500;
  function dropMade(onPath) {
    if (madeCount <= MADE_CAP) return;
    madeKids.forEach(function (p) {
      if (onPath[p] || expanded[p]) return;
      var ks = kids[p], j, c;
      for (j = 0; j < ks.length; j++) {
        c = ks[j];
        if (c >= nDrawn && (shownNow[c] || expanded[c] || madeKids.has(c))) return;
      }
      for (j = 0; j < ks.length; j++) if (ks[j] >= nDrawn) dropItem(ks[j]);
      kids[p] = ks.filter(function (x) { return x < nDrawn; });
      madeKids.delete(p);
      ["l", "r"].forEach(function (side) { var g = moreG.get(p + side); if (g) { g.remove(); moreG.delete(p + side); } });
    });
  }
  function dropItem(i) {
    var id = itemId[i];
    if (nodeG[i]) nodeG[i].remove();
    if (edgeG[i]) edgeG[i].remove();
    nodeG[i] = edgeG[i] = null;
    itemOf[id] = -1;
    var list = cutItems.get(cutAt[id]);
    if (list) { var at = list.indexOf(i); if (at >= 0) list.splice(at, 1); }
    itemId[i] = -1;
    itemParent[i] = -1;
    kids[i] = [];
    state[i] = hidden[i] = folded[i] = expanded[i] = fanOpen[i] = shownNow[i] = depths[i] = labels[i] = undefined;
    dxOf[i] = dyOf[i] = 0;
    kOf[i] = 1;
    centres.delete(i); boxes.delete(i); sizes.delete(i); focusBadges.delete(i); badges.delete(i);
    freeItems.push(i);
    madeCount--;
  }

  // ---- Folding. ----
  var folded = [], hidden = [], badges = new Map();
  function setHidden(i, h) {
    if (!!hidden[i] === !!h) return;
    hidden[i] = h ? 1 : 0;
    if (nodeG[i]) nodeG[i].classList.toggle("hid", h);
    if (edgeG[i]) edgeG[i].classList.toggle("hid", h);
  }
  function hideBelow(i, h) {
    for (var j = 0; j < kids[i].length; j++) {
      var c = kids[i][j];
      if (!h && (madeStub(c) || c >= nDrawn)) continue;
      setHidden(c, h);
      if (!h && folded[c]) continue;
      hideBelow(c, h);
    }
  }
  // How many nodes item i's subtree hides: the trace's nodes below it (a stub: those it stands for).
  function belowCount(i) {
    var id = itemId[i];
    return id >= 0 ? nodesBelow(id) : 0;
  }
  // The badge under a folded node: a small fan and the number of nodes hidden below it, in
  // italics (the legend explains it; it is no score).
  function badge(i, cls) {
    var c = baseCentre(i), sh = shapeSize(i), n = belowCount(i);
    var t = document.createElementNS(SVGNS, "g");
    t.setAttribute("class", cls);
    t.setAttribute("data-hidden", String(n));
    var txt = thousands(n), w = 11 + textWidth(txt, SMALL);
    var p = document.createElementNS(SVGNS, "path");
    p.setAttribute("d", "M4 -4 L0 4 M4 -4 L4 4 M4 -4 L8 4");
    p.setAttribute("fill", "none");
    p.setAttribute("stroke", "#505050");
    p.setAttribute("stroke-width", "1.2");
    var tx = document.createElementNS(SVGNS, "text");
    tx.setAttribute("x", "11");
    tx.setAttribute("y", "3.5");
    tx.setAttribute("font-size", "10");
    tx.setAttribute("font-style", "italic");
    tx.setAttribute("fill", "#505050");
    tx.textContent = txt;
    t.appendChild(p);
    t.appendChild(tx);
    t.setAttribute("data-w", w.toFixed(1));
    t.setAttribute("data-x", (c[0] - w / 2).toFixed(1));
    t.setAttribute("data-y", (c[1] + sh[1] / 2 + 9).toFixed(1));
    t.setAttribute("transform", "translate(" + (c[0] - w / 2).toFixed(1) + "," + (c[1] + sh[1] / 2 + 9).toFixed(1) + ")");
    nodeG[i].appendChild(t);
    return t;
  }
  function badgeWidth(i) { return 11 + textWidth(thousands(belowCount(i)), SMALL); }
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
  // drawn on top of each other (the whole tree; the focused one is laid out to be legible).
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
  // Each item's box in the drawing (its shape and texts) where it was drawn, measured once.
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
  // The smallest scale at which a move label (10 px in the drawing) is 9 px on screen: Fit
  // never goes below it on the focused tree, and lays out what fits at it.
  var LEGIBLE = 0.9, COMFORT = 1.25, MIN_FIT = 0.5, MARGIN = 14;
  // Fit: the whole tree (no focus) at the largest scale that holds it, at most 1.6; a tree too
  // wide to be read at MIN_FIT is shown at MIN_FIT centred on the node being searched. The
  // focused tree: see fitFocus.
  function fit() {
    if (focusOn()) { fitFocus(); return; }
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
  var relayoutTimer = 0;
  function zoomAt(f, px, py) {
    var s = Math.min(8, Math.max(0.01, view.s * f));
    view.x = px - (px - view.x) * s / view.s;
    view.y = py - (py - view.y) * s / view.s;
    view.s = s;
    apply();
    // The focused tree shows as many siblings as the new scale lets one read.
    if (focusOn()) {
      clearTimeout(relayoutTimer);
      relayoutTimer = setTimeout(function () { relayout(stackAt(cur), true); declutter(); }, 150);
    }
  }
  function zoomCentre(f) { var b = boxSize(); zoomAt(f, b.w / 2, b.h / 2); }
  function actualSize() {
    var b = boxSize(), t = shownBounds();
    view.x = (b.w - t.w) / 2 - t.x; view.y = -t.y; view.s = 1;
    apply();
    if (focusOn()) { relayout(stackAt(cur), true); declutter(); }
  }
  // A shape's centre where it was drawn, and its size.
  var centres = new Map(), sizes = new Map();
  function baseCentre(i) {
    var c = centres.get(i);
    if (!c) {
      var bb = (nodeG[i].querySelector(".shape") || nodeG[i]).getBBox();
      c = [bb.x + bb.width / 2, bb.y + bb.height / 2];
      centres.set(i, c);
      sizes.set(i, [bb.width, bb.height]);
    }
    return c;
  }
  function shapeSize(i) {
    if (!sizes.has(i)) {
      if (i >= nDrawn) { var t = templateOf(i); sizes.set(i, t >= 0 ? shapeSize(t) : [30, 30]); }
      else baseCentre(i);
    }
    return sizes.get(i);
  }
  function templateOf(i) {
    var key = kindKey(itemId[i]);
    return pick(nodeTpl, [key.node, key.shape + " pruned", key.shape, "max", "min", "leaf"]);
  }
  // A shape's centre where it is drawn now.
  function centreOf(i) { var c = baseCentre(i); return [c[0] + dxOf[i], c[1] + dyOf[i]]; }
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
    var more = d.target.closest ? d.target.closest("g.more") : null;
    if (more) {
      // "⋯ 38 more": the moves it stands for are shown (pan to see them all).
      var mp = +more.getAttribute("data-item");
      if (mp < 0) rootsOpen = true; else fanOpen[mp] = 1;
      relayout(stackAt(cur), true);
      render(cur, true);
      return;
    }
    var g = d.target.closest ? d.target.closest("g.node") : null;
    if (g) {
      var i = +g.getAttribute("data-item");
      if (focusOn()) {
        // Focused: a click opens a collapsed subtree (or closes one opened so); the path stays.
        if (!kids[i].length && !needsMaking(i)) return;
        expanded[i] = expanded[i] ? 0 : 1;
        relayout(stackAt(cur), true);
      } else {
        if (!kids[i].length) return;
        fold(i, !folded[i]);
      }
      render(cur, true);
    }
  }
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);

  // ---- Focus: the path from the root to the current node, with its siblings. ----
  // On a wide tree the page shows the path the search is on and the children of the nodes along
  // it; every other subtree collapses into its node with a badge counting what it hides (a
  // click opens it). The items shown are laid out again: the path runs straight down, each row
  // spreads to both sides of it, every node with its move label above it at a readable size.
  // A fan wider than the panel at that size shows the moves around the one on the path (or the
  // one last searched) and groups the rest at its ends ("⋯ 38 more", a click shows them). Rows
  // are drawn closer together when the path is deeper than the panel is tall. The layout is
  // redone when the path changes (O(items shown) plus a pass over the items, and a page draws
  // at most a few thousand items however big the search).
  var focusBox = document.getElementById("focus");
  var expanded = [], fanOpen = [], rootsOpen = false, shownNow = [];
  var dxOf = [], dyOf = [], kOf = [], pathKey = null, focusBadges = new Map();
  for (i = 0; i < nItems; i++) { dxOf[i] = 0; dyOf[i] = 0; kOf[i] = 1; }
  // The scale of the nodes off the path and off the row being searched (the context).
  var CONTEXT = 0.7;
  var rootItems = [];
  for (i = 0; i < nItems; i++) if (itemParent[i] < 0) rootItems.push(i);
  function focusOn() { return !!(focusBox && focusBox.checked); }
  // A search in passes draws each pass's tree: in the focused tree their roots stand side by
  // side, each labelled with its pass where other nodes have their move.
  var PASS_STEPS = D.pass_steps || [];
  if (rootItems.length > 1 && rootItems.length === PASS_STEPS.length) {
    for (var r0 = 0; r0 < rootItems.length; r0++) {
      var pg = document.createElementNS(SVGNS, "g"), pt = document.createElementNS(SVGNS, "text");
      pg.setAttribute("class", "edge pass-label");
      pg.setAttribute("data-id", String(itemId[rootItems[r0]]));
      pt.setAttribute("class", "label");
      pt.setAttribute("font-size", "10");
      pt.setAttribute("text-anchor", "middle");
      pt.setAttribute("fill", "#505050");
      pt.textContent = "pass " + (r0 + 1) + (PASS_STEPS[r0][1] >= 0 ? " · depth " + PASS_STEPS[r0][1] : "");
      pg.appendChild(pt);
      vp.insertBefore(pg, firstNode);
      edgeG[rootItems[r0]] = pg;
    }
  }
  // The item drawing node id, ignoring folds (a node inside a stub is shown by the stub).
  function itemFor(id) {
    for (var x = id; x >= 0; x = N.parent[x]) {
      if (itemOf[x] >= 0) return itemOf[x];
      var p = N.parent[x];
      if (p >= 0 && itemOf[p] >= 0 && stubOf.has(p)) return stubOf.get(p);
    }
    return -1;
  }
  // The nodes on the path: the call stack after the step; once the search is over the
  // principal variation; otherwise (before it starts, between passes) the root of the pass
  // the step is in.
  function pathIds(st) {
    var out = [];
    if (st && st.rows.length) {
      for (var j = 0; j < st.rows.length; j++) out.push(st.rows[j].id);
    } else if (cur >= E && cur > 0) {
      var pv = [];
      for (var e = 0; e < nDrawn; e++) if (edgeG[e] && edgeG[e].classList.contains("pv")) pv.push(e);
      if (pv.length) {
        for (var x = pv[0]; itemParent[x] >= 0; x = itemParent[x]) out.unshift(itemId[itemParent[x]]);
        for (j = 0; j < pv.length; j++) out.push(itemId[pv[j]]);
      }
    }
    if (!out.length && rootItems.length) {
      var p = rootItems.length === PASSES.length ? passAt(cur) : 0;
      out.push(itemId[rootItems[p]]);
    }
    return out;
  }
  // The items on the path, making the items for nodes the drawing left in a stub (focused).
  function pathItems(st) {
    var ids = pathIds(st), out = [];
    for (var j = 0; j < ids.length; j++) {
      var i = itemOf[ids[j]];
      if (i < 0 && focusOn() && out.length) {
        makeKids(out[out.length - 1]);
        i = itemOf[ids[j]];
      }
      if (i < 0) i = itemFor(ids[j]);
      if (i >= 0 && out[out.length - 1] !== i) out.push(i);
    }
    return out;
  }
  function f1(v) { return v.toFixed(1); }
  function shift(i, dx, dy, k) {
    if (dxOf[i] === dx && dyOf[i] === dy && kOf[i] === k) return;
    dxOf[i] = dx;
    dyOf[i] = dy;
    kOf[i] = k;
    if (!nodeG[i]) return;
    if (!dx && !dy && k === 1) { nodeG[i].removeAttribute("transform"); return; }
    var c = baseCentre(i);
    nodeG[i].setAttribute("transform", k === 1 ? "translate(" + f1(dx) + "," + f1(dy) + ")" :
      "translate(" + f1(c[0] + dx) + "," + f1(c[1] + dy) + ") scale(" + k + ") translate(" + f1(-c[0]) + "," + f1(-c[1]) + ")");
  }
  // A point of item i's drawing where it is drawn now.
  function moved(i, x, y) {
    if (i < 0) return [x, y];
    var c = baseCentre(i), k = kOf[i];
    return [c[0] + dxOf[i] + (x - c[0]) * k, c[1] + dyOf[i] + (y - c[1]) * k];
  }
  // An edge where the figure drew it (the whole tree): its line and texts as drawn.
  function restoreEdge(i) {
    var g = edgeG[i];
    if (!g || !g.hasAttribute("data-moved")) return;
    g.removeAttribute("data-moved");
    for (var c = g.firstElementChild; c; c = c.nextElementSibling) {
      var o = c.getAttribute("data-o");
      if (!o) continue;
      var v = o.split(" "), names = c.tagName === "line" ? ["x1", "y1", "x2", "y2"] : ["x", "y"];
      for (var j = 0; j < names.length; j++) c.setAttribute(names[j], v[j]);
    }
  }
  function keep(c, names) {
    if (!c.hasAttribute("data-o")) c.setAttribute("data-o", names.map(function (a) { return c.getAttribute(a); }).join(" "));
  }
  // The focused tree's edge into item i: a line from its parent's shape to its own, the move
  // label centred just above the child, a cut's double stroke across the middle (and its words
  // beside it).
  function placeEdge(i) {
    var g = edgeG[i], p = itemParent[i];
    if (g && p < 0) {
      // A pass's root: its pass above it.
      var rc = centreOf(i), lb = g.firstElementChild;
      lb.setAttribute("x", f1(rc[0]));
      lb.setAttribute("y", f1(rc[1] - shapeSize(i)[1] * kOf[i] / 2 - 3.5));
      return;
    }
    if (!g || p < 0) return;
    g.setAttribute("data-moved", "1");
    var pc = centreOf(p), cc = centreOf(i);
    var ph = shapeSize(p)[1] * kOf[p] / 2, ch = shapeSize(i)[1] * kOf[i] / 2;
    // A move label stands in the edge just above the child: the line stops at it.
    var lab = g.querySelector(".label"), top = cc[1] - ch;
    var a = [pc[0], pc[1] + ph], b = [cc[0], lab && lab.textContent ? top - 13 : top];
    var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.max(1e-9, Math.sqrt(dx * dx + dy * dy));
    var ux = dx / len, uy = dy / len, nx = -uy, ny = ux, marks = 0;
    for (var c = g.firstElementChild; c; c = c.nextElementSibling) {
      var cls = c.getAttribute("class") || "";
      if (cls === "line") {
        keep(c, ["x1", "y1", "x2", "y2"]);
        c.setAttribute("x1", f1(a[0])); c.setAttribute("y1", f1(a[1]));
        c.setAttribute("x2", f1(b[0])); c.setAttribute("y2", f1(b[1]));
      } else if (cls === "label") {
        keep(c, ["x", "y"]);
        c.setAttribute("x", f1(cc[0]));
        c.setAttribute("y", f1(top - 3.5));
      } else if (cls === "cutmark" && c.tagName === "line") {
        keep(c, ["x1", "y1", "x2", "y2"]);
        var t = 0.5 * len + (marks++ ? 2.2 : -2.2), m = [a[0] + ux * t, a[1] + uy * t];
        c.setAttribute("x1", f1(m[0] - nx * 7)); c.setAttribute("y1", f1(m[1] - ny * 7));
        c.setAttribute("x2", f1(m[0] + nx * 7)); c.setAttribute("y2", f1(m[1] + ny * 7));
      } else if (cls === "cutmark") {
        keep(c, ["x", "y"]);
        c.setAttribute("x", f1(a[0] + ux * 0.5 * len + 9));
        c.setAttribute("y", f1(a[1] + uy * 0.5 * len + 3.5));
      }
    }
  }
  var labels = [];
  // The width of the name drawn beside item i (0: none), measured once.
  var nameWidths = [];
  function nameWidth(i) {
    if (nameWidths[i] === undefined) {
      var t = nodeG[i] ? nodeG[i].querySelector("text.name") : null;
      nameWidths[i] = t ? textWidth(t.textContent, +t.getAttribute("font-size") || 13) * (t.getAttribute("font-weight") ? 1.15 : 1) : 0;
    }
    return nameWidths[i];
  }
  function labelText(i) {
    if (labels[i] === undefined) {
      var t = edgeG[i] ? edgeG[i].querySelector(".label") : null;
      labels[i] = t ? t.textContent : "";
    }
    return labels[i];
  }
  function focusBadge(i, on) {
    var b = focusBadges.get(i);
    if (!on) { if (b) { b.remove(); focusBadges.delete(i); } return; }
    if (!b) {
      if (!nodeG[i] || folded[i]) return;
      b = badge(i, "fold-badge focus-badge");
      focusBadges.set(i, b);
    }
    // Drawn at full size under a node drawn small.
    var k = kOf[i] || 1, c = baseCentre(i), sh = shapeSize(i), w = +b.getAttribute("data-w");
    var y = c[1] + (sh[1] / 2 + 3) + 6 / k;
    b.setAttribute("transform", "translate(" + f1(c[0] - w / 2 / k) + "," + f1(y) + ") scale(" + (1 / k).toFixed(3) + ")");
  }
  // "⋯ n more" at one end of a fan: the moves not shown (a click shows them).
  var moreG = new Map();
  function moreGroup(p, side) {
    var key = p + side, g = moreG.get(key);
    if (!g) {
      g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "more");
      g.setAttribute("data-item", String(p));
      var r = document.createElementNS(SVGNS, "rect");
      r.setAttribute("height", "18");
      r.setAttribute("rx", "6");
      r.setAttribute("fill", "white");
      r.setAttribute("stroke", "#9A9A9A");
      r.setAttribute("stroke-dasharray", "3 2");
      var t = document.createElementNS(SVGNS, "text");
      t.setAttribute("font-size", "10");
      t.setAttribute("text-anchor", "middle");
      t.setAttribute("fill", "#505050");
      g.appendChild(r);
      g.appendChild(t);
      vp.appendChild(g);
      moreG.set(key, g);
    }
    return g;
  }
  function moreText(n) { return "⋯ " + thousands(n) + " more"; }
  function moreWidth(n) { return textWidth(moreText(n), SMALL) + 14; }
  function placeMore(g, x, y, list) {
    var t = moreText(list.length), w = moreWidth(list.length);
    g.firstChild.setAttribute("x", f1(x - w / 2));
    g.firstChild.setAttribute("y", f1(y - 9));
    g.firstChild.setAttribute("width", f1(w));
    g.lastChild.setAttribute("x", f1(x));
    g.lastChild.setAttribute("y", f1(y + 3.5));
    g.lastChild.textContent = t;
    g.moves = list;
    g.removeAttribute("display");
  }
  var depths = [];
  function depthOf(i) {
    if (depths[i] === undefined) depths[i] = itemParent[i] < 0 ? 0 : depthOf(itemParent[i]) + 1;
    return depths[i];
  }
  // The room item i takes left and right of its centre in the focused layout: its shape (drawn
  // small off the path), its move label, its badge; a path node also its window and visit order.
  function extent(i, small, onPath, collapsed) {
    var sh = shapeSize(i), half = sh[0] * (small ? CONTEXT : 1) / 2;
    var lab = textWidth(labelText(i), SMALL) / 2 + 3, l = Math.max(half, lab), r = l;
    // A named node's name stands left of its shape (scaled with it off the path).
    var nw = nameWidth(i);
    if (nw > 0) l = Math.max(l, half + (5 + nw) * (small ? CONTEXT : 1));
    if (collapsed) { var bw = badgeWidth(i) / 2; l = Math.max(l, bw); r = Math.max(r, bw); }
    if (onPath) {
      var b = boxOf(i), c = baseCentre(i);
      l = Math.max(l, c[0] - b.x);
      // (Its window changes as the search goes on: room for a wide one.)
      var wt = nodeG[i].querySelector(".window");
      var wide = Math.max(wt ? textWidth(wt.textContent, 11) : 0, WIDE_WINDOW);
      r = Math.max(r, b.x + b.w - c[0], wt ? half + 5 + wide + 2 : 0);
    }
    return [l, r];
  }
  // Lays out the focused tree along `path` for a panel `bw` × `bh` drawing units (Infinity: as
  // much room as it takes); returns the box it covers and the span [left, right] of the window.
  var GAP = 10, WIDE_WINDOW = textWidth(M ? "N 1,000 · UCT 1.000" : "[−100, −100]", 11);
  // Every drawn item measured at once, before the layout writes anything: measuring after a
  // write would make the browser lay the whole drawing out again, item after item.
  var measured = false;
  function measureAll() {
    if (measured) return;
    measured = true;
    for (var j = 0; j < nDrawn; j++) if (nodeG[j]) { baseCentre(j); boxOf(j); }
  }
  function layoutFocus(path, bw, bh) {
    measureAll();
    var onPath = [], j, x, i;
    for (j = 0; j < path.length; j++) for (x = path[j]; x >= 0 && !onPath[x]; x = itemParent[x]) onPath[x] = 1;
    // Make what the path and the opened subtrees need.
    for (j = 0; j < path.length; j++) makeKids(path[j]);
    expanded.forEach(function (on, e) { if (on) makeKids(e); });
    var deepest = path[path.length - 1];
    // The fans: the shown children of each path node, each with the child it centres on.
    var fans = [], grouped = [];
    var kidsShown = function (p) { return kids[p].filter(function (c) { return !madeStub(c); }); };
    for (j = 0; j < path.length; j++) {
      var p = path[j];
      if (folded[p] || !kids[p].length) continue;
      var ks = kidsShown(p), c = -1;
      if (!ks.length) continue;
      for (var q = 0; q < ks.length; q++) if (onPath[ks[q]]) c = q;
      if (c < 0) {
        // The row being searched: centred on the child entered last by now.
        c = 0;
        for (q = 0; q < ks.length; q++) if (itemId[ks[q]] >= 0 && enterAt[itemId[ks[q]]] > 0 && enterAt[itemId[ks[q]]] <= cur) c = q;
      }
      fans.push({ p: p, ks: ks, c: c, searched: p === deepest });
    }
    // The roots of a search in passes are a fan too, centred on the pass searched.
    if (rootItems.length > 1) fans.push({ p: -1, ks: rootItems, c: Math.max(0, rootItems.indexOf(path[0])), searched: false });
    var small = function (i) {
      var p = itemParent[i];
      return !onPath[i] && p !== deepest && !(p >= 0 && expanded[p]);
    };
    var collapsedNow = function (i) { return !onPath[i] && !expanded[i] && (kids[i].length > 0 || needsMaking(i)) && !folded[i]; };
    var exts = [];
    var ext = function (i) { return exts[i] || (exts[i] = extent(i, small(i), onPath[i], collapsedNow(i))); };
    // How far each fan reaches left and right of the path, laid out whole.
    var needL = 0, needR = 0;
    for (j = 0; j < fans.length; j++) {
      var f = fans[j], e0 = ext(f.ks[f.c]), lw = e0[0], rw = e0[1];
      for (q = f.c - 1; q >= 0; q--) { var eq = ext(f.ks[q]); lw += GAP + eq[0] + eq[1]; }
      for (q = f.c + 1; q < f.ks.length; q++) { eq = ext(f.ks[q]); rw += GAP + eq[0] + eq[1]; }
      f.lw = lw; f.rw = rw;
      needL = Math.max(needL, lw); needR = Math.max(needR, rw);
    }
    // The window: all of it when it fits; else the room goes where the fans reach.
    var L = needL, R = needR;
    if (needL + needR > bw) {
      var half = bw / 2;
      if (needL < half) { L = needL; R = bw - needL; }
      else if (needR < half) { R = needR; L = bw - needR; }
      else { L = R = half; }
    }
    // Each fan not opened by a click shows the moves that fit the window around its centre.
    var mores = [];
    for (j = 0; j < fans.length; j++) {
      f = fans[j];
      if ((f.p >= 0 && fanOpen[f.p]) || (f.p < 0 && rootsOpen) || (f.lw <= L + 0.5 && f.rw <= R + 0.5)) continue;
      e0 = ext(f.ks[f.c]);
      var usedR = e0[1], usedL = e0[0], hi = f.c, lo = f.c;
      for (q = f.c + 1; q < f.ks.length; q++) {
        eq = ext(f.ks[q]);
        var rest = f.ks.length - 1 - q, room = rest > 1 ? GAP + moreWidth(rest) : rest ? GAP + Math.max.apply(null, ext(f.ks[q + 1])) * 2 : 0;
        if (usedR + GAP + eq[0] + eq[1] + room > R) break;
        usedR += GAP + eq[0] + eq[1]; hi = q;
      }
      for (q = f.c - 1; q >= 0; q--) {
        eq = ext(f.ks[q]);
        rest = q;
        room = rest > 1 ? GAP + moreWidth(rest) : rest ? GAP + Math.max.apply(null, ext(f.ks[0])) * 2 : 0;
        if (usedL + GAP + eq[0] + eq[1] + room > L) break;
        usedL += GAP + eq[0] + eq[1]; lo = q;
      }
      if (lo > 0) mores.push({ p: f.p, side: "l", list: f.ks.slice(0, lo), next: f.ks[lo] });
      if (hi < f.ks.length - 1) mores.push({ p: f.p, side: "r", list: f.ks.slice(hi + 1), prev: f.ks[hi] });
      for (q = 0; q < f.ks.length; q++) if (q < lo || q > hi) grouped[f.ks[q]] = 1;
    }
    // What shows: the roots, and below every open item its children not grouped away.
    var want = [], todo = rootItems.filter(function (r) { return !grouped[r]; }).reverse(), openKids = [];
    while (todo.length) {
      i = todo.pop();
      want.push(i);
      var open = !folded[i] && (onPath[i] || expanded[i]);
      if (!open) continue;
      var ks2 = kidsShown(i);
      for (j = ks2.length - 1; j >= 0; j--) if (!grouped[ks2[j]]) todo.push(ks2[j]);
      openKids[i] = 1;
    }
    for (j = 0; j < want.length; j++) shownNow[want[j]] = 2;
    for (var o = 0; o < nItems; o++) {
      if (shownNow[o] === 2) { shownNow[o] = 1; continue; }
      shownNow[o] = 0;
      if (!hidden[o]) setHidden(o, true);
      if (dxOf[o] || dyOf[o] || kOf[o] !== 1) shift(o, 0, 0, 1);
      focusBadge(o, false);
    }
    moreG.forEach(function (g) { g.setAttribute("display", "none"); });
    svg.classList.add("focused");
    // Rows: each level's shown items (and "more" groups) in the drawing's order.
    var rows = [], moreAt = new Map();
    for (j = 0; j < mores.length; j++) moreAt.set(mores[j].side === "l" ? mores[j].next : mores[j].prev, mores[j]);
    for (j = 0; j < want.length; j++) {
      i = want[j];
      var d = depthOf(i), row = rows[d] || (rows[d] = []);
      var m = moreAt.get(i);
      if (m && m.side === "l") row.push(m);
      row.push(i);
      if (m && m.side === "r") row.push(m);
      var sib = !onPath[i];
      if (nodeG[i]) nodeG[i].classList.toggle("focus-sib", sib);
      if (edgeG[i]) edgeG[i].classList.toggle("focus-sib", sib);
    }
    // Across: the path runs straight down from the root; each row spreads to both sides of its
    // path item (or the item its fan centres on); a row without one sits under its parents.
    var spine = baseCentre(path[0])[0], xs = [], mx = new Map();
    var width = function (el) { if (typeof el === "number") { var e2 = ext(el); return e2; } var w2 = moreWidth(el.list.length) / 2; return [w2, w2]; };
    var centreOfRow = function (row2) {
      for (var r2 = 0; r2 < row2.length; r2++) if (typeof row2[r2] === "number" && onPath[row2[r2]]) return r2;
      for (r2 = 0; r2 < fans.length; r2++) if (fans[r2].searched) { var at2 = row2.indexOf(fans[r2].ks[fans[r2].c]); if (at2 >= 0) return at2; }
      return -1;
    };
    var put = function (el, v) { if (typeof el === "number") xs[el] = v; else mx.set(el, v); };
    var xOf = function (el) { return typeof el === "number" ? xs[el] : mx.get(el); };
    for (d = 0; d < rows.length; d++) {
      row = rows[d] || [];
      if (!row.length) continue;
      var ci = centreOfRow(row);
      if (ci >= 0) {
        put(row[ci], spine);
        var ec = width(row[ci]), right = spine + ec[1], left = spine - ec[0];
        for (q = ci + 1; q < row.length; q++) { var w3 = width(row[q]); put(row[q], right + GAP + w3[0]); right = xOf(row[q]) + w3[1]; }
        for (q = ci - 1; q >= 0; q--) { w3 = width(row[q]); put(row[q], left - GAP - w3[1]); left = xOf(row[q]) - w3[0]; }
      } else {
        var cursor = 0;
        for (q = 0; q < row.length; q++) { w3 = width(row[q]); put(row[q], cursor + w3[0]); cursor = xOf(row[q]) + w3[1] + GAP; }
        var ps = row.filter(function (el) { return typeof el === "number" && itemParent[el] >= 0; });
        var off = ps.length ? (xs[itemParent[ps[0]]] + xs[itemParent[ps[ps.length - 1]]]) / 2 - (xOf(row[0]) + xOf(row[row.length - 1])) / 2 : spine - xOf(row[0]);
        for (q = 0; q < row.length; q++) put(row[q], xOf(row[q]) + off);
      }
    }
    // Down: the rows as far apart as drawn, closer when the path is deeper than the panel.
    // (As many rows as the deepest path has, so the rows keep their places while the search
    // goes up and down.)
    var y0 = baseCentre(path[0])[1], pitch = PITCH, nRows = rows.length, levels = Math.max(nRows, treeDepth() + 1);
    if (levels > 1 && isFinite(bh)) pitch = Math.max(minPitch(), Math.min(1.6 * PITCH, (bh - ROW_ROOM) / (levels - 1)));
    var bx0 = Infinity, bx1 = -Infinity;
    for (j = 0; j < want.length; j++) {
      i = want[j];
      setHidden(i, false);
      var k = small(i) ? CONTEXT : 1, bc = baseCentre(i);
      shift(i, xs[i] - bc[0], y0 + depthOf(i) * pitch - bc[1], k);
      var ee = ext(i);
      bx0 = Math.min(bx0, xs[i] - ee[0]);
      bx1 = Math.max(bx1, xs[i] + ee[1]);
      focusBadge(i, collapsedNow(i));
    }
    for (j = 0; j < want.length; j++) placeEdge(want[j]);
    mores.forEach(function (m2) {
      var g2 = moreGroup(m2.p, m2.side), ref = m2.side === "l" ? m2.next : m2.prev;
      placeMore(g2, mx.get(m2), y0 + depthOf(ref) * pitch, m2.list);
      bx0 = Math.min(bx0, mx.get(m2) - moreWidth(m2.list.length) / 2);
      bx1 = Math.max(bx1, mx.get(m2) + moreWidth(m2.list.length) / 2);
    });
    dropMade(onPath);
    var top = y0 - 30, bottom = y0 + (nRows - 1) * pitch + 36;
    return { x0: bx0, x1: bx1, y0: top, y1: bottom, left: spine - L, right: spine + R, spine: spine, fits: bx1 - bx0 <= bw + 1 };
  }
  // The distance between rows as drawn (the root's and its first child's), and the least the
  // focused tree draws them apart (a row of labels and badges between the shapes).
  var PITCH = 70, ROW_ROOM = 66;
  // (Move labels and badges need room between the rows; a tree without move labels less.)
  function minPitch() { return labelled ? 56 : 46; }
  // The depth of the deepest node (computed once).
  var deepestLevel = -1;
  function treeDepth() {
    if (deepestLevel < 0) {
      var dd = new Int32Array(nNodes);
      deepestLevel = 0;
      for (var x = 0; x < nNodes; x++) if (N.parent[x] >= 0) { dd[x] = dd[N.parent[x]] + 1; if (dd[x] > deepestLevel) deepestLevel = dd[x]; }
    }
    return deepestLevel;
  }
  (function () {
    var r = rootItems[0];
    if (r >= 0 && kids[r] && kids[r].length && nodeG[kids[r][0]]) PITCH = Math.max(56, baseCentre(kids[r][0])[1] - baseCentre(r)[1]);
  })();
  // The whole tree, as drawn: every item not under a fold, where the figure put it.
  function layoutWhole() {
    var want = [], todo = rootItems.slice().reverse();
    while (todo.length) {
      var i = todo.pop();
      want.push(i);
      if (folded[i]) continue;
      for (var j = kids[i].length - 1; j >= 0; j--) if (kids[i][j] < nDrawn) todo.push(kids[i][j]);
    }
    for (j = 0; j < nItems; j++) shownNow[j] = 0;
    for (j = 0; j < want.length; j++) shownNow[want[j]] = 1;
    for (j = 0; j < nItems; j++) {
      if (!shownNow[j]) { if (!hidden[j]) setHidden(j, true); }
      else setHidden(j, false);
      if (dxOf[j] || dyOf[j] || kOf[j] !== 1) shift(j, 0, 0, 1);
      if (nodeG[j]) nodeG[j].classList.remove("focus-sib");
      if (edgeG[j]) { edgeG[j].classList.remove("focus-sib"); restoreEdge(j); }
    }
    focusBadges.forEach(function (b) { b.remove(); });
    focusBadges.clear();
    moreG.forEach(function (g) { g.setAttribute("display", "none"); });
    svg.classList.remove("focused");
  }
  var lastLayout = null;
  function relayout(st, force) {
    var path = focusOn() ? pathItems(st) : [];
    var key = path.join(",");
    if (!force && key === pathKey) return;
    pathKey = key;
    if (!focusOn()) { lastLayout = null; layoutWhole(); return; }
    var b = boxSize();
    lastLayout = layoutFocus(path, (b.w - 2 * MARGIN) / view.s, (b.h - 2 * MARGIN) / view.s);
  }
  // Fit, focused: the largest scale (at most 1.6) at which the tree fits the panel; when that
  // is below LEGIBLE, LEGIBLE (or what the panel's height asks, on a tree without move labels),
  // the fans grouped to the panel's width and the rows drawn closer to fit its height; the
  // window of the rows in the middle, the root at the top.
  function fitFocus() {
    var b = boxSize(), bw = b.w - 2 * MARGIN, bh = b.h - 2 * MARGIN, path = pathItems(stackAt(cur));
    var lay = layoutFocus(path, Infinity, Infinity), levels = treeDepth() + 1;
    // The height the deepest path takes with the rows as far apart as drawn, and at the least.
    var tall = ROW_ROOM + (levels - 1) * PITCH, least = ROW_ROOM + (levels - 1) * minPitch();
    var sw = bw / (lay.x1 - lay.x0), s = Math.min(1.6, sw, bh / tall);
    // Too wide to show whole at a legible size: the moves around the path, at a size a lecture
    // hall reads (if the panel is tall enough), the rest grouped.
    if (sw < LEGIBLE) s = Math.max(LEGIBLE, Math.min(COMFORT, bh / tall));
    // Deeper than the panel holds: the rows closer together, then smaller (down to the floor).
    if (s * least > bh) s = bh / least;
    // Never below LEGIBLE: a tree without moves has values and windows to read too (a deep
    // random tree was drawn at 0.65, its values 7.8 px); what does not fit is scrolled to
    // by following the search.
    s = Math.max(s, LEGIBLE);
    lay = layoutFocus(path, bw / s, bh / s);
    pathKey = path.join(",");
    lastLayout = lay;
    view.s = s;
    placeView(lay, true);
  }


  // Whether the tree has move labels (a game): they set the smallest scale.
  var labelled = !!vp.querySelector("g.edge .label");
  // Puts the focused layout in view: always when asked (`all`); when following, only if the
  // window of its rows (or the rows' top and bottom) left the panel.
  function placeView(lay, all) {
    var b = boxSize(), s = view.s;
    var span = Math.min(lay.right, lay.x1) - Math.max(lay.left, lay.x0);
    var mid = (Math.min(lay.right, lay.x1) + Math.max(lay.left, lay.x0)) / 2;
    var vx0 = (-view.x) / s, vx1 = (b.w - view.x) / s, vy0 = (-view.y) / s, vy1 = (b.h - view.y) / s;
    var wantX = all || span * s <= b.w - 2 * MARGIN + 2 ? (Math.max(lay.left, lay.x0) < vx0 || Math.min(lay.right, lay.x1) > vx1) : false;
    if (all || wantX) view.x = b.w / 2 - mid * s;
    if (all || lay.y0 < vy0 || lay.y1 > vy1) {
      if ((lay.y1 - lay.y0) * s <= b.h - 2 * MARGIN + 2 || all) view.y = MARGIN - lay.y0 * s;
    }
    apply();
  }
  function setFocus(on) {
    if (!focusBox) return;
    focusBox.checked = on;
    relayout(stackAt(cur), true);
    render(cur, true);
    fit();
    declutter();
  }
  if (focusBox) focusBox.addEventListener("change", function () { setFocus(focusBox.checked); });

  // ---- No text on another: after the focused layout, a text that would lie on a text of a
  // higher rank (or on another node's shape) is hidden; its node's tooltip still says it. The
  // ranks: the path's windows and every value, then the move labels, the "more" groups and the
  // badges, the visit order, a cut's words. ----
  var crowded = [];
  function declutter() {
    for (var j = 0; j < crowded.length; j++) crowded[j].classList.remove("crowded");
    crowded.length = 0;
    if (!focusOn()) return;
    var items = [], shapes = [];
    for (var i = 0; i < nItems; i++) {
      if (hidden[i] || !shownNow[i]) continue;
      var g0 = nodeG[i], k = kOf[i];
      if (g0) {
        var c = centreOf(i), sz = shapeSize(i);
        shapes.push({ x0: c[0] - sz[0] * k / 2, x1: c[0] + sz[0] * k / 2, y0: c[1] - sz[1] * k / 2, y1: c[1] + sz[1] * k / 2, o: i });
        var ts = g0.querySelectorAll("text");
        for (var t = 0; t < ts.length; t++) {
          var el2 = ts[t], cls = el2.getAttribute("class") || (el2.parentNode.classList.contains("fold-badge") ? "badge" : "");
          if (!el2.textContent || cls === "name") continue;
          var sib = g0.classList.contains("focus-sib");
          if (sib && (cls === "window" || cls === "order")) continue;
          if (cls === "badge") {
            // Drawn at full size from its anchor in the node's drawing (see focusBadge).
            var bg = el2.parentNode, bw2 = +bg.getAttribute("data-w"), m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(bg.getAttribute("transform"));
            if (!m) continue;
            var bp = moved(i, +m[1], +m[2]);
            items.push({ el: bg, rank: 3, o: i, x0: bp[0], x1: bp[0] + bw2, y0: bp[1] - 5, y1: bp[1] + 5 });
            continue;
          }
          var size = +el2.getAttribute("font-size") * k, w = textWidth(el2.textContent, size / (k || 1)) * k;
          var p0 = moved(i, +el2.getAttribute("x"), +el2.getAttribute("y") - 0.35 * size / k);
          var anchor = el2.getAttribute("text-anchor") || "start";
          var x0 = anchor === "middle" ? p0[0] - w / 2 : anchor === "end" ? p0[0] - w : p0[0];
          var rank = cls === "value" || (cls === "window" && !sib) ? 1 : cls === "order" ? 4 : 5;
          items.push({ el: el2, rank: rank, o: i, x0: x0, x1: x0 + w, y0: p0[1] - size / 2, y1: p0[1] + size / 2 });
        }
      }
      var e2 = edgeG[i];
      if (e2) {
        var es = e2.querySelectorAll("text");
        for (t = 0; t < es.length; t++) {
          var tx = es[t];
          if (!tx.textContent) continue;
          var isLab = tx.getAttribute("class") === "label", sz2 = +tx.getAttribute("font-size") || SMALL, w2 = textWidth(tx.textContent, sz2) * (tx.getAttribute("font-weight") ? 1.15 : 1);
          var x = +tx.getAttribute("x"), y = +tx.getAttribute("y") - 0.35 * sz2;
          var a2 = tx.getAttribute("text-anchor") || "start";
          var xl = a2 === "middle" ? x - w2 / 2 : a2 === "end" ? x - w2 : x;
          items.push({ el: tx, rank: isLab ? 2 : 5, o: i, x0: xl, x1: xl + w2, y0: y - sz2 / 2, y1: y + sz2 / 2 });
        }
      }
    }
    moreG.forEach(function (g1) {
      if (g1.getAttribute("display") === "none") return;
      var r = g1.firstChild;
      items.push({ el: g1.lastChild, rank: 2, o: -1, x0: +r.getAttribute("x"), x1: +r.getAttribute("x") + +r.getAttribute("width"), y0: +r.getAttribute("y"), y1: +r.getAttribute("y") + 18 });
    });
    items.sort(function (p, q) { return p.rank - q.rank; });
    var kept = [], hit = function (p, q) { return p.x0 < q.x1 - 0.5 && q.x0 < p.x1 - 0.5 && p.y0 < q.y1 - 0.5 && q.y0 < p.y1 - 0.5; };
    for (j = 0; j < items.length; j++) {
      var it2 = items[j], bad = false;
      for (var q = 0; q < kept.length && !bad; q++) bad = hit(it2, kept[q]);
      for (q = 0; q < shapes.length && !bad && it2.rank > 1; q++) bad = shapes[q].o !== it2.o && hit(it2, shapes[q]);
      if (!bad) { kept.push(it2); continue; }
      // A visit order goes with its circle.
      var gone = it2.rank === 4 ? it2.el.parentNode.querySelectorAll(".order") : [it2.el];
      for (q = 0; q < gone.length; q++) { gone[q].classList.add("crowded"); crowded.push(gone[q]); }
    }
  }

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
  // Picture k: a file's name, or (a page that keeps its pictures) its SVG joined from the
  // shared parts, as a data URL made once. Its runs are (first part, how many) pairs, packed,
  // each first part as the difference from the end of the run before (PackedBoards).
  var joined = {};
  function boardSrc(k) {
    var P = D.packed_boards;
    if (!P) return D.boards[k];
    if (!joined[k]) {
      var r = abvizUnpack(P.runs[k]), s = "", end = 0;
      for (var i = 0; i < r.length; i += 2) {
        var first = end + r[i];
        end = first + r[i + 1];
        for (var j = first; j < end; j++) s += P.parts[j];
      }
      joined[k] = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(s);
    }
    return joined[k];
  }
  function ownBoard(id) {
    if (N.board && N.board[id] >= 0) {
      var img = el("img");
      img.src = boardSrc(N.board[id]);
      img.alt = N.pos ? N.pos[id] : "position";
      return img;
    }
    if (N.pos && N.pos[id]) return el("pre", null, N.pos[id]);
    return null;
  }
  function fillTip(i) {
    tip.textContent = "";
    var id = itemId[i];
    if (id < 0) {
      var label = nodeG[i].querySelector(".value");
      tip.appendChild(el("div", "t", "Collapsed subtree" + (label ? ": " + label.textContent : "")));
      tip.appendChild(el("div", null, "Below " + N.name[itemId[itemParent[i]]] +
        ". The page draws at most a few thousand nodes; the stepper still walks through these. " +
        "Draw them with --collapse off or a smaller --max-depth."));
      return;
    }
    // A leaf has no player to move.
    tip.appendChild(el("div", "t", N.name[id] + (isLeaf(id) || (N.flags[id] & 64) ? "" : " (" + player(id) + ")")));
    var t = el("table");
    if (N.mv[id] >= 0 && D.labels[N.mv[id]] !== N.name[id]) row(t, "move", D.labels[N.mv[id]]);
    if (folded[i] || focusBadges.has(i)) row(t, "hidden below", thousands(belowCount(i)) + " nodes (a click shows them)");
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
    var more = e.target.closest ? e.target.closest("g.more") : null;
    var g = e.target.closest ? e.target.closest("g.node") : null;
    if (more && more.moves) {
      tip.textContent = "";
      tip.appendChild(el("div", "t", moreText(more.moves.length) + " moves"));
      tip.appendChild(el("div", null, more.moves.map(function (x) { return labelText(x) || N.name[itemId[x]]; }).join(" · ")));
      tip.appendChild(el("div", "note", "Not drawn, to keep the labels readable at this size: a click shows them all."));
    } else if (g) {
      fillTip(+g.getAttribute("data-item"));
    } else return;
    tip.hidden = false;
    placeTip(e);
  });
  svg.addEventListener("pointermove", function (e) { if (!tip.hidden) placeTip(e); });
  svg.addEventListener("pointerout", function (e) {
    var to = e.relatedTarget;
    if (!to || !to.closest || !to.closest("g.node, g.more")) hideTip();
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
      rows.push({ id: EV.focus[s], w: [EV.a[s], EV.b[s]], r: D.range ? [EV.lo[s], EV.hi[s]] : null, sum: EV.sum ? EV.sum[s] : -1, before: null });
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
    for (var j = i; j >= 0; j = itemParent[j]) if (hidden[j]) { i = itemParent[j]; exact = false; }
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
  var reached = document.getElementById("mcts-reached-rect");
  function mctsTexts(k) {
    for (var i = 0; i < nItems; i++) {
      var id = itemId[i];
      if (id < 0 || !nodeG[i]) continue;
      var m = mctsAt(id, k), v = nodeG[i].querySelector(".value"), b = nodeG[i].querySelector(".window");
      if (v) v.textContent = m ? num(m.w / m.n) : "";
      if (b) b.textContent = m ? "N " + m.n + (m.uct !== null ? " · UCT " + num(m.uct) : "") : "";
    }
    if (cursor) {
      var x = M.x0 + (M.x1 - M.x0) * (k > 0 ? M.it[k - 1] : 0) / Math.max(1, M.iterations);
      cursor.setAttribute("x1", x.toFixed(1));
      cursor.setAttribute("x2", x.toFixed(1));
      // The lines as far as the search has gone; the whole chart at the last step.
      if (reached) reached.setAttribute("width", (k >= E ? M.x1 + 4 : x + 0.5).toFixed(1));
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
      } else if (isChance(r.id)) {
        // A chance node has no best: the outcomes so far, weighted by their probabilities.
        tr2.appendChild(el("td", null, r.sum >= 0 ? "Σ " + S[r.sum] : "—"));
      } else if (isLeaf(r.id)) {
        // A leaf has no best so far: its value, once evaluated.
        var known = (finAt[r.id] > 0 && st.step >= finAt[r.id]) || (EV.k[st.step - 1] === EVAL && EV.node[st.step - 1] === r.id);
        tr2.appendChild(el("td", null, known ? S[N.v[r.id]] : "—"));
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
    counter.textContent = "Step " + thousands(k) + " of " + thousands(E);
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
      for (var i = 0; i < nItems; i++) if (nodeG[i]) setState(i, itemState(i, k));
    } else if (k !== cur) {
      var t = touched(Math.max(k, cur));
      for (var j = 0; j < t.length; j++) setState(t[j], itemState(t[j], k));
    }
    cur = k;
    var st = stackAt(k);
    // Following the search into a subtree the drawing left in a stub: the page shows the path
    // (focused), making the stub's nodes as it goes.
    var refit = false;
    if (!focusOn() && focusBox && follow.checked && st && st.top >= 0 && itemOf[st.top] < 0) {
      focusBox.checked = true;
      refit = true;
    }
    if (focusOn()) relayout(st, refit);
    highlight(k, st);
    renderPanels(k, st);
    writeHash();
    if (refit) fitFocus();
    declutter();
    if (follow.checked && st && st.top >= 0) {
      if (focusOn() && lastLayout) placeView(lastLayout, false);
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
    render(forward());
    timer = setTimeout(tick, 1000 / (+speed.value || 1));
  }
  function play() {
    if (timer) { pause(); return; }
    if (cur >= E) render(0, true);
    playBtn.textContent = "Pause ❚❚";
    timer = setTimeout(tick, 0);
  }
  function go(k) { pause(); render(k); }
  // --steps coarse|medium: → and ← (and Play) go from stop to stop of that pace, the steps the
  // trace's timeline chose (D.stops, 1-based), while a box beside the buttons is ticked.
  var STOPS = D.stops ? D.stops.steps : null, paced = null;
  if (STOPS) {
    var nextBtn = document.getElementById("next");
    var paceLabel = el("label", "pace");
    paced = el("input");
    paced.type = "checkbox";
    paced.checked = true;
    paced.id = "pace";
    paceLabel.appendChild(paced);
    paceLabel.appendChild(document.createTextNode(" " + D.stops.pace + " steps"));
    paceLabel.title = "→ and ← go from stop to stop (" + STOPS.length + " stops); untick to step through every event";
    if (nextBtn && nextBtn.parentNode) nextBtn.parentNode.insertBefore(paceLabel, nextBtn.nextSibling);
  }
  function forward() {
    if (!paced || !paced.checked) return cur + 1;
    for (var j = 0; j < STOPS.length; j++) if (STOPS[j] > cur) return STOPS[j];
    return E;
  }
  function backward() {
    if (!paced || !paced.checked) return cur - 1;
    for (var j = STOPS.length - 1; j >= 0; j--) if (STOPS[j] < cur) return STOPS[j];
    return 0;
  }
  function nextCut() { for (var j = 0; j < cutSteps.length; j++) if (cutSteps[j] > cur) { go(cutSteps[j]); return; } }
  function prevCut() { for (var j = cutSteps.length - 1; j >= 0; j--) if (cutSteps[j] < cur) { go(cutSteps[j]); return; } }
  function on(id, f) { var b = document.getElementById(id); if (b) b.addEventListener("click", f); }
  on("first", function () { go(0); });
  on("prev", function () { go(backward()); });
  on("play", play);
  on("next", function () { go(forward()); });
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
      case "ArrowRight": go(forward()); break;
      case "ArrowLeft": go(backward()); break;
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
  // Printing: the whole tree at the page's width (the figure's own viewBox), with the summary
  // open; then back.
  var summary = document.getElementById("summary"), summaryWasOpen = false;
  window.addEventListener("beforeprint", function () {
    var t = focusOn() ? shownBounds() : { x: 0, y: 0, w: W, h: H };
    svg.setAttribute("viewBox", [t.x, t.y, t.w, t.h].map(function (v) { return v.toFixed(1); }).join(" "));
    vp.removeAttribute("transform");
    if (summary) { summaryWasOpen = summary.open; summary.open = true; }
  });
  window.addEventListener("afterprint", function () {
    svg.removeAttribute("viewBox");
    boxCache = null;
    apply();
    if (summary) summary.open = summaryWasOpen;
  });

  (function initialView() {
    // On a wide window the tree fills the panel beside the stepper (the stylesheet sizes it);
    // otherwise the box is as tall as the tree needs at the scale it will be shown, within 62%
    // of the window. A tree that does not fit at 75% or more (the textbook figures do) starts
    // focused on the path; either way it starts fitted.
    var filled = getComputedStyle(box).flexGrow === "1";
    var b = boxSize(), bh = filled ? b.h : window.innerHeight * 0.62;
    var wide = Math.min(1.6, b.w / W, bh / H), s = wide >= 0.75 ? wide : 1;
    if (focusBox && wide < 0.75) focusBox.checked = true;
    if (!filled) svg.style.height = Math.round(Math.min(window.innerHeight * 0.62, Math.max(260, H * s + 8))) + "px";
    boxCache = null;
  })();
  render(stepFromHash() || 0, true);
  fit();
  declutter();
});
