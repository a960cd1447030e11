// lazytree boards: draws a `lazytree-board/1` document (lazytree/boards.py,
// board.schema.json) for the play page and the explorer. A plain ES module, no build step.
//
// * kind "hex": pointy-top hexagons in offset rows; kind "grid": squares. The live board
//   of the play page (`Board`) draws them on a <canvas> (fast on a 40x40 board); the
//   explorer's small pictures of positions (`boardSvg`) are SVG, one <g data-cell="N">
//   per cell (hex cells also carry data-territory="N");
// * kind "text" (the generic view, for a game with no board view): its render() text in
//   a <pre data-role="text">, and every legal move as a <button data-move="...">.
//
// A move is made by clicking the cells of its `path` in order (a first click selects the
// start, a click on the last cell plays it); a move with an empty path is a button.

const SVG = "http://www.w3.org/2000/svg";
export const SCHEMA = "lazytree-board/1";

const R = 20; // hex radius
const HW = Math.sqrt(3) * R; // hex width
const HH = 1.5 * R; // hex row height
const S = 48; // grid square

// a hexagon of radius r around (0, 0) as a relative path (one <path> per cell draws
// faster than <use>)
function hexagon(r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  let d = `m${pts[0][0].toFixed(2)},${pts[0][1].toFixed(2)}`;
  for (let i = 1; i < 6; i++) {
    d += `l${(pts[i][0] - pts[i - 1][0]).toFixed(2)},${(pts[i][1] - pts[i - 1][1]).toFixed(2)}`;
  }
  return d + "z";
}
const HEX = hexagon(R);
// a canvas hexagon's fill: its white edge (1.5 wide in boards.css) is the gap around it
const HEX_FILL = hexagon(R - 0.75);
const SQUARE = `m${-S / 2},${-S / 2}h${S}v${S}h${-S}z`;
// a canvas hexagon sprite's fill, and its outline when it starts a move (inside its edge)
const HEX_FILL_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${HEX_FILL}`);
const HEX_CAN_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 2)}`);

export function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The explorer stores each position packed (lazytree.boards.pack): owners as letters,
// then the labels; `unpack` puts them back into the layout's cells: a whole document.
export function unpack(layout, packed) {
  if (layout.kind === "text") return { ...layout, text: packed, moves: [] };
  let owners, labels;
  if (Array.isArray(packed)) [owners, labels] = packed;
  else {
    const n = layout.cells.length;
    owners = packed.slice(0, n);
    labels = packed[n] === ":" ? Array.from(packed.slice(n + 1), (c) => (c === " " ? "" : c)) : packed.slice(n + 1).split("|");
  }
  const cells = layout.cells.map((cell, i) => ({
    ...cell,
    owner: owners[i] === "." ? -1 : owners.charCodeAt(i) - 65,
    label: labels[i] ?? "",
  }));
  return { ...layout, cells, moves: [] };
}

// Where each cell is drawn (its centre), and the drawing's size.
function geometry(doc) {
  const cells = doc.cells;
  const coords = doc.coords ?? {};
  if (doc.kind === "hex") {
    const offsets = doc.offsets ?? [];
    const centres = cells.map((c) => [c.col * HW + ((offsets[c.row] ?? 0) * HW) / 2 + HW / 2 + 4, c.row * HH + R + 4]);
    const shift = Math.max(0, ...offsets);
    return { centres, width: (doc.cols + shift / 2) * HW + 8, height: (doc.rows - 1) * HH + 2 * R + 8 };
  }
  const left = coords.rows ? 20 : 4, top = coords.cols ? 20 : 4;
  const centres = cells.map((c) => [left + c.col * S + S / 2, top + c.row * S + S / 2]);
  return { centres, left, top, width: left + doc.cols * S + 4, height: top + doc.rows * S + 4 };
}

function cellClass(doc, cell, mark) {
  let c = `lt-cell ${doc.kind === "hex" ? "t" : "cell"}`;
  if (cell.owner >= 0) c += ` p${cell.owner}`;
  else if (cell.label) c += " free";
  if (cell.shade === "dark") c += " dark";
  return mark ? `${c} ${mark}` : c;
}

