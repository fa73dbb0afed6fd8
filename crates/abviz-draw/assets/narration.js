/* abviz page data: decoding the compact columns, node names and the narration.
 *
 * abviz writes the page's data compactly (see src/export/html_data.rs and docs/html.md): numbers
 * are packed into strings (abvizUnpack); event kinds carry a flag in their high bits; `up` and
 * `prev` count steps back; parents are ids back; a node's visit order and steps are differences
 * from the node before's; the event node, child, focus and window columns are differences from
 * what the step before lets one expect; only the input's own names are stored. abvizDecode turns
 * that into plain columns. abvizNarrator words each event from the columns as
 * src/trace/narration.rs does — the same sentences, checked word for word against the Rust
 * narration for every step of a varied set of searches in tests/browser.rs. The rarer events
 * (re-searches, passes, the transposition table, MCTS) come as stored sentences.
 * User text (names, moves) is only ever returned as strings, for textContent. */

/* A packed column (Packed in src/export/html_data.rs) as an Int32Array: zigzag numbers in
 * base 32, lowest group first, the last group's digit from A–f, the others' from g–_. */
function abvizUnpack(s) {
  "use strict";
  var digit = abvizUnpack.digit;
  if (!digit) {
    var last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef", more = "ghijklmnopqrstuvwxyz0123456789-_";
    digit = abvizUnpack.digit = new Uint8Array(128).fill(255);
    for (var j = 0; j < 32; j++) { digit[last.charCodeAt(j)] = j; digit[more.charCodeAt(j)] = 32 + j; }
  }
  var count = 0, i;
  for (i = 0; i < s.length; i++) if (digit[s.charCodeAt(i)] < 32) count++;
  var out = new Int32Array(count), z = 0, m = 1, k = 0;
  for (i = 0; i < s.length; i++) {
    var d = digit[s.charCodeAt(i)];
    if (d < 32) {
      z += d * m;
      out[k++] = z % 2 ? -(z + 1) / 2 : z / 2;
      z = 0;
      m = 1;
    } else {
      z += (d - 32) * m;
      m *= 32;
    }
  }
  return out;
}

/* Decodes D in place into plain columns: n.parent (−1: a root); ev.k (the kind), ev.f (its
 * flag: a bound, a finished game, a β-cutoff), up and prev (steps, −1: none), node, child,
 * focus (−1: none), a and b (score indices); n.pos by id. */
