/* abviz page data: decoding the compact columns, node names and the narration.
 *
 * abviz writes the page's data compactly (see crates/abviz-draw/src/html_data.rs and
 * docs/html.md): numbers are packed into strings (abvizUnpack); `up` and `prev` count steps
 * back; parents are ids back; a node's visit order and steps are differences from the node
 * before's; the event node, child, focus and window columns are differences from what the step
 * before lets one expect; columns named in `delta` are differences again (abvizUndelta); runs of
 * one number are written once with a count; only the input's own names are stored. abvizDecode turns that into
 * plain columns. The sentences are the library's own: each step names its template (`tpl`,
 * written by the Rust narration from the event table) and abvizNarrator fills the template's
 * slots from the columns and the step's own values (`args`) — one generic filler, no wording of
 * its own; tests/browser/pages.rs checks every sentence word for word against the library's.
 * User text (names, moves) is only ever returned as strings, for textContent. */

/* A packed column (Packed in crates/abviz-draw/src/html_data.rs) as an Int32Array: zigzag
 * numbers in base 32, lowest group first, the last group's digit from A–f, the others' from
 * g–_; `~` and a count (unsigned, same digits) repeats the number before that many times. */
function abvizUnpack(s) {
  "use strict";
  var digit = abvizUnpack.digit;
  if (!digit) {
    var last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef", more = "ghijklmnopqrstuvwxyz0123456789-_";
    digit = abvizUnpack.digit = new Uint8Array(128).fill(255);
    for (var j = 0; j < 32; j++) { digit[last.charCodeAt(j)] = j; digit[more.charCodeAt(j)] = 32 + j; }
    digit[126] = 64; // "~"
  }
  // First the count: numbers, and the repeats a "~" adds.
  var count = 0, i, d, z = 0, m = 1, repeat = false;
  for (i = 0; i < s.length; i++) {
    d = digit[s.charCodeAt(i)];
    if (d === 64) { repeat = true; continue; }
    if (!repeat) { if (d < 32) count++; continue; }
    if (d < 32) { count += z + d * m; z = 0; m = 1; repeat = false; } else { z += (d - 32) * m; m *= 32; }
  }
  var out = new Int32Array(count), k = 0;
  z = 0; m = 1; repeat = false;
  for (i = 0; i < s.length; i++) {
    d = digit[s.charCodeAt(i)];
    if (d === 64) {
      repeat = true;
    } else if (d < 32) {
      z += d * m;
      if (repeat) { out.fill(out[k - 1], k, k + z); k += z; repeat = false; }
      else out[k++] = z % 2 ? -(z + 1) / 2 : z / 2;
      z = 0;
      m = 1;
    } else {
      z += (d - 32) * m;
      m *= 32;
    }
  }
  return out;
}

/* Undoes the differences of the columns D.delta names (Column in html_data.rs): a node
 * column's from the node before's number, a step column's from the last step with the same
 * template (ev.k, still the template's number). */
function abvizUndelta(D) {
  "use strict";
  var T = D.ev.k;
  (D.delta || []).forEach(function (name) {
    var dot = name.indexOf("."), col = D[name.slice(0, dot)][name.slice(dot + 1)], i;
    if (name.slice(0, dot) === "n") {
      for (i = 1; i < col.length; i++) col[i] += col[i - 1];
    } else {
      var last = new Int32Array(D.tpl.length);
      for (i = 0; i < col.length; i++) last[T[i]] = col[i] += last[T[i]];
    }
  });
}

/* Decodes D in place into plain columns: n.parent (−1: a root); ev.t (the step's template), ev.k
 * (its kind: the page's number for it, D.kind by name), ev.f (its flag: a bound, a finished game, a β-cutoff),
 * ev.arg (the index of its values in D.args, −1: none), up and prev (steps, −1: none), node,
 * child, focus (−1: none), a and b (score indices); n.pos by id. */