function labelStyle(doc, cell) {
  const colour = doc.colours && cell.owner >= 0 ? doc.colours[cell.owner] : null;
  return colour ? ` style="fill:${esc(colour)}"` : "";
}

// The SVG markup of `doc` (everything inside the <svg>); `marks` maps a cell to the extra
// classes it gets (e.g. "sel", "last").
function markup(doc, geo, marks) {
  const parts = [`<defs><marker id="lt-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`];
  const coords = doc.coords ?? {};
  if (doc.kind === "grid") {
    (coords.cols ?? []).forEach((t, c) => parts.push(`<text class="lt-coord" x="${geo.left + c * S + S / 2}" y="14">${esc(t)}</text>`));
    (coords.rows ?? []).forEach((t, r) => parts.push(`<text class="lt-coord" x="10" y="${geo.top + r * S + S / 2 + 4}">${esc(t)}</text>`));
  }
  parts.push(`<g class="lt-cells">`);
  doc.cells.forEach((cell, i) => {
    const [x, y] = geo.centres[i];
    const cls = cellClass(doc, cell, marks.get(i));
    const text = `<text x="${x.toFixed(1)}" y="${(y + (doc.kind === "hex" ? 5 : 10)).toFixed(1)}"${labelStyle(doc, cell)}>${esc(cell.label)}</text>`;
    // the cell's name (a checkers square's number), small in its corner
    const [nx, ny] = doc.kind === "hex" ? [x, y - R * 0.55] : [x - S / 2 + 3, y - S / 2 + 11];
    const name = cell.name ? `<text class="lt-name" x="${nx.toFixed(1)}" y="${ny.toFixed(1)}">${esc(cell.name)}</text>` : "";
    if (doc.kind === "hex") {
      parts.push(`<g data-cell="${i}" data-territory="${i}" class="${cls}"><path d="M${x.toFixed(1)},${y.toFixed(1)}${HEX}"/>${text}${name}</g>`);
    } else {
      parts.push(`<g data-cell="${i}" class="${cls}"><rect x="${x - S / 2}" y="${y - S / 2}" width="${S}" height="${S}"/>${text}${name}</g>`);
    }
  });
  parts.push(`</g><g class="lt-arrows" data-role="arrows"></g>`);
  return parts.join("");
}

function arrowsMarkup(geo, paths) {
  const lines = [];
  for (const path of paths) {
    for (let k = 1; k < path.length; k++) {
      const [x1, y1] = geo.centres[path[k - 1]], [x2, y2] = geo.centres[path[k]];
      const f = 0.7;
      lines.push(`<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${(x1 + (x2 - x1) * f).toFixed(1)}" y2="${(y1 + (y2 - y1) * f).toFixed(1)}" marker-end="url(#lt-arrow)"/>`);
    }
  }
  return lines.join("");
}

// A whole <svg> of `doc`, drawn once (the explorer's position panel): `highlight` cells
// outlined, `width` in pixels.
export function boardSvg(doc, { highlight = [], width = 300 } = {}) {
  if (doc.kind === "text") return textMarkup(doc);
  const geo = geometry(doc);
  const marks = new Map(highlight.map((i) => [i, "hl"]));
  const scale = Math.min(1, width / geo.width);
  return `<svg class="lt-board lt-small" xmlns="${SVG}" width="${(geo.width * scale).toFixed(0)}" height="${(geo.height * scale).toFixed(0)}" viewBox="0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}">${markup(doc, geo, marks)}</svg>`;
}

// The generic view's text.
export function textMarkup(doc) {
  return `<pre class="lt-text-board" data-role="text">${esc(doc.text ?? "")}</pre>`;
}

// The generic view's text as an element (its text inserted as text, never as markup).
export function textBoard(doc) {
  const pre = document.createElement("pre");
  pre.className = "lt-text-board";
  pre.dataset.role = "text";
  pre.textContent = doc.text ?? "";
  return pre;
}

// A move's button (data-move), its text inserted as text.
export function moveButton(move, { enabled = true } = {}) {
  const button = document.createElement("button");
  button.className = "lt-move";
  button.dataset.move = move;
  button.textContent = move;
  button.disabled = !enabled;
  return button;
}

