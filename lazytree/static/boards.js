// lazytree boards: draws a `lazytree-board/1` document (lazytree/boards.py,
// board.schema.json) for the play page and the explorer. A plain ES module, no build step.
//
// * kind "hex": pointy-top hexagons in offset rows; kind "grid": squares; both are SVG,
//   one <g data-cell="N"> per cell (hex cells also carry data-territory="N");
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

// a hexagon around (0, 0) as a relative path (one <path> per cell draws faster than <use>)
const HEX = (() => {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push([R * Math.cos(a), R * Math.sin(a)]);
  }
  let d = `m${pts[0][0].toFixed(2)},${pts[0][1].toFixed(2)}`;
  for (let i = 1; i < 6; i++) {
    d += `l${(pts[i][0] - pts[i - 1][0]).toFixed(2)},${(pts[i][1] - pts[i - 1][1]).toFixed(2)}`;
  }
  return d + "z";
})();

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
    if (doc.kind === "hex") {
      parts.push(`<g data-cell="${i}" data-territory="${i}" class="${cls}"><path d="M${x.toFixed(1)},${y.toFixed(1)}${HEX}"/>${text}</g>`);
    } else {
      parts.push(`<g data-cell="${i}" class="${cls}"><rect x="${x - S / 2}" y="${y - S / 2}" width="${S}" height="${S}"/>${text}</g>`);
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

// One button per move that no click on the board makes (every move of a generic view).
export function moveButtons(doc, { enabled = true } = {}) {
  return doc.moves
    .filter((m) => doc.kind === "text" || m.path.length === 0)
    .map((m) => `<button class="lt-move" data-move="${esc(m.move)}"${enabled ? "" : " disabled"}>${esc(m.move)}</button>`)
    .join("") + (doc.more ? `<span class="lt-more-moves">and ${doc.more} more moves</span>` : "");
}

// A live board in an <svg> element (the play page): drawn once per shape, then updated in
// place (classes and labels), so a 40x40 board answers a click quickly.
export class Board {
  constructor(svg) {
    this.svg = svg;
    this.key = null;
    this.doc = null;
    this.classes = [];
    this.labels = [];
  }

  shapeKey(doc) {
    return `${doc.kind}/${doc.rows}/${doc.cols}/${(doc.offsets ?? []).join(",")}/${doc.cells.length}`;
  }

  build(doc, marks) {
    this.key = this.shapeKey(doc);
    this.geo = geometry(doc);
    this.width = this.geo.width;
    this.height = this.geo.height;
    this.svg.classList.add("lt-board");
    this.svg.innerHTML = markup(doc, this.geo, marks);
    this.cellGroup = this.svg.querySelector(".lt-cells");
    this.cells = Array.from(this.cellGroup.children);
    this.texts = this.cells.map((g) => g.lastChild);
    this.arrows = this.svg.querySelector(".lt-arrows");
    this.classes = doc.cells.map((cell, i) => cellClass(doc, cell, marks.get(i)));
    this.labels = doc.cells.map((cell) => cell.label);
    this.svg.classList.toggle("small-text", doc.kind === "hex" && doc.cols > 20);
  }

  // Draw `doc` with `selected` (a cell or null) and the `last` turn's paths marked; the
  // moves' starts are outlined when `interactive`.
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
    if (this.key !== this.shapeKey(doc)) {
      this.build(doc, marks);
    } else {
      doc.cells.forEach((cell, i) => {
        const c = cellClass(doc, cell, marks.get(i));
        if (c !== this.classes[i]) {
          this.cells[i].setAttribute("class", c);
          this.classes[i] = c;
        }
        if (cell.label !== this.labels[i]) {
          this.texts[i].textContent = cell.label;
          this.labels[i] = cell.label;
        }
        if (doc.colours) this.texts[i].style.fill = cell.owner >= 0 ? doc.colours[cell.owner] ?? "" : "";
      });
    }
    // the marked cells on top, so their neighbours do not hide half their outline
    const top = [];
    for (const [i, c] of marks) if (c !== "can") top.push(this.cells[i]);
    if (top.length) this.cellGroup.append(...top);
    this.arrows.innerHTML = arrowsMarkup(this.geo, last.filter((p) => p.length > 1));
  }

  // The cell under a click's target, or null.
  cellAt(target) {
    const g = target.closest && target.closest("[data-cell]");
    return g ? Number(g.dataset.cell) : null;
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
