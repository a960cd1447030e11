/**
 * The explorer's markup: the tree as SVG, the selected position's panel, the summary line.
 * Every text that comes from the document goes through `esc`.
 */
import { boardSvg, esc, unpack } from "../boards";
import { fmt, plural, valueLabel } from "./format";
import { type Item, isOpen, type Layout, labelWidth, type View } from "./layout";
import type { Model } from "./model";
import { isAssumed, knownText, maximizing, type StepState, sumText, windowText } from "./steps";

/** The summary line of the search (counts, rater, position book, value, principal variation). */
export function summaryText(model: Model): string {
  const s = model.data.summary;
  const parts = [plural(s.positions, "position")];
  const hit = s.positionBook?.status === "hit"; // nothing was searched: the position book's line says it
  const how =
    s.playouts !== undefined
      ? ` (${plural(s.playouts, "playout")})`
      : s.depth === null
        ? " (whole game)"
        : ` to depth ${s.depth}`;
  if (s.forced !== undefined && !hit)
    parts.push(`${s.forced.toLocaleString("en")} forced by ${s.rater}${how}`);
  if (s.evaluations !== undefined && !hit)
    parts.push(`${plural(s.evaluations, "leaf", "leaves")} evaluated`);
  parts.push(`${s.expanded.toLocaleString("en")} expanded`);
  parts.push(`${s.unforced.toLocaleString("en")} generated but never forced`);
  if (s.never !== null) parts.push(`${plural(s.never, "move")} never generated`);
  if (s.shared) parts.push(`${plural(s.shared, "shared position")}`);
  if (s.positionBook) {
    const b = s.positionBook;
    if (b.status === "hit")
      parts.push(
        `${plural(s.positionBookHits, "position book hit")}: ${b.move} (searched ${b.depth === null ? "to the end" : `to depth ${b.depth}`} before, used ${plural(b.uses, "time")})`,
      );
    else
      parts.push(
        b.status === "miss"
          ? "0 position book hits: not in it, searched and stored"
          : "0 position book hits: the position book was off",
      );
  }
  if (s.value !== undefined && s.player !== undefined)
    parts.push(`value ${fmt(s.value)} for ${model.playerName(s.player)}`);
  if (s.pvMoves.length) parts.push(`PV ${s.pvMoves.join(" ")}`);
  return parts.join(" · ");
}

/**
 * Which search's values the tree shows, in words ("" when there is nothing to say: no
 * stored values, MCTS, a search to the end of the game). A node's stored value is valid
 * `rdepth` moves below it, so it belongs to a pass of depth `depth + rdepth`; when the
 * deepest such pass is deeper than the answer's (a deepening search whose last pass was
 * cut short), the header says that the nodes it reached show its values.
 */
export function valuesDepthText(model: Model): string {
  const d = model.data;
  const s = d.summary;
  if (d.visits || s.playouts !== undefined) return "";
  let deepest = -1;
  for (let i = 0; i < model.n; i++)
    if (d.value[i] !== null && d.rdepth[i] >= 0)
      deepest = Math.max(deepest, model.depth[i] + d.rdepth[i]);
  if (deepest < 0 || deepest > 10_000) return "";
  const answer = s.depth;
  if (answer === undefined || answer === null) return `· values: a depth-${deepest} search`;
  if (deepest > answer)
    return `· values: the depth-${answer} answer, except where the depth-${deepest} pass (cut short) reached: its values there`;
  return `· values: the depth-${answer} search`;
}