function abvizDecode(D) {
  "use strict";
  [D.n, D.ev, D.cut, D.items].forEach(function (cols) {
    for (var key in cols) if (typeof cols[key] === "string") cols[key] = abvizUnpack(cols[key]);
  });
  var EV = D.ev, N = D.n, E = EV.k.length, n = N.parent.length;
  var parent = N.parent, pre = N.pre, post = N.post, enter = N.enter, fin = N.fin, cutAt = N.cut_at;
  for (var id = 0; id < n; id++) {
    parent[id] = parent[id] ? id - parent[id] : -1;
    // Differences from the node before (see NodeData in src/export/html_data.rs).
    var b = id > 0 ? id - 1 : -1;
    if (b >= 0) { pre[id] += pre[b]; post[id] += post[b]; enter[id] += fin[b]; cutAt[id] += cutAt[b]; }
    fin[id] += enter[id];
  }
  var kind = new Uint8Array(E), flag = new Uint8Array(E), up = new Int32Array(E), prev = new Int32Array(E);
  var node = new Int32Array(E), child = new Int32Array(E), focus = new Int32Array(E);
  var a = new Int32Array(E), b = new Int32Array(E);
  // The state before step k (see EventData::encode in src/export/html.rs).
  var lastNode = -1, lastChild = -1, lastFocus = -1, lastA = 0, lastB = 0;
  for (var k = 0; k < E; k++) {
    var kk = EV.k[k] & 31;
    kind[k] = kk;
    flag[k] = EV.k[k] >> 5;
    up[k] = EV.up[k] ? k - EV.up[k] : -1;
    prev[k] = EV.prev[k] ? k - EV.prev[k] : -1;
    var expectedChild = lastChild >= 0 ? lastChild : lastNode;
    lastNode = node[k] = lastNode + EV.node[k];
    // Update, cutoff, select and expand name a second node.
    lastChild = child[k] = kk === 2 || kk === 3 || kk === 12 || kk === 13 ? expectedChild + EV.child[k] : -1;
    var expectedFocus = lastNode < 0 ? lastFocus : kk === 4 ? parent[lastNode] : lastNode;
    lastFocus = focus[k] = expectedFocus + EV.focus[k];
    lastA = a[k] = lastA + EV.a[k];
    lastB = b[k] = lastB + EV.b[k];
  }
  EV.k = kind;
  EV.f = flag;
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
 * (0-based), as narration::say writes it. */
function abvizNarrator(D) {
  "use strict";
  var N = D.n, EV = D.ev, S = D.scores, CUT = D.cut, L = D.labels;
  var n = N.parent.length, E = EV.k.length;
  var ENTER = 0, EVAL = 1, UPDATE = 2, CUTOFF = 3, EXIT = 4;
  var named = new Map();
  for (var i = 0; i < D.named.length; i++) named.set(D.named[i][0], D.named[i][1]);
  var stored = new Map();
  for (i = 0; i < D.say.length; i++) stored.set(D.say[i][0], D.say[i][1]);

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

  // ---- Names (src/trace/names.rs): the moves below the nearest named node or root, a long
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

  // ---- How sentences name nodes (narration.rs: who, leaf_name). ----
  function statusOf(id) { return (N.flags[id] >> 1) & 7; }
  function evaluated(id) { var s = statusOf(id); return s === 0 || s === 1; }
  function player(id) { return N.flags[id] & 1 ? "MIN" : "MAX"; }
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
  function boundWords(bound, v) {
    if (bound === 1) return " (a lower bound: its true value is at least " + v + ")";
    if (bound === 2) return " (an upper bound: its true value is at most " + v + ")";
    return "";
  }

  // ---- One function per kind, as in narration.rs. ----
  function enter(e) {
    var id = EV.node[e], root = N.parent[id] < 0, what;
    if (root && !named.has(id)) what = "Start at the root (" + player(id) + ")";
    else if (root) what = "Start at the root " + who(id);
    else if (evaluated(id)) what = "Visit " + who(id);
    else what = "Enter " + who(id);
    return D.windowed ? what + " with α = " + S[EV.a[e]] + ", β = " + S[EV.b[e]] + "." : what + ".";
  }
  function evaluation(e) {
    var id = EV.node[e], v = S[EV.v[e]];
    if (!D.is_game) return "Evaluate " + who(id) + ": " + v + ".";
    if (EV.f[e] & 1) return name(id) + " is a finished game: its value is " + v + ".";
    return "The depth limit is reached at " + name(id) + ": its static evaluation is " + v + ".";
  }
  function update(e) {
    var p = EV.node[e], child = EV.child[e], v = S[EV.v[e]], a = S[EV.a[e]], b = S[EV.b[e]];
    var head = (isLeaf(child) ? capitalWho(child) : name(child)) + " returns " + v + " to " + who(p);
    var before = EV.prev[e] >= 0 ? EV.prev[e] : e, max = !(N.flags[p] & 1);
    if (D.windowed) {
      if (max) {
        return EV.a[e] !== EV.a[before] ? head + ": α rises to " + a + ", window [" + a + ", " + b + "]."
          : head + ": " + v + " is not above α = " + a + ", so α stays.";
      }
      return EV.b[e] !== EV.b[before] ? head + ": β falls to " + b + ", window [" + a + ", " + b + "]."
        : head + ": " + v + " is not below β = " + b + ", so β stays.";
    }
    // Minimax and negamax: the best value so far.
    var best = max ? EV.a[e] : EV.b[e];
    var first = EV.prev[e] < 0 || EV.k[EV.prev[e]] === ENTER;
    return head + (first || best === EV.v[e] ? ": its best value so far is " : ": its best value so far stays ") + S[best] + ".";
  }
  // The cutoff table's rows in event order: the row of the cutoff at event e.
  var cutEvents = [];
  for (i = 0; i < E; i++) if (EV.k[i] === CUTOFF) cutEvents.push(i);
  function cutRow(e) {
    var lo = 0, hi = cutEvents.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (cutEvents[mid] < e) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function prunedAt(c, e) {
    var entered = N.enter[c] > 0 && N.enter[c] - 1 <= e;
    return !entered && N.cut_at[c] > 0 && N.cut_at[c] - 1 <= e;
  }
  function cutoff(e) {
    var id = EV.node[e], child = EV.child[e], beta = (EV.f[e] & 1) === 1, c = cutRow(e);
    var from = CUT.from[c];
    var source = from < 0 ? "of the root's initial window" : from === id ? "set here" : "set at " + name(from);
    var test = beta ? "the child value " + S[EV.v[e]] + " ≥ β = " + S[CUT.b[c]] + " " + source
      : "the child value " + S[EV.v[e]] + " ≤ α = " + S[CUT.a[c]] + " " + source;
    var game = D.is_game, pruned = [], values = [];
    for (var j = start[id]; j < start[id + 1]; j++) {
      var x = kids[j];
      if (index[x] <= index[child] || !prunedAt(x, e)) continue;
      pruned.push(game ? label(x) : who(x));
      if (isLeaf(x) && figureValue(x) >= 0) values.push(S[figureValue(x)]);
    }
    var k = pruned.length, what = game ? "moves" : "children", tail;
    if (k > 1 && k <= 5 && values.length === k) tail = "the leaves " + nameList(values) + " under " + name(id) + " are never searched";
    else if (k === 0) tail = "it was the last child, so nothing is pruned";
    else if (k === 1) tail = (game ? "the move " : "") + pruned[0] + " is never searched";
    else if (k > 5) tail = "the remaining " + k + " " + what + " (" + pruned[0] + ", " + pruned[1] + ", " + pruned[2] + ", …, " + pruned[k - 1] + ") are never searched";
    else tail = (game ? "the moves " : "") + nameList(pruned) + " are never searched";
    return "At " + who(id) + " " + test + ": " + (beta ? "β-cutoff" : "α-cutoff") + ", " + tail + ".";
  }
  function exit(e) {
    var id = EV.node[e], v = S[EV.v[e]], bw = boundWords(EV.f[e] & 3, v);
    if (evaluated(id)) return capitalWho(id) + " is done.";
    if (N.parent[id] < 0) {
      if (D.passes) return "The root returns " + v + bw + ".";
      return "The root's value is " + v + (D.best != null ? "; the best move is " + D.best : "") + ". Search complete.";
    }
    return who(id) + " is done: value " + v + bw + ".";
  }
  function say(e) {
    switch (EV.k[e]) {
      case ENTER: return enter(e);
      case EVAL: return evaluation(e);
      case UPDATE: return update(e);
      case CUTOFF: return cutoff(e);
      case EXIT: return exit(e);
      default: return stored.has(e) ? stored.get(e) : "";
    }
  }
  return { name: name, say: say };
}