function abvizDecode(D) {
  "use strict";
  [D.n, D.ev, D.cut, D.items].forEach(function (cols) {
    for (var key in cols) if (typeof cols[key] === "string") cols[key] = abvizUnpack(cols[key]);
  });
  abvizUndelta(D);
  // The page's number of each event kind by its name (D.kinds is in the page's order): scripts
  // read D.kind.cutoff, never a number, so a kind added anywhere in the table changes nothing.
  var codes = {};
  D.kinds.forEach(function (name, code) { codes[name] = code; });
  D.kind = new Proxy(codes, {
    get: function (t, name) {
      if (typeof name === "string" && !(name in t)) throw new Error("abviz: no event kind named " + name);
      return t[name];
    }
  });
  var EV = D.ev, N = D.n, E = EV.k.length, n = N.parent.length;
  var parent = N.parent, pre = N.pre, post = N.post, enter = N.enter, fin = N.fin, cutAt = N.cut_at;
  for (var id = 0; id < n; id++) {
    parent[id] = parent[id] ? id - parent[id] : -1;
    // Differences from the node before (see NodeData in crates/abviz-draw/src/html_data.rs).
    var b = id > 0 ? id - 1 : -1;
    if (b >= 0) { pre[id] += pre[b]; post[id] += post[b]; enter[id] += fin[b]; cutAt[id] += cutAt[b]; }
    fin[id] += enter[id];
  }
  var kind = new Uint8Array(E), flag = new Uint8Array(E), up = new Int32Array(E), prev = new Int32Array(E);
  var arg = new Int32Array(E), T = D.tpl, nargs = 0, withChild = new Uint8Array(256);
  for (var t = 0; t < D.second.length; t++) withChild[D.second[t]] = 1;
  // Whether a template has slots filled from the step's own values ({$0}, {who $1}, …).
  var shipping = T.map(function (x) { return /\{[^}]*\$/.test(x[2]); });
  var node = new Int32Array(E), child = new Int32Array(E), focus = new Int32Array(E);
  var a = new Int32Array(E), b = new Int32Array(E);
  // The state before step k (see EventData in crates/abviz-draw/src/html_data.rs).
  var lastNode = -1, lastChild = -1, lastFocus = -1, lastA = 0, lastB = 0;
  for (var k = 0; k < E; k++) {
    var kk = T[EV.k[k]][0];
    kind[k] = kk;
    flag[k] = T[EV.k[k]][1];
    arg[k] = shipping[EV.k[k]] ? nargs++ : -1;
    up[k] = EV.up[k] ? k - EV.up[k] : -1;
    prev[k] = EV.prev[k] ? k - EV.prev[k] : -1;
    var expectedChild = lastChild >= 0 ? lastChild : lastNode;
    lastNode = node[k] = lastNode + EV.node[k];
    // Some kinds name a second node (D.second: update, cutoff, select, expand, …).
    lastChild = child[k] = withChild[kk] ? expectedChild + EV.child[k] : -1;
    var expectedFocus = lastNode < 0 ? lastFocus : lastNode;
    lastFocus = focus[k] = expectedFocus + EV.focus[k];
    lastA = a[k] = lastA + EV.a[k];
    lastB = b[k] = lastB + EV.b[k];
  }
  EV.t = EV.k;
  EV.k = kind;
  EV.f = flag;
  EV.arg = arg;
  EV.up = up;
  EV.prev = prev;
  EV.node = node;
  EV.child = child;
  EV.focus = focus;
  EV.a = a;
  EV.b = b;
  // Positions: [id, text] pairs, looked up by id.
  if (N.pos) {
    var pos = {};
    for (k = 0; k < N.pos.length; k++) pos[N.pos[k][0]] = N.pos[k][1];
    N.pos = pos;
  }
}

/* name(id): what a student calls node id (Trace::display_name); say(e): the sentence of event e
 * (0-based): its template from D.tpl, filled as narration/sentence.rs fills it. */
