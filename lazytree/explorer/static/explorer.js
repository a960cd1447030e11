// The lazytree explorer: a collapsible tidy tree of the part of a game tree a search forced.
//
// A plain ES module, no build step. It needs d3-hierarchy (vendor/d3-hierarchy.min.js, the
// UMD build, which sets globalThis.d3) loaded before it. `mount(element, data, options)`
// draws the document written by lazytree.explorer.model.explorer_model and returns a handle
// with update(data) for live trees. Only expanded nodes are laid out and drawn, so a tree
// of 50,000 positions opens as fast as one of 50.
//
// Stable hooks for tests: every drawn position is one element with data-node="<index>"
// (and data-book="hit"/"miss"/"off" where a search looked it up in a position book);
// [data-summary] holds the summary line, [data-info] the selected node's details, where
// [data-board] holds the position's board (drawn by boards.js, the play page's renderer)
// and, for a game without a board view, each move as a button [data-move].
import { boardSvg, esc, unpack } from "./boards.js";

// the players' colours of the boards (boards.css), and lighter fills of them
const PLAYER_COLOURS = ["#d9534f", "#4a7fd4", "#4caf50", "#f0a030", "#9b59b6", "#1abc9c", "#e86fb0", "#8d8d3a"];
const PLAYER_FILLS = ["#f7d6d5", "#d6e3f7", "#d9f0da", "#fce7c8", "#ead9f0", "#d0f2eb", "#f9dcec", "#e8e8d2"];
const UNFORCED_FEW = 2; // more moves generated but never forced than this are one "N moves" stub
const BEST_FEW = 3; // children shown when a node is opened (best first); the rest behind "+N more"
const ROW = 22; // vertical distance between siblings
const COLUMN = 190; // horizontal distance between depths

const SVG_NS = "http://www.w3.org/2000/svg";
const BOOK = { h: "hit", m: "miss", o: "off" }; // the document's book column, spelled out