// `moveButtons` as elements (for pages that insert no markup).
export function moveButtonNodes(doc, { enabled = true } = {}) {
  const nodes = doc.moves
    .filter((m) => doc.kind === "text" || m.path.length === 0)
    .map((m) => moveButton(m.move, { enabled }));
  if (doc.more) {
    const more = document.createElement("span");
    more.className = "lt-more-moves";
    more.textContent = `and ${doc.more} more moves`;
    nodes.push(more);
  }
  return nodes;
}

// One button per move that no click on the board makes (every move of a generic view).
export function moveButtons(doc, { enabled = true } = {}) {
  return doc.moves
    .filter((m) => doc.kind === "text" || m.path.length === 0)
    .map((m) => `<button class="lt-move" data-move="${esc(m.move)}"${enabled ? "" : " disabled"}>${esc(m.move)}</button>`)
    .join("") + (doc.more ? `<span class="lt-more-moves">and ${doc.more} more moves</span>` : "");
}

// ---- the live board (the play page): a <canvas> ----------------------------------------
//
// One <canvas> draws every cell. A 40x40 board is 1,600 hexagons: as SVG (4,800 elements)
// its first draw, from the data's arrival to the painted frame, took 2.6 times as long as
// on this canvas in headless Chromium (tests/browser/bench_first_draw.py; the figures are
// in docs/boards.md). The look is the SVG pictures' (boards.css): LOOK below mirrors it,
// the players' colours are read from the CSS variables --p0 ... --p7 of the canvas (class
// lt-board).
//
// Zoom and pan: like an <svg>, the canvas honours a `viewBox="x y w h"` attribute (board
// units, scaled to fit and centred: preserveAspectRatio xMidYMid meet); without one it
// shows the whole board (`board.width` x `board.height`).
//
// Test hooks (no per-cell DOM): the canvas element's `lazytreeBoard` is its Board;
// `board.cellCenter(i)` is where cell i is on screen (client pixels, for a click),
// `board.cellClass(i)` the classes the SVG would give it ("lt-cell t p0 can sel"),
// `board.arrows` the arrows drawn ([from, to] cells), `board.hover` the cell under the
// pointer. Each render() ends with performance.mark("lazytree:board-drawn") once the frame
// is painted (the page marks "lazytree:board-data" when the data arrives).

const LOOK = {
  hex: {
    fill: "#ccc", edge: "#fff", edgeWidth: 1.5, label: "#fff", font: 15, smallFont: 13,
    marks: { can: ["#222", 2.5], last: ["#ffd400", 3], target: ["#000", 3, [4, 2]], sel: ["#000", 4], hl: ["#111", 4] },
    brightness: { sel: 1.2, target: 0.75 }, hover: "rgba(255,255,255,0.35)",
  },
  grid: {
    fill: "#f7f2e6", dark: "#b58863", edge: "#999", edgeWidth: 1, label: "#222", font: 30,
    free: "#999", darkFree: "#f3e6d3", freeFont: 18, coord: "#888", coordFont: 12,
    name: "#8a7a66", darkName: "#f3e6d3", nameFont: 10,
    marks: { can: ["#555", 2], last: ["#e0b400", 3], target: ["#000", 3, [5, 3]], sel: ["#000", 5], hl: ["#111", 4] },
    brightness: {}, hover: "rgba(0,0,0,0.12)",
  },
  arrow: { colour: "rgba(34,34,34,0.75)", width: 3, head: 10 },
};
const MARK_ORDER = ["can", "last", "target", "sel", "hl"]; // later ones drawn on top
const DEFAULT_PLAYERS = ["#d9534f", "#4a7fd4", "#4caf50", "#f0a030", "#9b59b6", "#1abc9c", "#e86fb0", "#8d8d3a"];
const FONT = "bold %px system-ui, sans-serif";