function abvizNarrator(D) {
  "use strict";
  var N = D.n, EV = D.ev, S = D.scores, CUT = D.cut, L = D.labels;
  var n = N.parent.length, E = EV.k.length;
  var named = new Map();
  for (var i = 0; i < D.named.length; i++) named.set(D.named[i][0], D.named[i][1]);

  // Children in id order (move order), as index ranges: kids[start[p] .. start[p + 1]).
  var start = new Uint32Array(n + 1), kids = new Uint32Array(n), index = new Uint32Array(n);
  for (i = 0; i < n; i++) if (N.parent[i] >= 0 && N.parent[i] < n) start[N.parent[i] + 1]++;
  for (i = 0; i < n; i++) start[i + 1] += start[i];
  var fill = start.slice(0, n);
  for (i = 0; i < n; i++) {
    var p = N.parent[i];
    if (p >= 0 && p < n) { index[i] = fill[p] - start[p]; kids[fill[p]++] = i; }
  }
  function childCount(id) { return start[id + 1] - start[id]; }

  // ---- Names (crates/abviz-trace/src/names.rs): the moves below the nearest named node or root, a long
  // chain keeping its first HEAD and last TAIL moves. ----
  var HEAD = 4, TAIL = 4, WHOLE = 12;
  var anchor = new Int32Array(n), head = new Int32Array(n).fill(-1), depth = new Uint32Array(n);
  for (i = 0; i < n; i++) {
    p = N.parent[i];
    if (p < 0 || p >= i || named.has(i)) {
      anchor[i] = i;
      depth[i] = p < 0 || p >= i ? 0 : depth[p] + 1;
      continue;
    }
    anchor[i] = anchor[p];
    depth[i] = depth[p] + 1;
    head[i] = depth[i] - depth[anchor[i]] === HEAD ? i : head[p];
  }
  function label(id) { return N.mv[id] >= 0 ? L[N.mv[id]] : ""; }
  var DIGITS = /^[0-9]+$/, ENDS_DIGIT = /[0-9]$/, ANNOTATED = /^([^]*) \([+\-−]?[0-9]+\)$/;
  // names.rs move_name: a trailing number in brackets (Jiu's process score) is left out.
  function moveName(l) { var m = ANNOTATED.exec(l); return m ? m[1] : l; }
  function pushMove(name, x, pos, anchorNamed) {
    var l = moveName(label(x)), numeric = DIGITS.test(l);
    if (pos === 1 && !anchorNamed) return (numeric ? "node " : "") + l;
    if (!numeric) return name + " " + l;
    return ENDS_DIGIT.test(name) ? name + "." + l : name + l;
  }
  function upward(from, count) {
    var chain = new Array(count);
    for (var j = count - 1, x = from; j >= 0; j--, x = N.parent[x]) chain[j] = x;
    return chain;
  }
  function nameAlong(chain) {
    var own = named.get(chain[0]), isNamed = own !== undefined;
    var name = isNamed ? own : "root", pos = 0;
    for (var j = 1; j < chain.length; j++) {
      if (chain[j] < 0) { name += ENDS_DIGIT.test(name) ? "…" : " …"; pos = WHOLE; continue; }
      pos++;
      name = pushMove(name, chain[j], pos, isNamed);
    }
    return name;
  }
  var CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
  function name(id) {
    var below = depth[id] - depth[anchor[id]], s;
    if (below <= WHOLE) {
      s = nameAlong(upward(id, below + 1));
    } else {
      var chain = upward(head[id], HEAD + 1);
      chain.push(-1);
      s = nameAlong(chain.concat(upward(id, TAIL))) + " (depth " + depth[id] + ")";
    }
    return s.replace(CONTROL, " ");
  }

  // ---- How sentences name nodes (narration/mod.rs: who, leaf_name). ----
  function statusOf(id) { return (N.flags[id] >> 1) & 7; }
  function evaluated(id) { var s = statusOf(id); return s === 0 || s === 1; }
  function player(id) { return N.flags[id] & 128 ? "chance" : N.flags[id] & 1 ? "MIN" : "MAX"; }
  function isLeaf(id) { return childCount(id) === 0 && (evaluated(id) || (N.flags[id] & 64) !== 0); }
  // The score index a figure writes in an unnamed leaf of a tree (−1: none).
  function figureValue(id) {
    if (D.is_game || named.has(id)) return -1;
    return statusOf(id) !== 4 || N.flags[id] & 64 ? N.v[id] : -1;
  }
  function leafName(id) {
    var v = figureValue(id), p = N.parent[id];
    if (v < 0 || p < 0) return "the leaf " + name(id);
    var parent = N.parent[p] < 0 && !named.has(p) ? "the root" : name(p), twins = 0;
    for (var j = start[p]; j < start[p + 1]; j++) if (kids[j] !== id && figureValue(kids[j]) === v) twins++;
    return "the leaf " + S[v] + " under " + parent + (twins ? " (child " + (index[id] + 1) + ")" : "");
  }
  function who(id) { return isLeaf(id) ? leafName(id) : name(id) + " (" + player(id) + ")"; }
  function capitalWho(id) { var s = who(id); return s.indexOf("the ") === 0 ? "The " + s.slice(4) : s; }
  function nameList(xs) {
    return xs.length < 2 ? xs.join("") : xs.slice(0, -1).join(", ") + " and " + xs[xs.length - 1];
  }

  // ---- The slots' sources: the step's columns, the cutoff table, the step's values. ----
  // The cutoff table's rows in event order: the row of the cutoff at event e.
  var CUTOFF = D.kind.cutoff, cutEvents = [];
  for (i = 0; i < E; i++) if (EV.k[i] === CUTOFF) cutEvents.push(i);
  function cutRow(e) {
    var lo = 0, hi = cutEvents.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (cutEvents[mid] < e) lo = mid + 1; else hi = mid; }
    return lo;
  }
  // The children of the cutoff's node after its child that are pruned by step e.
  function prunedAt(c, e) {
    var entered = N.enter[c] > 0 && N.enter[c] - 1 <= e;
    return !entered && N.cut_at[c] > 0 && N.cut_at[c] - 1 <= e;
  }
  function pruned(e) {
    var id = EV.node[e], child = EV.child[e], out = [];
    for (var j = start[id]; j < start[id + 1]; j++) {
      var x = kids[j];
      if (index[x] > index[child] && prunedAt(x, e)) out.push(x);
    }
    return out;
  }
  var SCORES = { value: "v", alpha: "a", beta: "b" };
  // What slot `name` of step e takes: [value, "node" | "nodes" | "score" | "text"].
  function source(name, e) {
    if (name.charAt(0) === "$") {
      var v = D.args[EV.arg[e]][+name.slice(1)];
      return [v, typeof v === "number" ? "node" : Array.isArray(v) ? "nodes" : "text"];
    }
    if (SCORES[name]) return [EV[SCORES[name]][e], "score"];
    if (name === "node") return [EV.node[e], "node"];
    if (name === "child") return [EV.child[e], "node"];
    if (name === "bound_from") return [CUT.from[cutRow(e)], "node"];
    if (name === "pruned") return [pruned(e), "nodes"];
    return ["", "text"];
  }

  // ---- The generic filler (narration/sentence.rs: parts, write_slot, node_text). ----
  function nodeText(format, id) {
    switch (format) {
      case "who": return who(id);
      case "Who": return capitalWho(id);
      case "player": return player(id);
      case "move": return label(id) || name(id);
      case "value": return figureValue(id) >= 0 ? S[figureValue(id)] : "";
      default: return name(id);
    }
  }
  var LISTS = { and: 1, ends: 1, count: 1 };
  // A template as parts: text, or a slot {list, format, name}; each template parsed once.
  var parsed = [];
  function parts(t) {
    if (parsed[t]) return parsed[t];
    var text = D.tpl[t][2], out = [], at = 0;
    while (at < text.length) {
      var open = text.indexOf("{", at);
      if (open < 0) { out.push(text.slice(at)); break; }
      if (open > at) out.push(text.slice(at, open));
      var close = text.indexOf("}", open), words = text.slice(open + 1, close).split(" ");
      var slot = { name: words.pop(), list: null, format: null };
      if (words.length && LISTS[words[0]]) slot.list = words.shift();
      if (words.length) slot.format = words[0];
      out.push(slot);
      at = close + 1;
    }
    return (parsed[t] = out);
  }
  function fillSlot(slot, e) {
    var got = source(slot.name, e), v = got[0];
    if (got[1] === "score") return S[v];
    if (got[1] === "node") return nodeText(slot.format, v);
    if (got[1] === "nodes") {
      var items = v.map(function (x) { return nodeText(slot.format, x); });
      if (slot.list === "count") return String(items.length);
      if (slot.list === "ends" && items.length > 4) {
        return items[0] + ", " + items[1] + ", " + items[2] + ", …, " + items[items.length - 1];
      }
      return nameList(items);
    }
    return v;
  }
  function say(e) {
    if (e < 0 || e >= E) return "";
    var ps = parts(EV.t[e]), out = "";
    for (var j = 0; j < ps.length; j++) out += typeof ps[j] === "string" ? ps[j] : fillSlot(ps[j], e);
    return out;
  }
  return { name: name, say: say };
}