function plural(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

function fmt(v) {
  if (v === null || v === undefined) return "";
  const a = Math.abs(v);
  if (a !== 0 && (a < 0.001 || a >= 1e6)) return v.toExponential(2);
  return String(Math.round(v * 1000) / 1000);
}

// ---- the model: arrays from the JSON document, plus what the page derives from them ----
class Model {
  constructor(data) {
    this.data = data;
    const n = (this.n = data.serial.length);
    this.strings = data.strings;
    this.kids = new Array(n); // primary children: [{c, m, k}] in generation order
    this.unforced = new Array(n); // [{m, k}] moves generated, never forced
    this.links = new Array(n); // transpositions: [{c, m, k}] shared children met first elsewhere
    this.inMove = new Int32Array(n).fill(-1); // string index of the move into each node
    this.visitsIn = data.visits ? new Float64Array(n) : null; // MCTS: visits of the move into it
    this.parents = new Int32Array(n); // how many parents link to a node
    this.depth = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const e = data.edges[i];
      const kids = [], unforced = [], links = [];
      for (let j = 0, k = 0; j < e.length; j += 2, k++) {
        const m = e[j], c = e[j + 1];
        if (c < 0) unforced.push({ m, k });
        else {
          this.parents[c]++;
          if (data.parent[c] === i && this.inMove[c] < 0) {
            kids.push({ c, m, k });
            this.inMove[c] = m;
            if (this.visitsIn) this.visitsIn[c] = data.visits[i][k];
          } else links.push({ c, m, k });
        }
      }
      this.kids[i] = kids;
      this.unforced[i] = unforced;
      this.links[i] = links;
    }
    for (let i = 1; i < n; i++) this.depth[i] = this.depth[data.parent[i]] + 1;
    this.pv = data.pv;
    this.pvSet = new Set(data.pv);
    this.sorted = new Array(n); // children best first, computed on demand
    this.bySerial = null;
  }
  book(i) {
    const b = this.data.book;
    return b ? BOOK[b[i]] ?? "" : "";
  }
  move(i) {
    return i === 0 || this.inMove[i] < 0 ? "" : this.strings[this.inMove[i]];
  }
  // A child's value from the point of view of the player to move at its parent (two-player
  // searches store one rating player per search: the other side prefers low values).
  score(parent, c) {
    const v = this.data.value[c];
    if (v === null) return -Infinity;
    return this.data.rplayer[c] === this.data.player[parent] ? v : -v;
  }
  best(i) {
    if (!this.sorted[i]) {
      const kids = this.kids[i].slice();
      // the principal variation's child first (the search's choice), then by stored value
      // (values stored by different iterations of a deepening search are not comparable)
      const pv = (c) => (this.pvSet.has(c) && this.pvSet.has(i) ? 1 : 0);
      // (MCTS: by visits, its measure of a move)
      const visits = (c) => (this.visitsIn ? this.visitsIn[c] : 0);
      kids.sort((a, b) => pv(b.c) - pv(a.c) || visits(b.c) - visits(a.c) || this.score(i, b.c) - this.score(i, a.c) || a.k - b.k);
      this.sorted[i] = kids;
    }
    return this.sorted[i];
  }
  rank() {
    if (!this.bySerial) {
      const order = Array.from({ length: this.n }, (_, i) => i);
      const s = this.data.serial;
      order.sort((a, b) => s[a] - s[b]);
      this.bySerial = order;
      this.rankOf = new Int32Array(this.n);
      order.forEach((node, r) => (this.rankOf[node] = r));
      // the rank of the last node created below each node: once the replay is past it,
      // the search has left the node for good (and a cut-off there is final)
      this.doneAt = Int32Array.from(this.rankOf);
      for (let i = this.n - 1; i > 0; i--) {
        const p = this.data.parent[i];
        if (this.doneAt[i] > this.doneAt[p]) this.doneAt[p] = this.doneAt[i];
      }
    }
    return this.bySerial;
  }
  path(i) {
    const out = [];
    for (let j = i; j > 0; j = this.data.parent[j]) out.push(j);
    out.push(0);
    return out.reverse();
  }
  playerName(p) {
    return p < 0 ? "chance" : this.data.players[p] ?? `player ${p}`;
  }
}

// ---- the position's board: the document's packed position, drawn by boards.js ----
function positionBoard(model, i) {
  const doc = unpack(model.data.board, model.data.pos[i]);
  return boardSvg(doc, { highlight: model.data.hl[i] ?? [] });
}