export class Board {
  // `canvas`: the <canvas> to draw on; `onSelect(cell or null)` is called when the drawn
  // selection changes (the user selected or deselected a cell, or a new position cleared it).
  constructor(canvas, { onSelect = null } = {}) {
    if (!canvas.getContext) throw new Error("a live Board draws on a <canvas> element");
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.onSelect = onSelect;
    this.key = null;
    this.doc = null;
    this.width = 0; // the board's size in board units (0: nothing drawn yet)
    this.height = 0;
    this.selected = null;
    this.hover = null;
    this.arrows = [];
    this.marks = new Map();
    this.pointer = null;
    this.frame = 0;
    this.markPending = false;
    this.drawnSize = "";
    this.shades = new Map();
    canvas.classList.add("lt-board");
    canvas.lazytreeBoard = this;
    const remember = (e) => { this.pointer = { clientX: e.clientX, clientY: e.clientY }; };
    canvas.addEventListener("pointerdown", remember);
    canvas.addEventListener("pointerup", remember);
    canvas.addEventListener("pointermove", (e) => this.hoverAt(e));
    canvas.addEventListener("pointerleave", () => this.setHover(null));
    new MutationObserver((records) => {
      if (records.some((r) => r.attributeName.toLowerCase() === "viewbox") && this.geo) {
        const v = this.view();
        if (`${v.x} ${v.y} ${v.w} ${v.h}` !== this.drawnView) this.later();
      }
    }).observe(canvas, { attributes: true });
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => {
        if (!this.doc) this.prepare();
        else if (this.sizeKey() !== this.drawnSize) this.later();
      }).observe(canvas);
    }
  }

  // Get ready for the first position, while it is on its way (a page makes its Board when
  // it starts; the ResizeObserver calls this once the canvas is laid out, so nothing is
  // forced before the page asks for its data): the canvas's pixels allocated at the
  // element's size, the players' colours read, the labels' font found.
  prepare() {
    if (this.players) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.canvas.clientWidth * dpr), h = Math.round(this.canvas.clientHeight * dpr);
    if (!w || !h) return; // not shown yet
    const style = getComputedStyle(this.canvas);
    this.players = DEFAULT_PLAYERS.map((c, p) => style.getPropertyValue(`--p${p}`).trim() || c);
    this.canvas.width = w;
    this.canvas.height = h;
    this.ctx.font = FONT.replace("%", LOOK.hex.smallFont);
    this.ctx.measureText("0123456789");
    this.ctx.clearRect(0, 0, w, h);
  }

  shapeKey(doc) {
    return `${doc.kind}/${doc.rows}/${doc.cols}/${(doc.offsets ?? []).join(",")}/${doc.cells.length}`;
  }

  // Draw `doc` with `selected` (a cell or null) and the `last` turn's paths marked; the
  // moves' starts are outlined when `interactive`. Draws at once (not at the next frame).
  render(doc, { selected = null, last = [], interactive = false } = {}) {
    this.doc = doc;
    const marks = new Map();
    const add = (i, c) => marks.set(i, marks.has(i) ? `${marks.get(i)} ${c}` : c);
    if (interactive) {
      const starts = new Set(doc.moves.filter((m) => m.path.length).map((m) => m.path[0]));
      for (const i of starts) add(i, "can");
      if (selected !== null) {
        add(selected, "sel");
        for (const m of doc.moves) if (m.path.length > 1 && m.path[0] === selected) add(m.path[m.path.length - 1], "target");
      }
    }
    for (const path of last) for (const i of path) add(i, "last");
    if (this.key !== this.shapeKey(doc)) this.build(doc);
    this.marks = marks;
    this.paths = null;
    if (this.hover !== null && !this.clickable(this.hover)) this.hover = null;
    this.arrows = [];
    for (const path of last) for (let k = 1; k < path.length; k++) this.arrows.push([path[k - 1], path[k]]);
    this.draw();
    this.afterPaint();
    const was = this.selected;
    this.selected = interactive ? selected : null;
    if (this.onSelect && was !== this.selected) this.onSelect(this.selected);
  }

  build(doc) {
    this.key = this.shapeKey(doc);
    this.geo = geometry(doc);
    this.width = this.geo.width;
    this.height = this.geo.height;
    this.hover = null;
    // a square's fill as path text (hexagons are sprites)
    this.fillPath = doc.kind === "grid" ? this.geo.centres.map(([x, y]) => `M${x},${y}${SQUARE}`) : [];
    // which cell is at each (row, col), for hit testing (-1: none)
    this.at = new Int32Array(doc.rows * doc.cols).fill(-1);
    doc.cells.forEach((c, i) => { if (c.row < doc.rows && c.col < doc.cols) this.at[c.row * doc.cols + c.col] = i; });
    if (!this.players) {
      const style = getComputedStyle(this.canvas);
      this.players = DEFAULT_PLAYERS.map((c, p) => style.getPropertyValue(`--p${p}`).trim() || c);
    }
  }

  // The classes the SVG picture gives cell i (its owner, its marks): a test hook.
  cellClass(i) {
    const cell = this.doc && this.doc.cells[i];
    return cell ? cellClass(this.doc, cell, this.marks.get(i)) : null;
  }

  // Cell i's outline as path text.
  outline(i) {
    const [x, y] = this.geo.centres[i];
    return `M${x},${y}${this.doc.kind === "hex" ? HEX : SQUARE}`;
  }

  // The view: which board units the canvas shows (its viewBox attribute, else the board),
  // and how: k pixels a unit, the drawing's offset in the element.
  view() {
    const r = this.canvas.getBoundingClientRect();
    const box = (this.canvas.getAttribute("viewBox") ?? "").trim().split(/[\s,]+/).map(Number);
    const [x, y, w, h] = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0
      ? box : [0, 0, this.width, this.height];
    const k = Math.min(r.width / w, r.height / h);
    return { x, y, w, h, k, ox: (r.width - w * k) / 2, oy: (r.height - h * k) / 2, rect: r };
  }

  // Where cell i's centre is on screen, in client pixels (for a click), or null.
  cellCenter(i) {
    if (!this.geo || !this.geo.centres[i]) return null;
    const v = this.view();
    const [cx, cy] = this.geo.centres[i];
    return { x: v.rect.left + v.ox + (cx - v.x) * v.k, y: v.rect.top + v.oy + (cy - v.y) * v.k };
  }

  // The cell under a click: an event (or {clientX, clientY}); given the event's target
  // instead (as the SVG board took), the cell under the last pointer press. Null if none.
  cellAt(where) {
    const p = where && "clientX" in where ? where : this.pointer;
    if (!p || !this.geo) return null;
    const v = this.view();
    return this.cellAtPoint(v.x + (p.clientX - v.rect.left - v.ox) / v.k, v.y + (p.clientY - v.rect.top - v.oy) / v.k);
  }

  // The cell at board point (x, y), or null: hexagons by their geometry (pointy-top, rows
  // shifted by `offsets` half cells), squares by their row and column.
  cellAtPoint(x, y) {
    const doc = this.doc;
    if (doc.kind === "grid") {
      const col = Math.floor((x - this.geo.left) / S), row = Math.floor((y - this.geo.top) / S);
      return this.cellAtRowCol(row, col);
    }
    const offsets = doc.offsets ?? [];
    const r0 = Math.round((y - R - 4) / HH);
    let best = null, bestD = Infinity;
    for (let row = r0 - 1; row <= r0 + 1; row++) {
      if (row < 0) continue;
      const c0 = Math.round((x - 4 - HW / 2 - ((offsets[row] ?? 0) * HW) / 2) / HW);
      for (let col = c0 - 1; col <= c0 + 1; col++) {
        const i = this.cellAtRowCol(row, col);
        if (i === null) continue;
        const [cx, cy] = this.geo.centres[i];
        const d = (x - cx) ** 2 + (y - cy) ** 2;
        if (d < bestD) [best, bestD] = [i, d];
      }
    }
    if (best === null) return null;
    const dx = Math.abs(x - this.geo.centres[best][0]), dy = Math.abs(y - this.geo.centres[best][1]);
    return dx <= HW / 2 && dy <= R - dx / Math.sqrt(3) ? best : null;
  }

  cellAtRowCol(row, col) {
    if (row < 0 || col < 0 || row >= this.doc.rows || col >= this.doc.cols) return null;
    const i = this.at[row * this.doc.cols + col];
    return i < 0 ? null : i;
  }

  // Can a click on cell i do something (start or end a move)?
  clickable(i) {
    const m = this.marks.get(i);
    return Boolean(m && /\b(can|target|sel)\b/.test(m));
  }

  hoverAt(e) {
    if (!this.doc || e.buttons) return;
    this.setHover(this.cellAt(e));
  }

  setHover(i) {
    const cell = i !== null && this.clickable(i) ? i : null;
    this.canvas.style.cursor = cell === null ? "" : "pointer";
    if (cell === this.hover) return;
    this.hover = cell;
    this.later();
  }

  // Draw again at the next frame (zoom, pan, hover, resize), once however often asked.
  later() {
    if (this.frame || !this.doc) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  sizeKey() {
    return `${this.canvas.clientWidth}x${this.canvas.clientHeight}@${window.devicePixelRatio || 1}`;
  }

  draw() {
    if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
    const { canvas, ctx, doc } = this;
    const dpr = window.devicePixelRatio || 1;
    const cw = canvas.clientWidth, ch = canvas.clientHeight;
    this.drawnSize = this.sizeKey();
    if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
      canvas.width = Math.round(cw * dpr);
      canvas.height = Math.round(ch * dpr);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!cw || !ch || !this.geo) return;
    const v = this.view();
    this.drawnView = `${v.x} ${v.y} ${v.w} ${v.h}`;
    const look = doc.kind === "hex" ? LOOK.hex : LOOK.grid;
    if (!this.paths) this.paths = this.makePaths(doc, look);
    // only the cells in view (zoomed in, most are not)
    const x0 = v.x - v.ox / v.k - S, x1 = v.x + (cw - v.ox) / v.k + S;
    const y0 = v.y - v.oy / v.k - S, y1 = v.y + (ch - v.oy) / v.k + S;
    const shown = [];
    this.geo.centres.forEach(([x, y], i) => { if (x >= x0 && x <= x1 && y >= y0 && y <= y1) shown.push(i); });
    if (doc.kind === "hex") this.drawHexagons(look, shown, v, dpr);
    ctx.setTransform(dpr * v.k, 0, 0, dpr * v.k, dpr * (v.ox - v.x * v.k), dpr * (v.oy - v.y * v.k));
    const { fills, edges, marks } = this.paths;
    for (const [colour, path] of fills) {
      ctx.fillStyle = colour;
      ctx.fill(path);
    }
    if (this.hover !== null) {
      ctx.fillStyle = look.hover;
      ctx.fill(new Path2D(this.outline(this.hover)));
    }
    if (edges) {
      ctx.strokeStyle = look.edge;
      ctx.lineWidth = look.edgeWidth / v.k;
      ctx.stroke(edges);
    }
    for (const [mark, path] of marks) {
      const [colour, width, dash] = look.marks[mark];
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash ?? []);
      ctx.stroke(path);
    }
    ctx.setLineDash([]);
    if (doc.kind === "grid") {
      this.drawLabels(doc, look, shown, v.k);
      this.drawCoords(doc, look);
    }
    this.drawArrows();
  }

  // Hexagons as sprites: each look a cell can have (its fill, its label, whether it is
  // outlined as a move's start) is drawn once into a small canvas at the current scale,
  // then copied to each cell at whole device pixels: a 40x40 board is a few sprites and
  // 1,600 copies, several times faster than filling 1,600 hexagons and writing 1,600
  // labels (the raster, not the script, is what a first draw waits for).
  drawHexagons(look, shown, v, dpr) {
    const { ctx, doc } = this;
    const s = v.k * dpr; // device pixels a board unit
    if (this.spriteScale !== s) {
      this.sprites = new Map();
      this.labelIds = new Map(); // a number for each label, for the sprites' keys
      this.spriteScale = s;
    }
    const ox = dpr * (v.ox - v.x * v.k), oy = dpr * (v.oy - v.y * v.k);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // the edges between hexagons: the background, where the (smaller) fills leave it
    ctx.fillStyle = look.edge;
    ctx.fillRect(ox, oy, this.width * s, this.height * s);
    const w = Math.ceil(HW * s) + 2, h = Math.ceil(2 * R * s) + 2;
    // a sprite's key: the cell's owner, label and marks (few cells have marks)
    const labels = this.labelIds;
    const cells = doc.cells, centres = this.geo.centres, marks = this.marks, sprites = this.sprites;
    for (const i of shown) {
      const cell = cells[i];
      let label = labels.get(cell.label);
      if (label === undefined) labels.set(cell.label, (label = labels.size));
      const mark = marks.get(i);
      const key = mark === undefined ? (cell.owner + 1) * 4096 + label : `${cell.owner}|${cell.label}|${mark}`;
      let sprite = sprites.get(key);
      if (!sprite) {
        const can = mark !== undefined && (` ${mark} `).includes(" can ");
        sprite = this.hexSprite(look, this.fillOf(doc, i, look), cell, can, s, w, h, v.k);
        sprites.set(key, sprite);
      }
      const c = centres[i];
      ctx.drawImage(sprite, Math.round(ox + c[0] * s - w / 2), Math.round(oy + c[1] * s - h / 2));
    }
  }

  hexSprite(look, fill, cell, can, s, w, h, k) {
    const sprite = document.createElement("canvas");
    sprite.width = w;
    sprite.height = h;
    const ctx = sprite.getContext("2d");
    ctx.setTransform(s, 0, 0, s, w / 2, h / 2);
    ctx.fillStyle = fill;
    ctx.fill(HEX_FILL_PATH);
    if (can) {
      const [colour, width] = look.marks.can;
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke(HEX_CAN_PATH);
    }
    if (cell.label) {
      const [colour, size] = this.labelStyle(this.doc, look, cell.owner, false, k);
      if (size * k >= 5) { // else too small to read: the colours tell the owners
        ctx.fillStyle = colour;
        ctx.font = FONT.replace("%", size);
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(cell.label, 0, size * 0.06);
      }
    }
    return sprite;
  }

  // The position's paths, made once a render (zoom, pan and hover draw them again): for a
  // grid one Path2D a fill colour, for both kinds one a mark (a hexagon's "can" is in its
  // sprite), parsed from SVG path text (far faster than moveTo/lineTo calls).
  makePaths(doc, look) {
    const fills = [];
    if (doc.kind === "grid") {
      const groups = new Map();
      doc.cells.forEach((_, i) => {
        const colour = this.fillOf(doc, i, look);
        if (!groups.has(colour)) groups.set(colour, []);
        groups.get(colour).push(this.fillPath[i]);
      });
      for (const [colour, parts] of groups) fills.push([colour, new Path2D(parts.join(""))]);
    }
    const edges = doc.kind === "grid" ? new Path2D(this.fillPath.join("")) : null;
    const marks = [];
    for (const mark of MARK_ORDER) {
      if (mark === "can" && doc.kind === "hex") continue;
      const parts = [];
      for (const [i, m] of this.marks) if ((` ${m} `).includes(` ${mark} `)) parts.push(this.outline(i));
      if (parts.length) marks.push([mark, new Path2D(parts.join(""))]);
    }
    return { fills, edges, marks };
  }

  fillOf(doc, i, look) {
    const cell = doc.cells[i];
    let colour = doc.kind === "hex"
      ? (cell.owner >= 0 ? this.players[cell.owner % this.players.length] : look.fill)
      : (cell.shade === "dark" ? look.dark : look.fill);
    const mark = this.marks.get(i);
    if (mark) {
      for (const [name, k] of Object.entries(look.brightness)) {
        if ((` ${mark} `).includes(` ${name} `)) colour = this.shade(colour, k);
      }
    }
    return colour;
  }

  // `colour` k times as bright (CSS filter: brightness(k))
  shade(colour, k) {
    const key = `${colour}*${k}`;
    if (!this.shades.has(key)) {
      this.ctx.fillStyle = colour;
      const hex = String(this.ctx.fillStyle);
      let out = colour;
      if (/^#[0-9a-f]{6}$/i.test(hex)) {
        const c = [1, 3, 5].map((j) => Math.min(255, Math.round(parseInt(hex.slice(j, j + 2), 16) * k)));
        out = `rgb(${c.join(",")})`;
      }
      this.shades.set(key, out);
    }
    return this.shades.get(key);
  }

  // The labels (dice, pieces), grouped by colour and size; at least 10 px high on screen
  // where the cell has room for it, none where it has not.
  // A label's colour and size (board units) for a cell of `owner` (a free grid cell's on a
  // `dark` square or a light one): at least 10 px high on screen where the cell has room.
  labelStyle(doc, look, owner, dark, k) {
    let colour, size;
    const own = doc.colours && owner >= 0 ? doc.colours[owner] : null;
    if (doc.kind === "hex") {
      colour = own ?? look.label;
      size = doc.cols > 20 ? look.smallFont : look.font;
    } else if (owner >= 0) {
      colour = own ?? this.players[owner % this.players.length];
      size = look.font;
    } else {
      colour = dark ? look.darkFree : look.free;
      size = look.freeFont;
    }
    const room = doc.kind === "hex" ? R * 1.05 : S * 0.8;
    return [colour, Math.min(Math.max(size, 10 / k), room)];
  }

  // The labels (pieces) of a grid, grouped by style, and the cells' names (a checkers
  // square's number) small in their top left corners.
  drawLabels(doc, look, shown, k) {
    const ctx = this.ctx;
    const groups = new Map();
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell.label) continue;
      const key = cell.owner >= 0 ? cell.owner : cell.shade === "dark" ? -2 : -1;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(i);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [key, cells] of groups) {
      const [colour, size] = this.labelStyle(doc, look, key === -2 ? -1 : key, key === -2, k);
      if (size * k < 5) continue; // too small to read: the colours tell the owners
      ctx.fillStyle = colour;
      ctx.font = FONT.replace("%", size);
      const dy = size * 0.06;
      for (const i of cells) {
        const [x, y] = this.geo.centres[i];
        ctx.fillText(doc.cells[i].label, x, y + dy);
      }
    }
    const named = shown.filter((i) => doc.cells[i].name);
    if (named.length && look.nameFont * k >= 6) {
      ctx.font = `${look.nameFont}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      for (const i of named) {
        const [x, y] = this.geo.centres[i];
        ctx.fillStyle = doc.cells[i].shade === "dark" ? look.darkName : look.name;
        ctx.fillText(doc.cells[i].name, x - S / 2 + 3, y - S / 2 + 2);
      }
    }
  }

  drawCoords(doc, look) {
    const ctx = this.ctx, coords = doc.coords ?? {}, geo = this.geo;
    ctx.fillStyle = look.coord;
    ctx.font = `${look.coordFont}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    (coords.cols ?? []).forEach((t, c) => ctx.fillText(t, geo.left + c * S + S / 2, 10));
    (coords.rows ?? []).forEach((t, r) => ctx.fillText(t, 10, geo.top + r * S + S / 2));
  }

  // The last turn's moves: an arrow from each cell of a path to the next, 70% of the way.
  drawArrows() {
    const ctx = this.ctx, a = LOOK.arrow;
    ctx.strokeStyle = ctx.fillStyle = a.colour;
    ctx.lineWidth = a.width;
    for (const [from, to] of this.arrows) {
      const [x1, y1] = this.geo.centres[from], [x2, y2] = this.geo.centres[to];
      const x = x1 + (x2 - x1) * 0.7, y = y1 + (y2 - y1) * 0.7;
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const bx = x - Math.cos(angle) * a.head, by = y - Math.sin(angle) * a.head;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(bx - Math.sin(angle) * a.head / 2, by + Math.cos(angle) * a.head / 2);
      ctx.lineTo(bx + Math.sin(angle) * a.head / 2, by - Math.cos(angle) * a.head / 2);
      ctx.closePath();
      ctx.fill();
    }
  }

  // performance.mark("lazytree:board-drawn") once the frame showing the drawing is painted
  // (a rendering frame, then a task after it), once however many draws the frame holds.
  afterPaint() {
    if (this.markPending) return;
    this.markPending = true;
    requestAnimationFrame(() => setTimeout(() => {
      this.markPending = false;
      performance.mark("lazytree:board-drawn");
    }, 0));
  }

  // What a click on cell `i` does with `selected` the selection: {move} to play one, or
  // {select} the new selection (null: none).
  click(i, selected) {
    const moves = this.doc.moves;
    if (selected !== null && selected !== i) {
      const m = moves.find((m) => m.path.length > 1 && m.path[0] === selected && m.path[m.path.length - 1] === i);
      if (m) return { move: m.move };
    }
    const single = moves.find((m) => m.path.length === 1 && m.path[0] === i);
    if (single) return { move: single.move };
    const starts = moves.some((m) => m.path.length > 1 && m.path[0] === i);
    return { select: starts && i !== selected ? i : null };
  }
}
