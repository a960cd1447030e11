// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).
"use strict";
var lazytreeBoards = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

  // frontend/src/shared.ts
  var shared_exports = {};
  __export(shared_exports, {
    Board: () => Board,
    SCHEMA: () => SCHEMA,
    ServerService: () => ServerService,
    WorkerService: () => WorkerService,
    boardSvg: () => boardSvg,
    cellAtPoint: () => cellAtPoint,
    cellClass: () => cellClass,
    clickCell: () => clickCell,
    describeCell: () => describeCell,
    esc: () => esc,
    geometry: () => geometry,
    hasCells: () => hasCells,
    marksOf: () => marksOf,
    moveButton: () => moveButton,
    moveButtonNodes: () => moveButtonNodes,
    moveButtons: () => moveButtons,
    movesFrom: () => movesFrom,
    openService: () => openService,
    playerLetter: () => playerLetter,
    readPalette: () => readPalette,
    step: () => step,
    textBoard: () => textBoard,
    textMarkup: () => textMarkup,
    unpack: () => unpack,
    withDelta: () => withDelta
  });

  // frontend/src/board/types.ts
  function hasCells(doc) {
    return doc.kind !== "text" && Array.isArray(doc.cells);
  }

  // frontend/src/board/document.ts
  var SCHEMA = "lazytree-board/1";
  function unpack(layout, packed) {
    if (layout.kind === "text" || !layout.cells) {
      return { ...layout, text: String(packed), moves: [] };
    }
    let owners;
    let labels;
    if (Array.isArray(packed)) [owners, labels] = packed;
    else {
      const n = layout.cells.length;
      owners = packed.slice(0, n);
      labels = packed[n] === ":" ? Array.from(packed.slice(n + 1), (c) => c === " " ? "" : c) : packed.slice(n + 1).split("|");
    }
    const cells = layout.cells.map(
      (cell, i) => ({
        ...cell,
        owner: owners[i] === "." ? -1 : owners.charCodeAt(i) - 65,
        label: labels[i] ?? ""
      })
    );
    return { ...layout, cells, moves: [] };
  }
  function withDelta(board, delta) {
    const next = { ...board, ...delta.set };
    const loose = next;
    for (const key of delta.unset) delete loose[key];
    if (delta.lines) {
      const [count, lines] = delta.lines;
      const text = (board.text ?? "").split("\n");
      text.length = Math.min(text.length, count);
      for (const [i, line] of lines) {
        if (!(i >= 0 && i < count)) throw new RangeError(`the update changes line ${i}`);
        text[i] = line;
      }
      next.text = Array.from(text, (line) => line ?? "").join("\n");
    }
    if (delta.moves) next.moves = unpackMoves(delta.moves);
    const changed = [];
    if (board.cells) {
      const cells = board.cells.slice();
      for (const [i, cell] of delta.cells) {
        if (i < 0 || i >= cells.length) throw new RangeError(`the update changes cell ${i}`);
        cells[i] = cell;
        changed.push(i);
      }
      next.cells = cells;
    }
    return { board: next, changed };
  }
  function unpackMoves(runs) {
    const moves = [];
    let first = 0;
    for (const [template, length, numbers] of runs) {
      if (length === 0) {
        for (let k = 0; k < (numbers[0] ?? 0); k++) moves.push({ move: template, path: [] });
        continue;
      }
      const parts = template.split(/(\{\{|\}\}|\{[0-9]+\})/);
      for (let at = 0; at + length <= numbers.length; at += length) {
        first += numbers[at];
        const path = [first];
        for (let j = 1; j < length; j++) path.push(first + numbers[at + j]);
        let move = "";
        for (const part of parts) {
          if (part === "{{") move += "{";
          else if (part === "}}") move += "}";
          else if (part.length > 2 && part[0] === "{")
            move += String(path[Number(part.slice(1, -1))]);
          else move += part;
        }
        moves.push({ move, path });
      }
    }
    return moves;
  }
  function marksOf(doc, options = {}) {
    const { selected = null, last = [], interactive = false, cursor = null } = options;
    const marks = /* @__PURE__ */ new Map();
    const add = (i, c) => {
      const had = marks.get(i);
      marks.set(i, had ? `${had} ${c}` : c);
    };
    if (interactive) {
      const starts = /* @__PURE__ */ new Set();
      for (const m of doc.moves) if (m.path.length) starts.add(m.path[0]);
      for (const i of starts) add(i, "can");
      if (selected !== null) {
        add(selected, "sel");
        for (const m of doc.moves) {
          if (m.path.length > 1 && m.path[0] === selected)
            add(m.path[m.path.length - 1], "target");
        }
      }
    }
    for (const path of last) for (const i of path) add(i, "last");
    if (cursor !== null) add(cursor, "cursor");
    return marks;
  }
  function hasMark(marks, mark) {
    return marks !== void 0 && ` ${marks} `.includes(` ${mark} `);
  }
  function cellClass(doc, cell, mark) {
    let c = `lt-cell ${doc.kind === "hex" ? "t" : "cell"}`;
    if (cell.owner >= 0) c += ` p${cell.owner}`;
    else if (cell.label) c += " free";
    if (cell.shade === "dark") c += " dark";
    return mark ? `${c} ${mark}` : c;
  }
  function clickCell(doc, i, selected) {
    const moves = doc.moves;
    if (selected !== null && selected !== i) {
      const m = moves.find(
        (m2) => m2.path.length > 1 && m2.path[0] === selected && m2.path[m2.path.length - 1] === i
      );
      if (m) return { move: m.move };
    }
    const single = moves.find((m) => m.path.length === 1 && m.path[0] === i);
    if (single) return { move: single.move };
    const starts = moves.some((m) => m.path.length > 1 && m.path[0] === i);
    return { select: starts && i !== selected ? i : null };
  }
  function movesFrom(doc, i) {
    return doc.moves.filter((m) => m.path.length > 0 && m.path[0] === i);
  }
  function playerLetter(doc, player) {
    const name = doc.players?.[player];
    return name && [...name].length === 1 ? name : String.fromCharCode(65 + player % 26);
  }
  function letterCue(doc, cell) {
    if (cell.owner < 0) return "";
    const letter = playerLetter(doc, cell.owner);
    return cell.label.trim().toUpperCase() === letter.toUpperCase() ? "" : letter;
  }
  function cellPlace(doc, i) {
    const cell = doc.cells[i];
    if (doc.kind === "hex") return `territory ${i}`;
    if (cell.name) return `square ${cell.name}`;
    const col = doc.coords?.cols?.[cell.col];
    const row = doc.coords?.rows?.[cell.row];
    if (col !== void 0 && row !== void 0) return `square ${col}${row}`;
    return `square ${i} (row ${cell.row + 1}, column ${cell.col + 1})`;
  }
  function describeCell(doc, i, marks) {
    if (!hasCells(doc) || !doc.cells[i]) return "";
    const cell = doc.cells[i];
    const parts = [cellPlace(doc, i)];
    parts.push(cell.owner >= 0 ? `player ${cell.owner} (${playerLetter(doc, cell.owner)})` : "empty");
    const label = cell.label.trim();
    if (label) parts.push(label);
    if (hasMark(marks, "sel")) parts.push("selected");
    else if (hasMark(marks, "target")) parts.push("a move ends here");
    else if (hasMark(marks, "can")) parts.push("moves start here");
    if (hasMark(marks, "last")) parts.push("in the last turn");
    return parts.join(", ");
  }

  // frontend/src/board/geometry.ts
  var R = 20;
  var HW = Math.sqrt(3) * R;
  var HH = 1.5 * R;
  var S = 48;
  function geometry(doc) {
    const coords = doc.coords ?? {};
    if (doc.kind === "hex") {
      const offsets = doc.offsets ?? [];
      const centres2 = doc.cells.map(
        (c) => [
          c.col * HW + (offsets[c.row] ?? 0) * HW / 2 + HW / 2 + 4,
          c.row * HH + R + 4
        ]
      );
      const shift = Math.max(0, ...offsets);
      return {
        centres: centres2,
        left: 4,
        top: 4,
        width: (doc.cols + shift / 2) * HW + 8,
        height: (doc.rows - 1) * HH + 2 * R + 8
      };
    }
    const left = coords.rows ? 20 : 4;
    const top = coords.cols ? 20 : 4;
    const centres = doc.cells.map((c) => [left + c.col * S + S / 2, top + c.row * S + S / 2]);
    return { centres, left, top, width: left + doc.cols * S + 4, height: top + doc.rows * S + 4 };
  }
  function cellIndex(doc) {
    const at = new Int32Array(doc.rows * doc.cols).fill(-1);
    doc.cells.forEach((c, i) => {
      if (c.row >= 0 && c.col >= 0 && c.row < doc.rows && c.col < doc.cols) {
        at[c.row * doc.cols + c.col] = i;
      }
    });
    return at;
  }
  function cellAtRowCol(doc, at, row, col) {
    if (row < 0 || col < 0 || row >= doc.rows || col >= doc.cols) return null;
    const i = at[row * doc.cols + col] ?? -1;
    return i < 0 ? null : i;
  }
  function hexagon(r) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i - 30);
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    const f = (n) => n.toFixed(2);
    let d = `m${f(pts[0]?.[0] ?? 0)},${f(pts[0]?.[1] ?? 0)}`;
    for (let i = 1; i < 6; i++) {
      const [x, y] = pts[i];
      const [px, py] = pts[i - 1];
      d += `l${f(x - px)},${f(y - py)}`;
    }
    return `${d}z`;
  }
  function cellAtPoint(doc, geo, at, x, y) {
    if (doc.kind === "grid") {
      const col = Math.floor((x - geo.left) / S);
      const row = Math.floor((y - geo.top) / S);
      return cellAtRowCol(doc, at, row, col);
    }
    const offsets = doc.offsets ?? [];
    const r0 = Math.round((y - R - 4) / HH);
    let best = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (let row = r0 - 1; row <= r0 + 1; row++) {
      if (row < 0) continue;
      const c0 = Math.round((x - 4 - HW / 2 - (offsets[row] ?? 0) * HW / 2) / HW);
      for (let col = c0 - 1; col <= c0 + 1; col++) {
        const i = cellAtRowCol(doc, at, row, col);
        if (i === null) continue;
        const [cx, cy] = geo.centres[i];
        const d = (x - cx) ** 2 + (y - cy) ** 2;
        if (d < bestD) {
          best = i;
          bestD = d;
        }
      }
    }
    if (best === null) return null;
    const [bx, by] = geo.centres[best];
    const dx = Math.abs(x - bx);
    const dy = Math.abs(y - by);
    return dx <= HW / 2 && dy <= R - dx / Math.sqrt(3) ? best : null;
  }
  function step(doc, geo, at, i, direction, anchorX) {
    const cell = doc.cells[i];
    if (!cell) return i;
    if (direction === "left" || direction === "right") {
      const d2 = direction === "left" ? -1 : 1;
      for (let col = cell.col + d2; col >= 0 && col < doc.cols; col += d2) {
        const j = cellAtRowCol(doc, at, cell.row, col);
        if (j !== null) return j;
      }
      return i;
    }
    const d = direction === "up" ? -1 : 1;
    if (doc.kind === "grid") {
      for (let row = cell.row + d; row >= 0 && row < doc.rows; row += d) {
        const j = cellAtRowCol(doc, at, row, cell.col);
        if (j !== null) return j;
      }
      return i;
    }
    const x = anchorX ?? geo.centres[i][0];
    for (let row = cell.row + d; row >= 0 && row < doc.rows; row += d) {
      let best = null;
      let bestD = Number.POSITIVE_INFINITY;
      for (let col = 0; col < doc.cols; col++) {
        const j = cellAtRowCol(doc, at, row, col);
        if (j === null) continue;
        const dx = Math.abs(geo.centres[j][0] - x);
        if (dx < bestD - 1e-6) {
          best = j;
          bestD = dx;
        }
      }
      if (best !== null && bestD <= HW) return best;
    }
    return i;
  }
  var HEX_OUTLINE = hexagon(R);
  var SQUARE_OUTLINE = `m${-S / 2},${-S / 2}h${S}v${S}h${-S}z`;
  var CentreIndex = class {
    constructor(centres, pitch) {
      this.centres = centres;
      this.pitch = pitch;
      let right = 0;
      for (const [x] of centres) right = Math.max(right, x);
      this.columns = Math.floor(right / pitch) + 1;
      centres.forEach(([x, y], i) => {
        const key = this.key(x, y);
        const tile = this.tiles.get(key);
        if (tile) tile.push(i);
        else this.tiles.set(key, [i]);
      });
    }
    centres;
    pitch;
    tiles = /* @__PURE__ */ new Map();
    columns;
    key(x, y) {
      const col = Math.min(this.columns - 1, Math.max(0, Math.floor(x / this.pitch)));
      return Math.floor(y / this.pitch) * this.columns + col;
    }
    /** The cells whose extent (half-size `hx` x `hy`) meets one of `boxes`, in index order. */
    meeting(boxes, hx, hy) {
      const found = /* @__PURE__ */ new Set();
      const p = this.pitch;
      for (const [x0, y0, x1, y1] of boxes) {
        const c0 = Math.max(0, Math.floor((x0 - hx) / p));
        const c1 = Math.min(this.columns - 1, Math.floor((x1 + hx) / p));
        const r0 = Math.floor((y0 - hy) / p);
        const r1 = Math.floor((y1 + hy) / p);
        for (let row = r0; row <= r1; row++) {
          for (let col = c0; col <= c1; col++) {
            for (const i of this.tiles.get(row * this.columns + col) ?? []) {
              if (found.has(i)) continue;
              const [x, y] = this.centres[i];
              if (x + hx >= x0 && x - hx <= x1 && y + hy >= y0 && y - hy <= y1) found.add(i);
            }
          }
        }
      }
      return [...found].sort((a, b) => a - b);
    }
  };
  function halfSize(kind) {
    return kind === "hex" ? [HW / 2, R] : [S / 2, S / 2];
  }
  function cellsIn(centres, [x0, y0, x1, y1]) {
    const shown = [];
    for (let i = 0; i < centres.length; i++) {
      const c = centres[i];
      if (c[0] >= x0 && c[0] <= x1 && c[1] >= y0 && c[1] <= y1) shown.push(i);
    }
    return shown;
  }

  // frontend/src/board/look.ts
  var HEX_LOOK = {
    fill: "#ccc",
    dark: "#ccc",
    edge: "#fff",
    edgeWidth: 1.5,
    label: "#fff",
    font: 15,
    smallFont: 13,
    free: "#999",
    darkFree: "#999",
    freeFont: 15,
    coord: "#888",
    coordFont: 12,
    name: "#fff",
    darkName: "#fff",
    nameFont: 8,
    letter: "rgba(255,255,255,0.9)",
    letterFont: 8,
    marks: {
      can: ["#222", 2.5],
      last: ["#ffd400", 3],
      target: ["#000", 3, [4, 2]],
      sel: ["#000", 4],
      hl: ["#111", 4]
    },
    brightness: { sel: 1.2, target: 0.75 },
    hover: "rgba(255,255,255,0.35)"
  };
  var GRID_LOOK = {
    fill: "#f7f2e6",
    dark: "#b58863",
    edge: "#999",
    edgeWidth: 1,
    label: "#222",
    font: 30,
    smallFont: 30,
    free: "#999",
    darkFree: "#f3e6d3",
    freeFont: 18,
    coord: "#888",
    coordFont: 12,
    name: "#8a7a66",
    darkName: "#f3e6d3",
    nameFont: 10,
    letter: "#555",
    letterFont: 10,
    marks: {
      can: ["#555", 2],
      last: ["#e0b400", 3],
      target: ["#000", 3, [5, 3]],
      sel: ["#000", 5],
      hl: ["#111", 4]
    },
    brightness: {},
    hover: "rgba(0,0,0,0.12)"
  };
  var ARROW = { colour: "rgba(34,34,34,0.75)", width: 3, head: 10 };
  var CURSOR = [
    ["#000", 9],
    ["#fff", 5]
  ];
  var MARK_ORDER = ["can", "last", "target", "sel", "hl"];
  var FONT = (size) => `bold ${size}px system-ui, sans-serif`;
  var PALETTE_SIZE = 8;
  function readPalette(element) {
    const style = getComputedStyle(element);
    const fallback = style.getPropertyValue("--player-chance").trim() || "gray";
    const colours = [];
    for (let p = 0; p < PALETTE_SIZE; p++) {
      colours.push(style.getPropertyValue(`--player-${p}`).trim() || fallback);
    }
    return colours;
  }
  var Colours = class {
    constructor(ctx) {
      this.ctx = ctx;
    }
    ctx;
    /** The players' colours (empty until read). */
    players = [];
    /** The colour between hexagons (`--board-gap`, e.g. a dark page's panel), or "". */
    gap = "";
    shades = /* @__PURE__ */ new Map();
    /** Have the colours been read? */
    get ready() {
      return this.players.length > 0;
    }
    /** Read the palette and the gap colour from `element`'s custom properties. */
    read(element) {
      this.players = readPalette(element);
      this.gap = getComputedStyle(element).getPropertyValue("--board-gap").trim();
    }
    /** The fill of cell i of `doc` with `mark` its marks. */
    fill(doc, i, look, mark) {
      const cell = doc.cells[i];
      const players = this.players;
      let colour = doc.kind === "hex" ? cell.owner >= 0 ? players[cell.owner % players.length] ?? look.fill : look.fill : cell.shade === "dark" ? look.dark : look.fill;
      if (mark) {
        for (const [name, k] of Object.entries(look.brightness)) {
          if (` ${mark} `.includes(` ${name} `)) colour = this.shade(colour, k);
        }
      }
      return colour;
    }
    /** `colour` k times as bright (CSS filter: brightness(k)). */
    shade(colour, k) {
      const key = `${colour}*${k}`;
      let out = this.shades.get(key);
      if (out === void 0) {
        this.ctx.fillStyle = colour;
        const hex = String(this.ctx.fillStyle);
        out = colour;
        if (/^#[0-9a-f]{6}$/i.test(hex)) {
          const c = [1, 3, 5].map(
            (j) => Math.min(255, Math.round(Number.parseInt(hex.slice(j, j + 2), 16) * k))
          );
          out = `rgb(${c.join(",")})`;
        }
        this.shades.set(key, out);
      }
      return out;
    }
    /**
     * A label's colour and size (board units) for a cell of `owner` (a free grid cell's on a
     * `dark` square or a light one): at least 10 px high on screen where the cell has room.
     */
    label(doc, look, owner, dark, k) {
      const players = this.players;
      const own = doc.colours && owner >= 0 ? doc.colours[owner] : null;
      let colour;
      let size;
      if (doc.kind === "hex") {
        colour = own ?? look.label;
        size = doc.cols > 20 ? look.smallFont : look.font;
      } else if (owner >= 0) {
        colour = own ?? players[owner % players.length] ?? look.label;
        size = look.font;
      } else {
        colour = dark ? look.darkFree : look.free;
        size = look.freeFont;
      }
      const room = doc.kind === "hex" ? R * 1.05 : S * 0.8;
      return [colour, Math.min(Math.max(size, 10 / k), room)];
    }
  };

  // frontend/src/board/paint.ts
  function outlineAt(kind, [x, y]) {
    return `M${x},${y}${kind === "hex" ? HEX_OUTLINE : SQUARE_OUTLINE}`;
  }
  function makePaths(doc, look, colours, centres, squares, marks, cursor) {
    const fills = [];
    if (doc.kind === "grid") {
      const groups = /* @__PURE__ */ new Map();
      doc.cells.forEach((_, i) => {
        const colour = colours.fill(doc, i, look, marks.get(i));
        let group = groups.get(colour);
        if (!group) {
          group = [];
          groups.set(colour, group);
        }
        group.push(squares[i]);
      });
      for (const [colour, parts] of groups) fills.push([colour, new Path2D(parts.join(""))]);
    }
    const edges = doc.kind === "grid" ? new Path2D(squares.join("")) : null;
    const outlined = [];
    const outline = (i) => outlineAt(doc.kind, centres[i] ?? [0, 0]);
    for (const mark of MARK_ORDER) {
      if (mark === "can" && doc.kind === "hex") continue;
      const parts = [];
      for (const [i, m] of marks) if (hasMark(m, mark)) parts.push(outline(i));
      if (parts.length) outlined.push([mark, new Path2D(parts.join(""))]);
    }
    const ring = cursor === null || !doc.cells[cursor] ? null : new Path2D(outline(cursor));
    return { fills, edges, marks: outlined, cursor: ring };
  }
  function paintPaths(ctx, look, paths, hover, k) {
    for (const [colour, path] of paths.fills) {
      ctx.fillStyle = colour;
      ctx.fill(path);
    }
    if (hover !== null) {
      ctx.fillStyle = look.hover;
      ctx.fill(new Path2D(hover));
    }
    if (paths.edges) {
      ctx.strokeStyle = look.edge;
      ctx.lineWidth = look.edgeWidth / k;
      ctx.stroke(paths.edges);
    }
    for (const [mark, path] of paths.marks) {
      const [colour, width, dash] = look.marks[mark];
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(dash ?? []);
      ctx.stroke(path);
    }
    ctx.setLineDash([]);
  }
  function paintCursor(ctx, paths, k) {
    if (!paths.cursor) return;
    for (const [colour, width] of CURSOR) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width / k;
      ctx.stroke(paths.cursor);
    }
  }
  function paintLabels(ctx, doc, look, colours, centres, shown, k) {
    const groups = /* @__PURE__ */ new Map();
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell?.label) continue;
      const key = cell.owner >= 0 ? cell.owner : cell.shade === "dark" ? -2 : -1;
      let group = groups.get(key);
      if (!group) {
        group = [];
        groups.set(key, group);
      }
      group.push(i);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [key, cells] of groups) {
      const [colour, size] = colours.label(doc, look, key === -2 ? -1 : key, key === -2, k);
      if (size * k < 5) continue;
      ctx.fillStyle = colour;
      ctx.font = FONT(size);
      const dy = size * 0.06;
      for (const i of cells) {
        const [x, y] = centres[i] ?? [0, 0];
        ctx.fillText(doc.cells[i]?.label ?? "", x, y + dy);
      }
    }
    if (look.nameFont * k < 6) return;
    ctx.font = `${look.nameFont}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell?.name) continue;
      const [x, y] = centres[i] ?? [0, 0];
      ctx.fillStyle = cell.shade === "dark" ? look.darkName : look.name;
      ctx.fillText(cell.name, x - S / 2 + 3, y - S / 2 + 2);
    }
    ctx.font = FONT(look.letterFont);
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    for (const i of shown) {
      const cell = doc.cells[i];
      const cue = cell ? letterCue(doc, cell) : "";
      if (!cue || !cell) continue;
      const [x, y] = centres[i] ?? [0, 0];
      ctx.fillStyle = cell.shade === "dark" ? look.darkName : look.letter;
      ctx.fillText(cue, x + S / 2 - 3, y + S / 2 - 2);
    }
  }
  function paintCoords(ctx, doc, look, geo) {
    const coords = doc.coords ?? {};
    ctx.fillStyle = look.coord;
    ctx.font = `${look.coordFont}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    (coords.cols ?? []).forEach((t, c) => {
      ctx.fillText(t, geo.left + c * S + S / 2, 10);
    });
    (coords.rows ?? []).forEach((t, r) => {
      ctx.fillText(t, 10, geo.top + r * S + S / 2);
    });
  }
  function paintArrows(ctx, centres, arrows) {
    ctx.strokeStyle = ARROW.colour;
    ctx.fillStyle = ARROW.colour;
    ctx.lineWidth = ARROW.width;
    const head = ARROW.head;
    for (const [from, to] of arrows) {
      const [x1, y1] = centres[from] ?? [0, 0];
      const [x2, y2] = centres[to] ?? [0, 0];
      const x = x1 + (x2 - x1) * 0.7;
      const y = y1 + (y2 - y1) * 0.7;
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const bx = x - Math.cos(angle) * head;
      const by = y - Math.sin(angle) * head;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(bx - Math.sin(angle) * head / 2, by + Math.cos(angle) * head / 2);
      ctx.lineTo(bx + Math.sin(angle) * head / 2, by - Math.cos(angle) * head / 2);
      ctx.closePath();
      ctx.fill();
    }
  }
  function clearAndClip(ctx, boxes, s, ox, oy) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.beginPath();
    for (const [x0, y0, x1, y1] of boxes) {
      const left = Math.floor(ox + x0 * s);
      const top = Math.floor(oy + y0 * s);
      ctx.rect(left, top, Math.ceil(ox + x1 * s) - left, Math.ceil(oy + y1 * s) - top);
    }
    ctx.clip();
    for (const [x0, y0, x1, y1] of boxes) {
      ctx.clearRect(
        Math.floor(ox + x0 * s),
        Math.floor(oy + y0 * s),
        Math.ceil((x1 - x0) * s) + 2,
        Math.ceil((y1 - y0) * s) + 2
      );
    }
  }

  // frontend/src/board/cells.ts
  function shapeKey(doc) {
    return `${doc.kind}/${doc.rows}/${doc.cols}/${(doc.offsets ?? []).join(",")}/${doc.cells?.length}`;
  }
  var BoardCells = class {
    key = null;
    doc = null;
    geo = null;
    /** The board's size in board units (0: nothing drawn yet). */
    width = 0;
    height = 0;
    cursor = null;
    hover = null;
    arrows = [];
    marks = /* @__PURE__ */ new Map();
    /** A grid's cells' outlines (path text), for its fills and edges. */
    squares = [];
    at = new Int32Array(0);
    centreIndex = null;
    /** What makes two documents the same board (kind, size, offsets, cells). */
    shapeKey(doc) {
      return shapeKey(doc);
    }
    /** Show `doc` with the marks, cursor and last turn's arrows `options` give. */
    apply(doc, options) {
      if (!hasCells(doc)) throw new Error("a live Board draws hex and grid boards");
      this.doc = doc;
      if (this.key !== shapeKey(doc)) this.build(doc);
      this.marks = marksOf(doc, options);
      this.cursor = options.cursor ?? null;
      if (this.hover !== null && !this.clickable(this.hover)) this.hover = null;
      this.arrows = [];
      for (const path of options.last ?? []) {
        for (let k = 1; k < path.length; k++) {
          this.arrows.push([path[k - 1], path[k]]);
        }
      }
    }
    /** Get ready for a board of a new shape. */
    build(doc) {
      this.key = shapeKey(doc);
      this.geo = geometry(doc);
      this.centreIndex = null;
      this.width = this.geo.width;
      this.height = this.geo.height;
      this.hover = null;
      this.squares = doc.kind === "grid" ? this.geo.centres.map((c) => outlineAt("grid", c)) : [];
      this.at = cellIndex(doc);
    }
    /** The classes the SVG picture gives cell i (its owner, its marks): a test hook. */
    cellClass(i) {
      const cell = this.doc?.cells[i];
      return this.doc && cell ? cellClass(this.doc, cell, this.marks.get(i)) : null;
    }
    /** Cell i's outline as path text (board units). */
    outline(i) {
      return outlineAt(this.doc?.kind ?? "grid", this.centre(i));
    }
    /** Cell i's centre (board units). */
    centre(i) {
      return this.geo?.centres[i] ?? [0, 0];
    }
    /** The cell at board point (x, y), or null. */
    cellAtPoint(x, y) {
      if (!this.doc || !this.geo) return null;
      return cellAtPoint(this.doc, this.geo, this.at, x, y);
    }
    /** The cell at (row, col), or null. */
    cellAtRowCol(row, col) {
      return this.doc ? cellAtRowCol(this.doc, this.at, row, col) : null;
    }
    /** The index of cells by (row, col), for the cursor's moves. */
    get index() {
      return this.at;
    }
    /** Can a click on cell i do something (start or end a move)? */
    clickable(i) {
      const m = this.marks.get(i);
      return hasMark(m, "can") || hasMark(m, "target") || hasMark(m, "sel");
    }
    /** What a click on cell i does with `selected` the selection. */
    click(i, selected) {
      return this.doc ? clickCell(this.doc, i, selected) : { select: null };
    }
    /** The index of the cells' centres (made once for a board's shape). */
    near() {
      if (!this.centreIndex) {
        const [hx, hy] = halfSize(this.doc?.kind ?? "grid");
        this.centreIndex = new CentreIndex(this.geo?.centres ?? [], 2 * Math.max(hx, hy));
      }
      return this.centreIndex;
    }
  };

  // frontend/src/board/sprites.ts
  var HEX_FILL_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 0.75)}`);
  var HEX_CAN_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 2)}`);
  var HexSprites = class {
    constructor(colours) {
      this.colours = colours;
    }
    colours;
    sprites = /* @__PURE__ */ new Map();
    labelIds = /* @__PURE__ */ new Map();
    scale = 0;
    /**
     * Draw the hexagons `shown` of `doc` (centres `centres`, marks `marks`) on `ctx`, over
     * the gap colour filling the board's `width` x `height` units.
     */
    draw(ctx, doc, look, marks, centres, shown, size, { k, s, ox, oy }) {
      if (this.scale !== s) {
        this.sprites = /* @__PURE__ */ new Map();
        this.labelIds = /* @__PURE__ */ new Map();
        this.scale = s;
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = this.colours.gap || look.edge;
      ctx.fillRect(ox, oy, size[0] * s, size[1] * s);
      const w = Math.ceil(HW * s) + 2;
      const h = Math.ceil(2 * R * s) + 2;
      const labels = this.labelIds;
      for (const i of shown) {
        const cell = doc.cells[i];
        if (!cell) continue;
        let label = labels.get(cell.label);
        if (label === void 0) {
          label = labels.size;
          labels.set(cell.label, label);
        }
        const mark = marks.get(i);
        const key = mark === void 0 ? (cell.owner + 1) * 4096 + label : `${cell.owner}|${cell.label}|${mark}`;
        let sprite = this.sprites.get(key);
        if (!sprite) {
          sprite = this.sprite(doc, look, i, mark, s, w, h, k);
          this.sprites.set(key, sprite);
        }
        const c = centres[i];
        ctx.drawImage(sprite, Math.round(ox + c[0] * s - w / 2), Math.round(oy + c[1] * s - h / 2));
      }
    }
    sprite(doc, look, i, mark, s, w, h, k) {
      const cell = doc.cells[i];
      const sprite = document.createElement("canvas");
      sprite.width = w;
      sprite.height = h;
      const ctx = sprite.getContext("2d");
      ctx.setTransform(s, 0, 0, s, w / 2, h / 2);
      ctx.fillStyle = this.colours.fill(doc, i, look, mark);
      if (HEX_FILL_PATH) ctx.fill(HEX_FILL_PATH);
      if (hasMark(mark, "can") && HEX_CAN_PATH) {
        const [colour, width] = look.marks.can;
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        ctx.stroke(HEX_CAN_PATH);
      }
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      if (cell.label) {
        const [colour, size] = this.colours.label(doc, look, cell.owner, false, k);
        if (size * k >= 5) {
          ctx.fillStyle = colour;
          ctx.font = FONT(size);
          ctx.fillText(cell.label, 0, size * 0.06);
        }
      }
      const cue = letterCue(doc, cell);
      if (cue && look.letterFont * k >= 6) {
        ctx.fillStyle = look.letter;
        ctx.font = FONT(look.letterFont);
        ctx.fillText(cue, 0, R * 0.68);
      }
      return sprite;
    }
  };

  // frontend/src/board/viewport.ts
  function viewOf(canvas, width, height) {
    const r = canvas.getBoundingClientRect();
    const box = (canvas.getAttribute("viewBox") ?? "").trim().split(/[\s,]+/).map(Number);
    const [x, y, w, h] = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? box : [0, 0, width, height];
    const cw = canvas.clientWidth || r.width;
    const ch = canvas.clientHeight || r.height;
    const k = Math.min(cw / w, ch / h);
    return { x, y, w, h, k, ox: (cw - w * k) / 2, oy: (ch - h * k) / 2, rect: r };
  }
  function viewKey(v) {
    return `${v.x} ${v.y} ${v.w} ${v.h}`;
  }
  function toClient(v, c) {
    return {
      x: v.rect.left + v.ox + (c[0] - v.x) * v.k,
      y: v.rect.top + v.oy + (c[1] - v.y) * v.k
    };
  }
  function toBoard(v, clientX, clientY) {
    return [v.x + (clientX - v.rect.left - v.ox) / v.k, v.y + (clientY - v.rect.top - v.oy) / v.k];
  }
  function seenBox(v, cw, ch) {
    return [
      v.x - v.ox / v.k - S,
      v.y - v.oy / v.k - S,
      v.x + (cw - v.ox) / v.k + S,
      v.y + (ch - v.oy) / v.k + S
    ];
  }
  function previewTransform(r, dx, dy, scale, cx, cy) {
    const ox = cx - r.left;
    const oy = cy - r.top;
    return `translate(${ox + dx - ox * scale}px, ${oy + dy - oy * scale}px) scale(${scale})`;
  }

  // frontend/src/board/canvas.ts
  var MARGIN = 6;
  var PATCH_SHARE = 16;
  var Board = class extends BoardCells {
    canvas;
    ctx;
    /** Called when the drawn selection changes. */
    onSelect;
    selected = null;
    /** The cells the last draw drew (null: all of them). */
    lastDrawn = null;
    colours;
    sprites;
    pointer = null;
    frame = 0;
    markPending = false;
    drawnSize = "";
    drawnView = "";
    paths = null;
    /** The canvas's box before a preview's transform moved it. */
    untransformed = null;
    constructor(canvas, options = {}) {
      const ctx = canvas.getContext?.("2d");
      if (!ctx) throw new Error("a live Board draws on a <canvas> element");
      super();
      this.canvas = canvas;
      this.ctx = ctx;
      this.colours = new Colours(ctx);
      this.sprites = new HexSprites(this.colours);
      this.onSelect = options.onSelect ?? null;
      canvas.classList.add("lt-board");
      canvas.lazytreeBoard = this;
      const remember = (e) => {
        this.pointer = { clientX: e.clientX, clientY: e.clientY };
      };
      canvas.addEventListener("pointerdown", remember);
      canvas.addEventListener("pointerup", remember);
      canvas.addEventListener("pointermove", (e) => this.hoverAt(e));
      canvas.addEventListener("pointerleave", () => this.setHover(null));
      new MutationObserver((records) => {
        if (records.some((r) => r.attributeName?.toLowerCase() === "viewbox") && this.geo) {
          if (viewKey(this.view()) !== this.drawnView) this.later();
        }
      }).observe(canvas, { attributes: true });
      if (typeof ResizeObserver !== "undefined") {
        new ResizeObserver(() => {
          if (!this.doc) this.prepare();
          else if (this.sizeKey() !== this.drawnSize) this.later();
        }).observe(canvas);
      }
    }
    /**
     * Get ready for the first position while it is on its way: the canvas's pixels
     * allocated at the element's size, the palette read, the labels' font loaded.
     */
    prepare() {
      if (this.colours.ready) return;
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(this.canvas.clientWidth * dpr);
      const h = Math.round(this.canvas.clientHeight * dpr);
      if (!w || !h) return;
      this.colours.read(this.canvas);
      this.canvas.width = w;
      this.canvas.height = h;
      this.ctx.font = FONT(HEX_LOOK.smallFont);
      this.ctx.measureText("0123456789");
      this.ctx.clearRect(0, 0, w, h);
    }
    /** Draw `doc` whole, with the selection, last turn's paths and cursor marked. */
    render(doc, options = {}) {
      this.apply(doc, options);
      this.draw();
      this.afterPaint();
      this.tellSelection(options);
    }
    /**
     * Draw `doc`, the next position of the board drawn, redrawing only `changed` cells and
     * those whose marks or arrows changed when it can (the same board, view and size);
     * else the whole board.
     */
    update(doc, options = {}, changed = []) {
      const before = this.marks;
      const arrowsBefore = this.arrows;
      const hoverBefore = this.hover;
      const same = this.doc !== null && this.key === this.shapeKey(doc) && this.canPatch();
      this.apply(doc, options);
      if (!same) {
        this.draw();
      } else {
        const dirty = new Set(changed);
        for (const [i, m] of before) if (this.marks.get(i) !== m) dirty.add(i);
        for (const [i, m] of this.marks) if (before.get(i) !== m) dirty.add(i);
        for (const [a, b] of arrowsBefore) dirty.add(a).add(b);
        for (const [a, b] of this.arrows) dirty.add(a).add(b);
        if (hoverBefore !== null) dirty.add(hoverBefore);
        if (this.hover !== null) dirty.add(this.hover);
        this.draw(dirty);
      }
      this.afterPaint();
      this.tellSelection(options);
    }
    apply(doc, options) {
      super.apply(doc, options);
      this.paths = null;
    }
    tellSelection(options) {
      const was = this.selected;
      this.selected = options.interactive ? options.selected ?? null : null;
      if (this.onSelect && was !== this.selected) this.onSelect(this.selected);
    }
    canPatch() {
      if (!this.geo || this.frame) return false;
      return viewKey(this.view()) === this.drawnView && this.sizeKey() === this.drawnSize;
    }
    build(doc) {
      super.build(doc);
      if (!this.colours.ready) this.colours.read(this.canvas);
    }
    /** Which board units the canvas shows (its viewBox, else the board), and how. */
    view() {
      return viewOf(this.canvas, this.width, this.height);
    }
    /** Where cell i's centre is on screen, in client pixels (for a click), or null. */
    cellCenter(i) {
      const c = this.geo?.centres[i];
      if (!c) return null;
      return toClient(this.view(), c);
    }
    /** The board point (units) at client pixel (x, y). */
    boardPoint(clientX, clientY) {
      return toBoard(this.view(), clientX, clientY);
    }
    /**
     * The cell under a pointer: an event (or {clientX, clientY}); else the cell under the
     * last pointer press. Null if none.
     */
    cellAt(where) {
      const p = where && "clientX" in where ? where : this.pointer;
      if (!p || !this.geo) return null;
      const [x, y] = this.boardPoint(p.clientX, p.clientY);
      return this.cellAtPoint(x, y);
    }
    hoverAt(e) {
      if (!this.doc || e.buttons || e.pointerType === "touch") return;
      this.setHover(this.cellAt(e));
    }
    /** Light up cell i under the pointer (when a click there does something). */
    setHover(i) {
      const cell = i !== null && this.clickable(i) ? i : null;
      this.canvas.style.cursor = cell === null ? "" : "pointer";
      if (cell === this.hover) return;
      const was = this.hover;
      this.hover = cell;
      if (!this.doc) return;
      if (this.canPatch()) {
        const dirty = /* @__PURE__ */ new Set();
        if (was !== null) dirty.add(was);
        if (cell !== null) dirty.add(cell);
        this.draw(dirty);
      } else {
        this.later();
      }
    }
    /**
     * Show the drawn picture moved by (dx, dy) pixels and scaled by `scale` around client
     * point (cx, cy), without drawing (a drag or a pinch in progress); the next draw undoes it.
     */
    preview(dx, dy, scale = 1, cx = 0, cy = 0) {
      const style = this.canvas.style;
      const tx = style.transform;
      if (!tx || !this.untransformed) this.untransformed = this.canvas.getBoundingClientRect();
      if (!tx) style.transformOrigin = "0 0";
      style.transform = previewTransform(this.untransformed, dx, dy, scale, cx, cy);
    }
    /** Draw again at the next frame (zoom, pan, resize), once however often asked. */
    later() {
      if (this.frame || !this.doc) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
    }
    sizeKey() {
      return `${this.canvas.clientWidth}x${this.canvas.clientHeight}@${window.devicePixelRatio || 1}`;
    }
    /**
     * Draw the board: all of it, or only the cells `only` (and what overlaps them). Cells of
     * `only` out of view are skipped; when more than a sixteenth of the cells in view are to
     * be drawn again, the whole board is (that is faster than clipping to each of them).
     */
    draw(only) {
      if (this.frame) {
        cancelAnimationFrame(this.frame);
        this.frame = 0;
      }
      const { canvas, ctx, doc, geo } = this;
      const dpr = window.devicePixelRatio || 1;
      const cw = canvas.clientWidth;
      const ch = canvas.clientHeight;
      const v = cw && ch && geo && doc ? this.view() : null;
      const seen = v && seenBox(v, cw, ch);
      let dirty = null;
      if (only && seen && geo) {
        dirty = [];
        for (const i of only) {
          const c = geo.centres[i];
          if (c && c[0] >= seen[0] && c[0] <= seen[2] && c[1] >= seen[1] && c[1] <= seen[3])
            dirty.push(i);
        }
        if (dirty.length * PATCH_SHARE > cellsIn(geo.centres, seen).length) dirty = null;
      }
      if (!dirty) {
        if (canvas.style.transform) canvas.style.transform = "";
        this.drawnSize = this.sizeKey();
        if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
          canvas.width = Math.round(cw * dpr);
          canvas.height = Math.round(ch * dpr);
        }
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, canvas.width, canvas.height);
      }
      if (!v || !seen || !geo || !doc) return;
      if (!this.colours.ready) this.colours.read(this.canvas);
      this.drawnView = viewKey(v);
      const look = doc.kind === "hex" ? HEX_LOOK : GRID_LOOK;
      this.paths ??= makePaths(
        doc,
        look,
        this.colours,
        geo.centres,
        this.squares,
        this.marks,
        this.cursor
      );
      const s = v.k * dpr;
      const ox = dpr * (v.ox - v.x * v.k);
      const oy = dpr * (v.oy - v.y * v.k);
      const [hx, hy] = halfSize(doc.kind);
      const margin = Math.max(MARGIN, 6 / v.k);
      let shown;
      ctx.save();
      if (dirty) {
        const boxes = dirty.map((i) => {
          const [x, y] = this.centre(i);
          return [x - hx - margin, y - hy - margin, x + hx + margin, y + hy + margin];
        });
        clearAndClip(ctx, boxes, s, ox, oy);
        shown = this.near().meeting(boxes, hx, hy);
        this.lastDrawn = shown;
      } else {
        shown = cellsIn(geo.centres, seen);
        this.lastDrawn = null;
      }
      if (doc.kind === "hex") {
        const place = { k: v.k, s, ox, oy };
        this.sprites.draw(
          ctx,
          doc,
          look,
          this.marks,
          geo.centres,
          shown,
          [this.width, this.height],
          place
        );
      }
      ctx.setTransform(s, 0, 0, s, ox, oy);
      const hover = this.hover === null ? null : this.outline(this.hover);
      paintPaths(ctx, look, this.paths, hover, v.k);
      if (doc.kind === "grid") {
        paintLabels(ctx, doc, look, this.colours, geo.centres, shown, v.k);
        if (!only) paintCoords(ctx, doc, look, geo);
      }
      paintArrows(ctx, geo.centres, this.arrows);
      paintCursor(ctx, this.paths, v.k);
      ctx.restore();
    }
    /** performance.mark("lazytree:board-drawn") once the frame showing the drawing is painted. */
    afterPaint() {
      if (this.markPending) return;
      this.markPending = true;
      requestAnimationFrame(
        () => setTimeout(() => {
          this.markPending = false;
          performance.mark("lazytree:board-drawn");
        }, 0)
      );
    }
  };

  // frontend/src/board/dom.ts
  function textBoard(doc) {
    const pre = document.createElement("pre");
    pre.className = "lt-text-board";
    pre.dataset.role = "text";
    pre.textContent = doc.text ?? "";
    return pre;
  }
  function moveButton(move, options = {}) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "lt-move";
    button.dataset.move = move;
    button.textContent = move;
    button.disabled = options.enabled === false;
    return button;
  }
  function moveButtonNodes(doc, options = {}) {
    const nodes = doc.moves.filter((m) => doc.kind === "text" || m.path.length === 0).map((m) => moveButton(m.move, options));
    if (doc.more) {
      const more = document.createElement("span");
      more.className = "lt-more-moves";
      more.textContent = `and ${doc.more} more moves`;
      nodes.push(more);
    }
    return nodes;
  }

  // frontend/src/board/svg.ts
  var SVG = "http://www.w3.org/2000/svg";
  function esc(text) {
    const map = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
    return String(text).replace(/[&<>"]/g, (c) => map[c] ?? c);
  }
  function labelStyle(doc, owner) {
    const colour = doc.colours && owner >= 0 ? doc.colours[owner] : null;
    return colour ? ` style="fill:${esc(colour)}"` : "";
  }
  function markup(doc, geo, marks) {
    const parts = [
      `<defs><marker id="lt-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`
    ];
    const coords = doc.coords ?? {};
    if (doc.kind === "grid") {
      (coords.cols ?? []).forEach((t, c) => {
        parts.push(`<text class="lt-coord" x="${geo.left + c * S + S / 2}" y="14">${esc(t)}</text>`);
      });
      (coords.rows ?? []).forEach((t, r) => {
        parts.push(
          `<text class="lt-coord" x="10" y="${geo.top + r * S + S / 2 + 4}">${esc(t)}</text>`
        );
      });
    }
    parts.push(`<g class="lt-cells">`);
    doc.cells.forEach((cell, i) => {
      const [x, y] = geo.centres[i] ?? [0, 0];
      const cls = cellClass(doc, cell, marks.get(i));
      const ty = (y + (doc.kind === "hex" ? 5 : 10)).toFixed(1);
      const text = `<text x="${x.toFixed(1)}" y="${ty}"${labelStyle(doc, cell.owner)}>${esc(cell.label)}</text>`;
      const [nx, ny] = doc.kind === "hex" ? [x, y - R * 0.55] : [x - S / 2 + 3, y - S / 2 + 11];
      const name = cell.name ? `<text class="lt-name" x="${nx.toFixed(1)}" y="${ny.toFixed(1)}">${esc(cell.name)}</text>` : "";
      const [lx, ly] = doc.kind === "hex" ? [x, y + R * 0.78] : [x + S / 2 - 4, y + S / 2 - 4];
      const cue = letterCue(doc, cell);
      const letter = cue ? `<text class="lt-letter" x="${lx.toFixed(1)}" y="${ly.toFixed(1)}">${esc(cue)}</text>` : "";
      if (doc.kind === "hex") {
        parts.push(
          `<g data-cell="${i}" data-territory="${i}" class="${cls}"><path d="M${x.toFixed(1)},${y.toFixed(1)}${HEX_OUTLINE}"/>${text}${name}${letter}</g>`
        );
      } else {
        parts.push(
          `<g data-cell="${i}" class="${cls}"><rect x="${x - S / 2}" y="${y - S / 2}" width="${S}" height="${S}"/>${text}${name}${letter}</g>`
        );
      }
    });
    parts.push(`</g><g class="lt-arrows" data-role="arrows"></g>`);
    return parts.join("");
  }
  function textMarkup(doc) {
    return `<pre class="lt-text-board" data-role="text">${esc(doc.text ?? "")}</pre>`;
  }
  function boardSvg(doc, options = {}) {
    if (!hasCells(doc)) return textMarkup(doc);
    const { highlight = [], width = 300 } = options;
    const geo = geometry(doc);
    const marks = new Map(highlight.map((i) => [i, "hl"]));
    const scale = Math.min(1, width / geo.width);
    return `<svg class="lt-board lt-small" xmlns="${SVG}" width="${(geo.width * scale).toFixed(0)}" height="${(geo.height * scale).toFixed(0)}" viewBox="0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}">${markup(doc, geo, marks)}</svg>`;
  }
  function moveButtons(doc, options = {}) {
    const { enabled = true } = options;
    const buttons = doc.moves.filter((m) => doc.kind === "text" || m.path.length === 0).map(
      (m) => `<button class="lt-move" data-move="${esc(m.move)}"${enabled ? "" : " disabled"}>${esc(m.move)}</button>`
    ).join("");
    return buttons + (doc.more ? `<span class="lt-more-moves">and ${doc.more} more moves</span>` : "");
  }

  // frontend/src/play/connection.ts
  function backoff(retry, random = Math.random()) {
    return Math.min(1e4, 300 * 2 ** retry) * (0.75 + random / 2);
  }
  var Connection = class {
    constructor(session, events) {
      this.session = session;
      this.events = events;
    }
    session;
    events;
    socket = null;
    retry = 0;
    /** Open the connection (again). */
    connect() {
      const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(`${proto}//${window.location.host}/ws/${this.session}`);
      this.socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ hello: this.events.hello() }));
      ws.onmessage = (event) => {
        const raw = event.data;
        if (raw.startsWith('{"type":"update"')) performance.mark("lazytree:board-data");
        const message = JSON.parse(raw);
        if (message.type === "update") {
          this.retry = 0;
          this.events.status("");
        }
        this.events.message(message);
      };
      ws.onclose = (event) => {
        if (this.socket !== ws) return;
        this.socket = null;
        this.events.closed();
        if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
          this.events.status("not connected: this page's link was refused");
          return;
        }
        const wait = backoff(this.retry);
        this.retry += 1;
        this.events.status(`connection lost: reconnecting in ${(wait / 1e3).toFixed(1)} s…`);
        setTimeout(() => this.connect(), wait);
      };
    }
    /** Whether a message can be sent now. */
    get open() {
      return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
    }
    /** Whether the page has a connection (open or opening). */
    get exists() {
      return this.socket !== null;
    }
    /** Send `data` as JSON. */
    send(data) {
      this.socket?.send(JSON.stringify(data));
    }
    /** Close it because the page cannot go on with it (it reconnects). */
    abort(reason) {
      this.socket?.close(4e3, reason);
    }
    /** Close it for good (the page is left). */
    close() {
      const ws = this.socket;
      this.socket = null;
      ws?.close(1e3, "page closed");
    }
  };

  // frontend/src/play/service.ts
  var ServerService = class {
    constructor(session, events, call) {
      this.call = call;
      this.connection = new Connection(session, events);
    }
    call;
    connection;
    local = false;
    connect() {
      this.connection.connect();
    }
    get open() {
      return this.connection.open;
    }
    get exists() {
      return this.connection.exists;
    }
    send(data) {
      this.connection.send(data);
    }
    abort(reason) {
      this.connection.abort(reason);
    }
    close() {
      this.connection.close();
    }
    request(path, body) {
      return this.call(path, body);
    }
  };
  var WorkerService = class {
    constructor(script, query, events, kind = "game") {
      this.script = script;
      this.query = query;
      this.events = events;
      this.kind = kind;
    }
    script;
    query;
    events;
    kind;
    worker = null;
    ready = false;
    next = 0;
    pending = /* @__PURE__ */ new Map();
    /** Pyodide's interrupt buffer, shared with the worker where the page is cross-origin
     * isolated: Stop writes 2 (SIGINT) there, which stops the search while it runs. */
    interrupt = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : void 0;
    local = true;
    connect() {
      if (this.worker) {
        if (this.ready) this.hello();
        return;
      }
      const worker = new Worker(this.script, { type: "module" });
      this.worker = worker;
      worker.onmessage = (event) => this.receive(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.events.status(`the game's worker failed: ${event.message}`);
      };
      const base = new URL(".", new URL(this.script, window.location.href)).href;
      const interrupt = this.interrupt;
      this.post({ kind: "start", service: this.kind, query: this.query, base, interrupt });
    }
    receive(data) {
      if (data.kind === "status") {
        this.events.status(data.text);
      } else if (data.kind === "ready") {
        for (const { name, at } of data.stages ?? []) {
          performance.mark(`lazytree:worker-${name}`, { startTime: at - performance.timeOrigin });
        }
        this.ready = true;
        this.hello();
      } else if (data.kind === "failed") {
        this.ready = false;
        this.events.status(data.error);
        this.events.closed();
      } else if (data.kind === "message") {
        const raw = data.text;
        if (raw.startsWith('{"type": "update"')) performance.mark("lazytree:board-data");
        const message = JSON.parse(raw);
        if (message.type === "update") this.events.status("");
        this.events.message(message);
      } else if (data.kind === "answer") {
        const waiting = this.pending.get(data.id);
        if (!waiting) return;
        this.pending.delete(data.id);
        const answer = JSON.parse(data.text);
        if (data.status >= 400) waiting.reject(new Error(answer.error || `${data.status}`));
        else waiting.resolve(answer);
      }
    }
    hello() {
      this.post({ kind: "message", text: JSON.stringify({ hello: this.events.hello() }) });
    }
    post(message) {
      this.worker?.postMessage(message);
    }
    get open() {
      return this.ready;
    }
    get exists() {
      return this.worker !== null;
    }
    send(data) {
      this.post({ kind: "message", text: JSON.stringify(data) });
    }
    abort(_reason) {
      this.post({ kind: "message", text: JSON.stringify({ hello: { ply: 0 } }) });
    }
    close() {
      this.worker?.terminate();
      this.worker = null;
      this.ready = false;
      for (const waiting of this.pending.values()) waiting.reject(new Error("the page closed"));
      this.pending.clear();
    }
    request(path, body) {
      const id = this.next++;
      const slash = path.indexOf("/");
      const own = slash < 0 ? "" : path.slice(slash + 1);
      if (own === "stop" && this.interrupt) Atomics.store(this.interrupt, 0, 2);
      return new Promise((resolve, reject) => {
        if (!this.worker) {
          reject(new Error("not connected"));
          return;
        }
        this.pending.set(id, { resolve, reject });
        this.post({
          kind: "request",
          id,
          path: own,
          body: body === void 0 ? null : JSON.stringify(body)
        });
      });
    }
  };
  function openService(session, events, call, dataset) {
    if (dataset.service === "worker")
      return new WorkerService(dataset.worker ?? "worker.js", window.location.search, events);
    return new ServerService(session, events, call);
  }
  return __toCommonJS(shared_exports);
})();