/* A packed page (PageOptions::pack in crates/abviz-draw/src/html.rs) keeps its tree drawing and its data
 * gzipped, in base64, in two inert script blocks, each with its inflated length in data-bytes.
 * They are inflated here (DecompressionStream) and put where a plain page has them — the drawing
 * into the tree panel, parsed as the page itself would parse it, the data as the "abviz-data"
 * block — and then `start` runs. A plain page starts at once. A block that is missing, not
 * base64, cut short or of another length is said in the tree panel. */
function abvizInflated(start) {
  "use strict";
  var tree = document.getElementById("abviz-packed-tree");
  if (!tree) { start(); return; }
  var box = document.getElementById("tree-box");
  if (typeof DecompressionStream === "undefined") {
    box.textContent = "This page keeps its tree compressed, and this browser cannot inflate it " +
      "(it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).";
    return;
  }
  function inflate(id) {
    var block = document.getElementById(id);
    if (!block) throw new Error("the block " + id + " is missing");
    var bin = atob(block.textContent), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (buf) {
      if (buf.byteLength !== +block.getAttribute("data-bytes")) {
        throw new Error("the block " + id + " inflates to " + buf.byteLength + " bytes, not " +
          block.getAttribute("data-bytes"));
      }
      return new TextDecoder().decode(buf);
    });
  }
  Promise.resolve().then(function () {
    return Promise.all([inflate("abviz-packed-tree"), inflate("abviz-packed-data")]);
  }).then(function (r) {
    box.insertAdjacentHTML("afterbegin", r[0]);
    var data = document.createElement("script");
    data.type = "application/json";
    data.id = "abviz-data";
    data.textContent = r[1];
    document.body.appendChild(data);
    return true;
  }, function (e) {
    box.textContent = "This page's tree could not be inflated: it is damaged or cut short (" +
      (e && e.message ? e.message : e) + ").";
    return false;
  }).then(function (inflated) {
    // Outside the handler above: an error of the stepper's own is reported as itself.
    if (inflated) start();
    // Said on the body once the page is ready (or cannot be), for whoever waits for it.
    document.body.dataset.packed = inflated ? "inflated" : "damaged";
  });
}