/** The SVG content of the laid-out tree: the links, then the items. */
export function treeMarkup(
  model: Model,
  view: View,
  laid: Layout,
  live: boolean,
  current: number,
): string {
  const links: string[] = [];
  const nodes: string[] = [];
  for (const d of laid.placed) {
    const it = d.item;
    const { x, y } = d;
    if (d.parent) {
      const parent = d.parent;
      const px = parent.x + labelWidth(model, parent.item, view);
      const py = parent.y;
      const mx = (px + x) / 2;
      const pv =
        it.kind === "node" &&
        model.pvSet.has(it.i) &&
        parent.item.kind === "node" &&
        model.pvSet.has(parent.item.i);
      let cls = `lt-link${pv && !view.steps ? " lt-pv" : ""}${it.kind === "unforced" || it.kind === "link" ? " lt-dashed" : ""}${it.kind === "never" || it.kind === "more" ? " lt-faint" : ""}`;
      const steps = view.steps;
      if (steps && it.kind === "node") {
        if (steps.active.has(it.i) || it.i === steps.node) cls += " lt-on-path";
        if (it.i === steps.backup) cls += " lt-backup";
      }
      if (steps && it.kind === "never") cls += " lt-cut-branch";
      if (view.present) {
        const my = (parent.y + y) / 2; // top down: from under the parent to over the child
        const top = it.kind === "node" ? y - 10 : y - 14;
        links.push(
          `<path class="${cls}" d="M${parent.x},${parent.y + 10}C${parent.x},${my} ${x},${my} ${x},${top}"/>`,
        );
      } else
        links.push(`<path class="${cls}" d="M${px},${py}C${mx},${py} ${mx},${y} ${x - 5},${y}"/>`);
    }
    nodes.push(itemMarkup(model, view, it, x, y, current, live));
  }
  return `<g class="lt-links">${links.join("")}</g><g class="lt-nodes">${nodes.join("")}</g>`;
}

/** Where a node's text goes: right of its mark, or (presentation mode) centred below it. */
function textAt(view: View): string {
  return view.present ? 'x="0" y="27" text-anchor="middle"' : 'x="9" y="4"';
}

/** The player class of a node's mark: its colour comes from the palette (boards.css). */
function playerClass(p: number): string {
  return p < 0 ? "lt-chance" : `lt-p${p % 8}`;
}

function itemMarkup(
  model: Model,
  view: View,
  it: Item,
  x: number,
  y: number,
  current: number,
  live: boolean,
): string {
  const t = `transform="translate(${x.toFixed(1)},${y.toFixed(1)})"`;
  switch (it.kind) {
    case "node":
      return nodeMarkup(model, view, it.i, t, current);
    case "unforced":
      return `<g class="lt-stub lt-unforced" data-edge="${it.i}:${it.k}" ${t}><circle r="5"/><text ${textAt(view)}>${esc(model.strings[it.m])} <tspan class="lt-val">not forced</tspan></text><title>generated but never forced${live ? ": click to force it and search below it" : ""}</title></g>`;
    case "unforcedGroup":
      return `<g class="lt-stub lt-unforced" data-unforced="${it.i}" ${t}><circle r="5"/><text ${textAt(view)}>${plural(it.count, "move")} not forced</text><title>${plural(it.count, "move")} generated but never forced: click to list them</title></g>`;
    case "link":
      return `<g class="lt-stub lt-link-stub" data-link="${it.c}" ${t}><text x="-4" y="4">⤳ ${esc(model.strings[it.m])} <tspan class="lt-val">(shared)</tspan></text><title>a transposition: the same position as ${esc(model.line(it.c).join(" "))}; click to go there</title></g>`;
    case "never":
      if (view.present)
        return `<g class="lt-stub lt-never${view.steps ? " lt-cut-branch" : ""}" data-never="${it.i}" ${t}><text x="0" y="0" text-anchor="middle">✂ ${plural(it.count, "move")}<tspan x="0" dy="1.2em">never generated</tspan></text></g>`;
      return `<g class="lt-stub lt-never${view.steps ? " lt-cut-branch" : ""}" data-never="${it.i}" ${t}><text x="-4" y="4">${plural(it.count, "move")} never generated</text><title>a cut-off stopped the move generator before these${live ? ": click to generate them" : ""}</title></g>`;
    case "more":
      return `<g class="lt-stub lt-more" data-more="${it.i}" ${t}><text x="-4" y="4">+${it.count} more…</text></g>`;
  }
}

/** A node as the step-through shows it: the value known at the step, the window of a
 * node on the search's path, the current node and its path marked. */