// ---- the explorer ----
export function mount(element, data, options = {}) {
  const d3 = options.d3 ?? globalThis.d3;
  if (!d3 || !d3.tree) throw new Error("the lazytree explorer needs d3-hierarchy loaded first");
  const live = Boolean(options.onForce);
  element.classList.add("lt-explorer");
  element.innerHTML = `
    <div class="lt-head"><span class="lt-title"></span> <span class="lt-summary" data-summary></span></div>
    <div class="lt-toolbar">
      <input class="lt-search" data-search type="search" placeholder="find a move (e.g. b2, 3->4, 'a1 b2')" size="28">
      <span class="lt-matches" data-matches></span>
      <button data-action="pv" title="collapse everything to the principal variation">PV only</button>
      <span class="lt-sep"></span>
      <button data-action="replay" title="step through the order in which the search created the nodes">Replay</button>
      <span class="lt-replay" hidden>
        <button data-action="back" title="one node back">◀</button>
        <button data-action="play" data-play title="play / pause">▶</button>
        <button data-action="step" title="one node forward">▶|</button>
        <select data-speed title="nodes per second">
          <option value="2">2/s</option><option value="10" selected>10/s</option><option value="50">50/s</option>
          <option value="250">250/s</option><option value="2000">2000/s</option>
        </select>
        <input type="range" data-scrub min="0" value="0">
        <span data-replay-text></span>
      </span>
      ${live ? '<span class="lt-sep"></span><label>search depth <input data-force-depth type="number" min="1" max="12" value="2" size="2"></label>' : ""}
    </div>
    <div class="lt-main">
      <div class="lt-tree"><svg data-tree xmlns="${SVG_NS}"></svg></div>
      <aside class="lt-info" data-info></aside>
    </div>
    <div class="lt-legend">
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot"/></svg> forced</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-leaf-dot"/></svg> forced, never expanded</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-unforced-dot"/></svg> generated, never forced</span>
      <span class="lt-pv-key">━ principal variation</span>
      <span>⤳ transposition (shared position)</span>
      <span data-legend="book" hidden><span class="lt-book-key">▣ book</span> answered from the position book (nothing searched below)</span>
      <span data-legend="visits" hidden><span class="lt-visits-key">n=</span> MCTS visits of the move (children by visits)</span>
      <span>click: select and open/close · values: stored ratings (≥ / ≤: alpha-beta bounds)</span>
    </div>`;
  const $ = (sel) => element.querySelector(sel);
  const svg = $("[data-tree]");
  const info = $("[data-info]");
  const scroller = $(".lt-tree");

  let model, expanded, showAll, showUnforced, selected, matches, matchAt, replay;

  function reset(newData, keep) {
    const old = model;
    model = new Model(newData);
    if (keep && old) {
      const bySerial = new Map();
      for (let i = 0; i < model.n; i++) bySerial.set(model.data.serial[i], i);
      const carry = (set) => new Set([...set].map((i) => bySerial.get(old.data.serial[i])).filter((i) => i !== undefined));
      expanded = carry(expanded);
      showAll = carry(showAll);
      showUnforced = carry(showUnforced);
      selected = bySerial.get(old.data.serial[selected]) ?? 0;
    } else {
      expanded = new Set(model.pv);
      showAll = new Set();
      showUnforced = new Set();
      selected = 0;
    }
    matches = [];
    matchAt = -1;
    replay = null;
    $(".lt-title").textContent = model.data.title;
    $("[data-summary]").textContent = summaryText();
    $('[data-legend="book"]').hidden = !model.data.book;
    $('[data-legend="visits"]').hidden = !model.data.visits;
    $("[data-scrub]").max = String(model.n - 1);
  }

  function summaryText() {
    const s = model.data.summary;
    const parts = [plural(s.positions, "position")];
    const hit = s.book && s.book.status === "hit"; // nothing was searched: the book's line says it
    const how = s.playouts !== undefined ? ` (${plural(s.playouts, "playout")})` : s.depth === null ? " (whole game)" : ` to depth ${s.depth}`;
    if (s.forced !== undefined && !hit) parts.push(`${s.forced.toLocaleString("en")} forced by ${s.rater}${how}`);
    parts.push(`${s.expanded.toLocaleString("en")} expanded`);
    parts.push(`${s.unforced.toLocaleString("en")} generated but never forced`);
    if (s.never !== null) parts.push(`${plural(s.never, "move")} never generated`);
    if (s.shared) parts.push(`${plural(s.shared, "shared position")}`);
    if (s.book) {
      const b = s.book;
      if (b.status === "hit") parts.push(`${plural(s.bookHits, "book hit")}: ${b.move} from the position book (searched ${b.depth === null ? "to the end" : `to depth ${b.depth}`} before, used ${plural(b.uses, "time")})`);
      else parts.push(b.status === "miss" ? "0 book hits: not in the book, searched and stored" : "0 book hits: the book was off");
    }
    if (s.value !== undefined) parts.push(`value ${fmt(s.value)} for ${model.playerName(s.player)}`);
    if (s.pvMoves.length) parts.push(`PV ${s.pvMoves.join(" ")}`);
    return parts.join(" · ");
  }

  // The children a node shows when open: in replay, the created ones in generation order;
  // otherwise the best few (and its PV child), or all of them after "+N more".
  function visibleKids(i) {
    if (replay) return model.kids[i].filter((e) => model.rankOf[e.c] <= replay.step);
    const best = model.best(i);
    if (showAll.has(i) || best.length <= BEST_FEW + 1) return best;
    const out = best.slice(0, BEST_FEW);
    for (const e of best.slice(BEST_FEW)) if (model.pvSet.has(e.c) || matchSet.has(e.c) || expanded.has(e.c) || e.c === selected) out.push(e);
    return out;
  }
  let matchSet = new Set();

  function build(i) {
    const item = { kind: "node", i, children: [] };
    const open = replay ? replay.open.has(i) : expanded.has(i);
    if (!open) return item;
    const kids = visibleKids(i);
    for (const e of kids) item.children.push(build(e.c));
    if (replay) return item;
    const hidden = model.kids[i].length - kids.length;
    if (hidden > 0) item.children.push({ kind: "more", i, count: hidden });
    for (const e of model.links[i]) item.children.push({ kind: "link", i, c: e.c, m: e.m });
    const unforced = model.unforced[i];
    if (unforced.length > UNFORCED_FEW && !showUnforced.has(i)) item.children.push({ kind: "unforcedGroup", i, count: unforced.length });
    else for (const e of unforced) item.children.push({ kind: "unforced", i, m: e.m, k: e.k });
    const never = model.data.never[i];
    if (never > 0) item.children.push({ kind: "never", i, count: never });
    return item;
  }

  let positions = new Map(); // node index -> [x, y] of the last drawing

  function render() {
    const root = d3.hierarchy(build(0), (d) => d.children);
    d3.tree().nodeSize([ROW, COLUMN]).separation((a, b) => (a.parent === b.parent ? 1 : 1.3))(root);
    let minX = Infinity, maxX = -Infinity, maxY = 0;
    root.each((d) => {
      minX = Math.min(minX, d.x);
      maxX = Math.max(maxX, d.x);
      maxY = Math.max(maxY, d.y);
    });
    const ox = 16, oy = -minX + 16;
    const width = maxY + COLUMN + 40, height = maxX - minX + 40;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    const links = [], nodes = [];
    positions = new Map();
    const current = replay ? model.bySerial[replay.step] : -1;
    root.each((d) => {
      const x = d.y + ox, y = d.x + oy;
      const it = d.data;
      if (d.parent) {
        // links leave a node after its label, so they never cross it
        const px = d.parent.y + ox + labelWidth(d.parent.data), py = d.parent.x + oy;
        const mx = (px + x) / 2;
        const pv = it.kind === "node" && model.pvSet.has(it.i) && model.pvSet.has(d.parent.data.i);
        const cls = `lt-link${pv ? " lt-pv" : ""}${it.kind === "unforced" || it.kind === "link" ? " lt-dashed" : ""}${it.kind === "never" || it.kind === "more" ? " lt-faint" : ""}`;
        links.push(`<path class="${cls}" d="M${px},${py}C${mx},${py} ${mx},${y} ${x - 5},${y}"/>`);
      }
      nodes.push(drawItem(it, x, y, current));
    });
    svg.innerHTML = `<g class="lt-links">${links.join("")}</g><g class="lt-nodes">${nodes.join("")}</g>`;
  }

  // About how wide a node's label is drawn (12px text; the value in 11px).
  function labelWidth(it) {
    if (it.kind !== "node") return 5;
    const i = it.i;
    const v = model.data.value[i];
    const text = (i === 0 ? "root" : model.move(i)).length * 7.2;
    const visits = model.visitsIn && model.visitsIn[i] > 0 ? 8 + String(model.visitsIn[i]).length * 6 : 0;
    return Math.min(COLUMN - 30, 14 + text + visits + (v === null ? 0 : 6 + (fmt(v).length + 1) * 6.4));
  }

  function drawItem(it, x, y, current) {
    const t = `transform="translate(${x.toFixed(1)},${y.toFixed(1)})"`;
    if (it.kind === "node") {
      const i = it.i;
      positions.set(i, [x, y]);
      const st = model.data.status[i];
      const p = model.data.player[i];
      const nKids = model.kids[i].length + model.links[i].length + model.unforced[i].length;
      const open = replay ? replay.open.has(i) : expanded.has(i);
      const cls = ["lt-node"];
      if (model.pvSet.has(i)) cls.push("lt-pv");
      if (i === selected) cls.push("lt-selected");
      if (i === current) cls.push("lt-current");
      if (matchSet.has(i)) cls.push("lt-match");
      if (model.parents[i] > 1) cls.push("lt-shared");
      if (st === "u") cls.push("lt-leaf");
      if (st === "t") cls.push("lt-terminal");
      const book = model.book(i);
      if (book) cls.push(`lt-book-${book}`);
      const colour = p < 0 ? "#777" : PLAYER_COLOURS[p % 8];
      const fill = st === "u" ? "#fff" : p < 0 ? "#eee" : PLAYER_FILLS[p % 8];
      const v = model.data.value[i];
      const b = model.data.bound[i];
      const val = v === null ? "" : `${b === ">" ? "≥" : b === "<" ? "≤" : ""}${fmt(v)}`;
      const never = model.data.never[i];
      const cut = never > 0 && !open && (!replay || replay.step >= model.doneAt[i]);
      const label = `${esc(i === 0 ? "root" : model.move(i))}${val ? ` <tspan class="lt-val">${val}</tspan>` : ""}${!open && nKids ? ` <tspan class="lt-count">+${nKids}</tspan>` : ""}${cut ? ` <tspan class="lt-cut">✂${never}<title>a cut-off: ${plural(never, "move")} never generated</title></tspan>` : ""}${model.parents[i] > 1 ? ' <tspan class="lt-count">⤳' + model.parents[i] + "</tspan>" : ""}${model.visitsIn && model.visitsIn[i] > 0 ? ` <tspan class="lt-visits">n=${model.visitsIn[i]}</tspan>` : ""}${book === "hit" ? ' <tspan class="lt-book">▣ book</tspan>' : ""}`;
      const shape = st === "t" ? `<rect x="-5" y="-5" width="10" height="10" fill="${fill}" stroke="${colour}"/>` : `<circle r="5" fill="${fill}" stroke="${colour}"/>`;
      return `<g class="${cls.join(" ")}" data-node="${i}"${book ? ` data-book="${book}"` : ""} ${t}>${shape}<text x="9" y="4">${label}</text></g>`;
    }
    if (it.kind === "unforced")
      return `<g class="lt-stub lt-unforced" data-edge="${it.i}:${it.k}" ${t}><circle r="5"/><text x="9" y="4">${esc(model.strings[it.m])} <tspan class="lt-val">not forced</tspan></text><title>generated but never forced${live ? ": click to force it and search below it" : ""}</title></g>`;
    if (it.kind === "unforcedGroup")
      return `<g class="lt-stub lt-unforced" data-unforced="${it.i}" ${t}><circle r="5"/><text x="9" y="4">${plural(it.count, "move")} not forced</text><title>${plural(it.count, "move")} generated but never forced: click to list them</title></g>`;
    if (it.kind === "link")
      return `<g class="lt-stub lt-link-stub" data-link="${it.c}" ${t}><text x="-4" y="4">⤳ ${esc(model.strings[it.m])} <tspan class="lt-val">(shared)</tspan></text><title>a transposition: the same position as ${esc(model.path(it.c).slice(1).map((j) => model.move(j)).join(" "))}; click to go there</title></g>`;
    if (it.kind === "never")
      return `<g class="lt-stub lt-never" data-never="${it.i}" ${t}><text x="-4" y="4">${plural(it.count, "move")} never generated</text><title>a cut-off stopped the move generator before these${live ? ": click to generate them" : ""}</title></g>`;
    return `<g class="lt-stub lt-more" data-more="${it.i}" ${t}><text x="-4" y="4">+${it.count} more…</text></g>`;
  }

  function showInfo() {
    const i = selected;
    const d = model.data;
    const st = d.status[i];
    const p = d.player[i];
    const path = model.path(i).slice(1).map((j) => model.move(j));
    const rows = [];
    rows.push(["move", i === 0 ? "(the root)" : `${esc(model.move(i))} by ${esc(model.playerName(d.player[d.parent[i]]))}`]);
    if (d.prob && d.prob[i] !== null) rows.push(["chance", `probability ${fmt(d.prob[i])} (a dice roll)`]);
    rows.push(["line", path.length ? esc(path.join(" ")) : "—"]);
    rows.push(["to move", st === "t" ? "game over" : esc(model.playerName(p))]);
    rows.push(["depth", String(model.depth[i])]);
    const v = d.value[i];
    if (v === null) rows.push(["value", "not rated"]);
    else {
      const b = d.bound[i];
      const rel = b === ">" ? "at least " : b === "<" ? "at most " : "";
      const kind = d.visits ? "MCTS: the mean value of the playouts through it" : `${b === "=" ? "exact" : b === ">" ? "lower bound" : "upper bound"}, ${plural(d.rdepth[i], "move")} deep`;
      rows.push(["value", `${rel}${fmt(v)} for ${esc(model.playerName(d.rplayer[i]))} (${kind})`]);
    }
    const kids = model.kids[i].length + model.links[i].length;
    let status;
    if (st === "t") status = "terminal: the game is over";
    else if (st === "u") status = "forced but never expanded (a leaf of the search: its moves were never generated)";
    else {
      status = `expanded: ${plural(kids + model.unforced[i].length, "move")} generated, ${kids} forced, ${model.unforced[i].length} generated but never forced`;
      if (d.never[i] > 0) status += `, <b>${plural(d.never[i], "move")} never generated</b>`;
      else if (d.never[i] === 0) status += ", none left ungenerated";
    }
    rows.push(["status", status]);
    rows.push(["created", `#${(d.serial[i] - d.serial[0]).toLocaleString("en")} in the search's order`]);
    if (model.parents[i] > 1) rows.push(["shared", `reached from ${model.parents[i]} positions (a transposition)`]);
    if (model.pvSet.has(i)) rows.push(["", "on the principal variation"]);
    if (model.visitsIn && model.visitsIn[i] > 0) rows.push(["visits", `${model.visitsIn[i].toLocaleString("en")} (MCTS playouts through this move)`]);
    const book = model.book(i);
    const sb = d.summary.book;
    if (book === "hit") rows.push(["book", `answered from the position book: ${esc(sb.move)} (searched ${sb.depth === null ? "to the end of the game" : `to depth ${sb.depth}`} before, used ${plural(sb.uses, "time")}); nothing was searched below`]);
    else if (book === "miss") rows.push(["book", "looked up in the position book, not there: searched, and the answer stored"]);
    else if (book === "off") rows.push(["book", "the position book was switched off (the file went bad): searched without it"]);
    let html = `<table>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")}</table>`;
    html += `<div class="lt-board-wrap" data-board>${positionBoard(model, i)}</div>`;
    if (d.board.kind === "text") html += moveButtons(i);
    if (live && st !== "t") html += `<button data-action="force-here">search below this position</button>`;
    const n = (c) => (model.visitsIn ? ` <span class="lt-visits">n=${model.visitsIn[c]}</span>` : "");
    const list = model.best(i).map((e) => `<li data-goto="${e.c}">${esc(model.strings[e.m])} <span class="lt-val">${d.value[e.c] === null ? "" : fmt(d.value[e.c])}</span>${n(e.c)}</li>`);
    for (const e of model.links[i]) list.push(`<li data-goto="${e.c}">${esc(model.strings[e.m])} ⤳</li>`);
    for (const e of model.unforced[i]) list.push(`<li class="lt-unforced" ${live ? `data-edge="${i}:${e.k}"` : ""}>${esc(model.strings[e.m])} <span class="lt-val">not forced</span></li>`);
    if (list.length) html += `<div class="lt-kids-head">children: the principal variation's first, then by ${model.visitsIn ? "visits" : `stored value for ${esc(model.playerName(p))}`}</div><ol class="lt-kids">${list.slice(0, 200).join("")}</ol>`;
    info.innerHTML = html;
  }

  // The generic view's moves (a game without a board view): one button per generated
  // move, in generation order; a click goes to its position (or, live, forces it).
  function moveButtons(i) {
    const e = model.data.edges[i];
    const out = [];
    for (let j = 0, k = 0; j < e.length; j += 2, k++) {
      const m = esc(model.strings[e[j]]), c = e[j + 1];
      if (c >= 0) out.push(`<button class="lt-move" data-move="${m}" data-goto="${c}">${m}</button>`);
      else if (live) out.push(`<button class="lt-move" data-move="${m}" data-edge="${i}:${k}" title="not forced: click to force it">${m}</button>`);
      else out.push(`<button class="lt-move" data-move="${m}" disabled title="generated, never forced">${m}</button>`);
    }
    return out.length ? `<div class="lt-moves" data-role="moves">${out.join("")}</div>` : "";
  }

  function select(i, scroll) {
    selected = i;
    showInfo();
    render();
    if (scroll) scrollTo(i);
  }

  function scrollTo(i) {
    const at = positions.get(i);
    if (!at) return;
    scroller.scrollLeft = Math.max(0, at[0] - scroller.clientWidth / 3);
    scroller.scrollTop = Math.max(0, at[1] - scroller.clientHeight / 2);
  }

  function openPath(i) {
    for (const j of model.path(i)) if (j !== i) expanded.add(j);
  }

  function find(text) {
    const q = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
    matches = [];
    if (q.length) {
      const want = q.map((t) => model.strings.findIndex((s) => s.toLowerCase() === t));
      if (!want.includes(-1)) {
        for (let i = 1; i < model.n; i++) {
          let j = i, ok = true;
          for (let k = want.length - 1; k >= 0 && ok; k--) {
            if (j <= 0 || model.inMove[j] !== want[k]) ok = false;
            else j = model.data.parent[j];
          }
          if (ok) matches.push(i);
        }
      }
    }
    matches.sort((a, b) => model.pvSet.has(b) - model.pvSet.has(a) || model.depth[a] - model.depth[b]);
    matchSet = new Set(matches.slice(0, 50));
    for (const i of matchSet) openPath(i);
    $("[data-matches]").textContent = q.length ? `${plural(matches.length, "match")}${matches.length > 50 ? " (first 50 shown)" : ""}` : "";
    matchAt = -1;
    render();
    if (matches.length) nextMatch();
  }

  function nextMatch() {
    if (!matches.length) return;
    matchAt = (matchAt + 1) % Math.min(matches.length, 50);
    select(matches[matchAt], true);
  }

  // ---- replay: nodes appear in the order the search created them ----
  let timer = null;
  function startReplay() {
    model.rank();
    replay = { step: 0, open: new Set([0]) };
    $(".lt-replay").hidden = false;
    setStep(0);
  }
  function stopReplay() {
    pause();
    replay = null;
    $(".lt-replay").hidden = true;
    render();
  }
  function setStep(s) {
    s = Math.max(0, Math.min(model.n - 1, s));
    replay.step = s;
    const node = model.bySerial[s];
    // open the line to the newest node: its siblings show what the search tried, and stop
    // where a cut-off left the rest ungenerated
    replay.open = new Set(model.path(node).slice(0, -1));
    replay.open.add(0);
    $("[data-scrub]").value = String(s);
    $("[data-replay-text]").textContent = `node ${(s + 1).toLocaleString("en")} of ${model.n.toLocaleString("en")} created: ${model.path(node).slice(1).map((j) => model.move(j)).join(" ") || "root"}`;
    selected = node;
    showInfo();
    render();
    scrollTo(node);
  }
  function pause() {
    if (timer !== null) cancelAnimationFrame(timer);
    timer = null;
    $("[data-play]").textContent = "▶";
  }
  function play() {
    if (!replay) startReplay();
    $("[data-play]").textContent = "❚❚";
    let last = performance.now(), acc = 0;
    const tick = (now) => {
      acc += ((now - last) / 1000) * Number($("[data-speed]").value);
      last = now;
      if (acc >= 1) {
        const n = Math.floor(acc);
        acc -= n;
        setStep(replay.step + n);
        if (replay.step >= model.n - 1) return pause();
      }
      timer = requestAnimationFrame(tick);
    };
    timer = requestAnimationFrame(tick);
  }

  // ---- events ----
  function onClick(ev) {
    const target = ev.target.closest("[data-node],[data-more],[data-unforced],[data-link],[data-edge],[data-never],[data-goto],[data-action]");
    if (!target || !element.contains(target)) return;
    const ds = target.dataset;
    if (ds.action) return action(ds.action);
    if (ds.node !== undefined) {
      const i = Number(ds.node);
      const set = replay ? replay.open : expanded;
      if (i === selected || !set.has(i)) set.has(i) ? set.delete(i) : set.add(i);
      return select(i);
    }
    if (ds.more !== undefined) {
      showAll.add(Number(ds.more));
      return render();
    }
    if (ds.unforced !== undefined) {
      showUnforced.add(Number(ds.unforced));
      return render();
    }
    if (ds.link !== undefined || ds.goto !== undefined) {
      const i = Number(ds.link ?? ds.goto);
      if (!replay) openPath(i);
      return select(i, true);
    }
    if (ds.edge !== undefined && live) {
      const [node, edge] = ds.edge.split(":").map(Number);
      return force({ node, edge });
    }
    if (ds.never !== undefined && live) return force({ node: Number(ds.never), generate: true });
  }

  function force(request) {
    const depthInput = $("[data-force-depth]");
    request.serial = model.data.serial[request.node];
    request.depth = depthInput ? Number(depthInput.value) : 2;
    element.classList.add("lt-busy");
    options.onForce(request);
  }

  function action(name) {
    if (name === "pv") {
      if (replay) stopReplay();
      expanded = new Set(model.pv);
      showAll = new Set();
      showUnforced = new Set();
      matchSet = new Set();
      return select(0);
    }
    if (name === "replay") return replay ? stopReplay() : startReplay();
    if (name === "play") return timer !== null ? pause() : play();
    if (name === "step") return replay ? setStep(replay.step + 1) : startReplay();
    if (name === "back") return replay && setStep(replay.step - 1);
    if (name === "force-here") return force({ node: selected });
  }

  element.addEventListener("click", onClick);
  $("[data-search]").addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    const text = ev.target.value;
    if (text === find.last && matches.length) nextMatch();
    else {
      find.last = text;
      find(text);
    }
  });
  $("[data-scrub]").addEventListener("input", (ev) => {
    if (!replay) startReplay();
    setStep(Number(ev.target.value));
  });

  reset(data, false);
  showInfo();
  render();
  element.dataset.ready = "1";

  return {
    update(newData) {
      reset(newData, true);
      element.classList.remove("lt-busy");
      showInfo();
      render();
    },
    select: (i) => select(i, true),
    find,
    get model() {
      return model;
    },
  };
}