function stepNodeMarkup(model: Model, view: View, i: number, t: string): string {
  const steps = view.steps;
  if (!steps) return "";
  const d = model.data;
  const st = d.status[i];
  const cls = ["lt-node", playerClass(d.player[i])];
  if (!steps.seen.has(i)) {
    // practice shows the whole tree: a node the search has not reached (yet), or never
    // will because a cut-off above it stopped its parent's loop
    const pruned = model.path(i).some((j) => j !== i && steps.cut.has(j));
    cls.push(pruned ? "lt-pruned" : "lt-unreached");
    if (view.practice?.marked.has(i)) cls.push("lt-marked");
    const v = d.value[i];
    let label = esc(i === 0 ? "root" : model.move(i));
    if (st === "t" && v !== null) label += ` <tspan class="lt-val">${fmt(v)}</tspan>`;
    if (pruned) label += ' <tspan class="lt-cut">never evaluated</tspan>';
    const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
    return `<g class="${cls.join(" ")}" data-node="${i}" ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
  }
  if (view.practice?.marked.has(i)) cls.push("lt-marked");
  const onPath = steps.active.has(i) || i === steps.node;
  if (i === steps.node) cls.push("lt-current");
  if (onPath) cls.push("lt-on-path");
  if (i === view.selected) cls.push("lt-selected");
  if (steps.cut.has(i)) cls.push("lt-was-cut");
  if (i === steps.backup) cls.push("lt-backed-up");
  if (i === steps.node && steps.event === "u") cls.push("lt-updated");
  const known = steps.known.get(i);
  if (known?.final) cls.push("lt-done");
  if (st === "t") cls.push("lt-terminal");
  const kind = d.player[i] < 0 ? "chance" : maximizing(model, i) ? "max" : "min";
  const value = knownText(known);
  const w = onPath ? windowText(steps.window.get(i)) : "";
  let label = esc(i === 0 ? "root" : model.move(i));
  if (value) label += ` <tspan class="lt-val lt-known" data-known>${esc(value)}</tspan>`;
  if (w)
    label += view.present
      ? `<tspan class="lt-window" data-window x="0" dy="1.25em">${esc(w)}</tspan>`
      : ` <tspan class="lt-window" data-window>${esc(w)}</tspan>`;
  if (steps.cut.has(i)) label += ' <tspan class="lt-cut">✂</tspan>';
  const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
  return `<g class="${cls.join(" ")}" data-node="${i}" data-kind="${kind}" ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
}

/** A node of a practice tree before the answer: the leaves' values, the marks. */
function practiceNodeMarkup(model: Model, view: View, i: number, t: string): string {
  const d = model.data;
  const st = d.status[i];
  const cls = ["lt-node", playerClass(d.player[i])];
  const marked = view.practice?.marked.has(i) ?? false;
  if (marked) cls.push("lt-marked");
  if (i === view.selected) cls.push("lt-selected");
  const v = d.value[i];
  let label = esc(i === 0 ? "root" : model.move(i));
  if (st === "t" && v !== null) label += ` <tspan class="lt-val lt-leaf-value">${fmt(v)}</tspan>`;
  if (marked) label += ' <tspan class="lt-cut">✗ never evaluated</tspan>';
  const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
  const leaf = st === "t" ? ' data-leaf="1"' : "";
  return `<g class="${cls.join(" ")}" data-node="${i}"${leaf} ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
}

function nodeMarkup(model: Model, view: View, i: number, t: string, current: number): string {
  if (view.steps) return stepNodeMarkup(model, view, i, t);
  if (view.practice) return practiceNodeMarkup(model, view, i, t);
  const d = model.data;
  const st = d.status[i];
  const nKids = model.kids[i].length + model.links[i].length + model.unforced[i].length;
  const open = isOpen(view, i);
  const cls = ["lt-node", playerClass(d.player[i])];
  if (model.pvSet.has(i)) cls.push("lt-pv");
  if (i === view.selected) cls.push("lt-selected");
  if (i === current) cls.push("lt-current");
  if (view.matchSet.has(i)) cls.push("lt-match");
  if (model.parents[i] > 1) cls.push("lt-shared");
  if (st === "u") cls.push("lt-leaf");
  if (st === "t") cls.push("lt-terminal");
  const positionBook = model.positionBook(i);
  if (positionBook) cls.push(`lt-position-book-${positionBook}`);
  const val = valueLabel(d.value[i], d.bound[i]);
  const never = d.never[i];
  const replay = view.replay;
  const cut = never > 0 && !open && (!replay || replay.step >= model.creation().doneAt[i]);
  const visits = model.visitsIn ? model.visitsIn[i] : 0;
  let label = esc(i === 0 ? "root" : model.move(i));
  if (val) label += ` <tspan class="lt-val">${val}</tspan>`;
  if (!open && nKids) label += ` <tspan class="lt-count">+${nKids}</tspan>`;
  if (cut)
    label += ` <tspan class="lt-cut">✂${never}<title>a cut-off: ${plural(never, "move")} never generated</title></tspan>`;
  if (model.parents[i] > 1) label += ` <tspan class="lt-count">⤳${model.parents[i]}</tspan>`;
  if (visits > 0) label += ` <tspan class="lt-visits">n=${visits}</tspan>`;
  if (positionBook === "hit") label += ' <tspan class="lt-position-book">▣ position book</tspan>';
  const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
  return `<g class="${cls.join(" ")}" data-node="${i}"${positionBook ? ` data-position-book="${positionBook}"` : ""} ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
}

/** Boards of more cells than this are drawn on a canvas (explorer.ts), not as SVG: 10,000
 * SVG hexagons take seconds to lay out. */
export const CANVAS_CELLS = 1600;

/** The position's board: the document's packed position, drawn by boards.js (a big one is
 * a canvas the explorer draws once the panel is in the page). */
function positionBoard(model: Model, i: number): string {
  const d = model.data;
  const cells = Array.isArray(d.board.cells) ? d.board.cells.length : 0;
  const doc = cells > CANVAS_CELLS ? null : unpack(d.board, model.position(i));
  const noteAt = d.note ? d.note[i] : -1;
  const note = d.notes && noteAt >= 0 ? d.notes[noteAt] : "";
  const notes = note
    ? `<div class="lt-board-note" data-role="notes">${esc(note).replaceAll("\n", "<br>")}</div>`
    : "";
  const board = doc
    ? boardSvg(doc, { highlight: d.hl[i] ?? [] })
    : `<canvas class="lt-board-canvas" data-board-canvas="${i}"></canvas>`;
  return board + notes;
}

/** The panel of the selected node i: its details, board, moves and children. */
export function infoMarkup(
  model: Model,
  i: number,
  live: boolean,
  steps: StepState | null = null,
): string {
  const d = model.data;
  const st = d.status[i];
  const p = d.player[i];
  const path = model.line(i);
  const rows: [string, string][] = [];
  rows.push([
    "move",
    i === 0
      ? "(the root)"
      : `${esc(model.move(i))} by ${esc(model.playerName(d.player[d.parent[i]]))}`,
  ]);
  const prob = d.prob ? d.prob[i] : null;
  if (prob !== null) rows.push(["chance", `probability ${fmt(prob)} (a dice roll)`]);
  rows.push(["line", path.length ? esc(path.join(" ")) : "—"]);
  rows.push(["to move", st === "t" ? "game over" : esc(model.playerName(p))]);
  rows.push(["depth", String(model.depth[i])]);
  if (steps) {
    const w = steps.window.get(i);
    const known = steps.known.get(i);
    const state = !steps.seen.has(i)
      ? "not reached yet"
      : known?.final
        ? "done"
        : steps.active.has(i)
          ? "being searched"
          : "reached";
    rows.push(["at this step", state]);
    if (w) rows.push(["window", `<span data-info-window>${esc(windowText(w))}</span>`]);
    rows.push([
      "value then",
      `<span data-info-known>${known ? esc(knownText(known)) : "not known yet"}</span>${known && !known.final ? " (so far)" : ""}`,
    ]);
    const k = steps.k;
    const sd = d.steps;
    const terms = sd?.terms ? sd.terms[k] : null;
    if (i === steps.node && terms && sd) {
      const sum = sumText(terms, sd.value[k] ?? null, isAssumed(sd, k), known?.sign ?? "");
      rows.push(["weighted sum", esc(sum)]);
    }
    // nothing the search had not found yet: no final value, cut or line before its step
    if (steps.cut.has(i) && d.never[i] > 0)
      rows.push(["cut-off", `<b>${plural(d.never[i], "move")} never generated</b>`]);
    const table = rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("");
    return `<table>${table}</table><div class="lt-board-wrap" data-board>${positionBoard(model, i)}</div>`;
  }
  const v = d.value[i];
  if (v === null) rows.push(["value", "not rated"]);
  else {
    const b = d.bound[i];
    const rel = b === ">" ? "at least " : b === "<" ? "at most " : "";
    const kind = d.visits
      ? "MCTS: the mean value of the playouts through it"
      : `${b === "=" ? "exact" : b === ">" ? "lower bound" : "upper bound"}, ${plural(d.rdepth[i], "move")} deep`;
    const head = steps ? "final value" : "value";
    rows.push([head, `${rel}${fmt(v)} for ${esc(model.playerName(d.rplayer[i]))} (${kind})`]);
  }
  const kids = model.kids[i].length + model.links[i].length;
  let status: string;
  if (st === "t") status = "terminal: the game is over";
  else if (st === "u")
    status = "forced but never expanded (a leaf of the search: its moves were never generated)";
  else {
    status = `expanded: ${plural(kids + model.unforced[i].length, "move")} generated, ${kids} forced, ${model.unforced[i].length} generated but never forced`;
    if (d.never[i] > 0) status += `, <b>${plural(d.never[i], "move")} never generated</b>`;
    else if (d.never[i] === 0) status += ", none left ungenerated";
  }
  rows.push(["status", status]);
  rows.push([
    "created",
    `#${(d.serial[i] - d.serial[0]).toLocaleString("en")} in the search's order`,
  ]);
  if (model.parents[i] > 1)
    rows.push(["shared", `reached from ${model.parents[i]} positions (a transposition)`]);
  if (model.pvSet.has(i)) rows.push(["", "on the principal variation"]);
  const visitsIn = model.visitsIn;
  if (visitsIn && visitsIn[i] > 0)
    rows.push(["visits", `${visitsIn[i].toLocaleString("en")} (MCTS playouts through this move)`]);
  const positionBook = model.positionBook(i);
  const sb = d.summary.positionBook;
  if (positionBook === "hit" && sb)
    rows.push([
      "position book",
      `answered from the position book: ${esc(sb.move)} (searched ${sb.depth === null ? "to the end of the game" : `to depth ${sb.depth}`} before, used ${plural(sb.uses, "time")}); nothing was searched below`,
    ]);
  else if (positionBook === "miss")
    rows.push([
      "position book",
      "looked up in the position book, not there: searched, and the answer stored",
    ]);
  else if (positionBook === "off")
    rows.push([
      "position book",
      "the position book was switched off (the file went bad): searched without it",
    ]);
  let html = `<table>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")}</table>`;
  html += `<div class="lt-board-wrap" data-board>${positionBoard(model, i)}</div>`;
  if (d.board.kind === "text") html += moveButtons(model, i, live);
  if (live && st !== "t")
    html += `<button data-action="force-here">search below this position</button>`;
  const n = (c: number) => (visitsIn ? ` <span class="lt-visits">n=${visitsIn[c]}</span>` : "");
  const list = model.kids[i].map(
    (e) =>
      `<li data-goto="${e.c}">${esc(model.strings[e.m])} <span class="lt-val">${valueLabel(d.value[e.c], d.bound[e.c])}</span>${n(e.c)}</li>`,
  );
  for (const e of model.links[i])
    list.push(`<li data-goto="${e.c}">${esc(model.strings[e.m])} ⤳</li>`);
  for (const e of model.unforced[i])
    list.push(
      `<li class="lt-unforced" ${live ? `data-edge="${i}:${e.k}"` : ""}>${esc(model.strings[e.m])} <span class="lt-val">not forced</span></li>`,
    );
  if (list.length)
    html += `<div class="lt-kids-head">children in generation order, ${visitsIn ? "with their visits" : `with their stored values (≥ / ≤: bounds) for ${esc(model.playerName(d.rplayer[i] < 0 ? p : d.rplayer[i]))}`}</div><ol class="lt-kids">${list.slice(0, 200).join("")}</ol>`;
  return html;
}

/**
 * The generic view's moves (a game without a board view): one button per generated move,
 * in generation order; a click goes to its position (or, live, forces it).
 */
function moveButtons(model: Model, i: number, live: boolean): string {
  const e = model.data.edges[i];
  const out: string[] = [];
  for (let j = 0, k = 0; j < e.length; j += 2, k++) {
    const m = esc(model.strings[e[j]]);
    const c = e[j + 1];
    if (c >= 0) out.push(`<button class="lt-move" data-move="${m}" data-goto="${c}">${m}</button>`);
    else if (live)
      out.push(
        `<button class="lt-move" data-move="${m}" data-edge="${i}:${k}" title="not forced: click to force it">${m}</button>`,
      );
    else
      out.push(
        `<button class="lt-move" data-move="${m}" disabled title="generated, never forced">${m}</button>`,
      );
  }
  return out.length ? `<div class="lt-moves" data-role="moves">${out.join("")}</div>` : "";
}
