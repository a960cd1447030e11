// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).
"use strict";
(() => {
  // frontend/src/board/types.ts
  function hasCells(doc) {
    return doc.kind !== "text" && Array.isArray(doc.cells);
  }

  // frontend/src/board/document.ts
  function withDelta(board, delta) {
    const next = { ...board, ...delta.set };
    const loose2 = next;
    for (const key of delta.unset) delete loose2[key];
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

  // frontend/src/play/el.ts
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === void 0 || v === null || v === false) continue;
      if (k === "dataset" && typeof v === "object") Object.assign(node.dataset, v);
      else if (k === "className") node.className = String(v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat())
      if (c !== null && c !== void 0 && c !== false && c !== "") node.append(c);
    return node;
  }
  function must(selector, root = document) {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`the page has no ${selector}`);
    return found;
  }
  function showError(message) {
    const box = must("#error");
    box.textContent = message;
    box.hidden = !message;
  }

  // frontend/src/play/api.ts
  async function api(path, body, seat, session) {
    const headers = seat ? { "X-Lazytree-Seat": seat } : {};
    const options = body === void 0 ? { headers } : {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body)
    };
    const response = await fetch(`/api/sessions/${path}`, options);
    if (path === session || /\/(move|ai|undo|redo)$/.test(path))
      performance.mark("lazytree:board-data");
    const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
    if (!response.ok) throw new Error(data.error || `${response.status}`);
    return data;
  }
  async function loadFile(event, seat) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const text = await file.text();
      let data;
      try {
        data = JSON.parse(text);
      } catch (e) {
        throw new Error(`${file.name} is not JSON: ${e.message}`);
      }
      const made = await api("load", data, seat, "");
      window.location.href = made.url;
    } catch (e) {
      showError(`cannot load ${file.name}: ${e.message}`);
    }
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
      const shift2 = Math.max(0, ...offsets);
      return {
        centres: centres2,
        left: 4,
        top: 4,
        width: (doc.cols + shift2 / 2) * HW + 8,
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
    const button2 = document.createElement("button");
    button2.type = "button";
    button2.className = "lt-move";
    button2.dataset.move = move;
    button2.textContent = move;
    button2.disabled = options.enabled === false;
    return button2;
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

  // frontend/src/play/gestures.ts
  var SLOP = 5;
  var DOUBLE_TAP_MS = 350;
  var DOUBLE_TAP_PX = 24;
  var WHEEL_REST = 150;
  var WHEEL_STEP = 1.2;
  var Gestures = class {
    constructor(board, viewport, commit) {
      this.board = board;
      this.viewport = viewport;
      this.commit = commit;
      const canvas = board.canvas;
      canvas.addEventListener("pointerdown", (e) => this.down(e));
      canvas.addEventListener("pointermove", (e) => this.move(e));
      canvas.addEventListener("pointerup", (e) => this.up(e, true));
      canvas.addEventListener("pointercancel", (e) => this.up(e, false));
      canvas.addEventListener(
        "wheel",
        (e) => {
          e.preventDefault();
          this.turn(e);
        },
        { passive: false }
      );
    }
    board;
    viewport;
    commit;
    /** Whether the last press became a drag or a pinch (its click is not a click). */
    dragged = false;
    gesture = { start: /* @__PURE__ */ new Map(), now: /* @__PURE__ */ new Map() };
    lastTap = null;
    /** A wheel zoom in progress: where it is centred and how far it has zoomed. */
    wheel = null;
    wheelTimer = null;
    /** A turn of the wheel: the picture scaled at once, the view set once it rests. */
    turn(e) {
      if (!e.deltaY) return;
      if (!this.wheel) {
        const [bx, by] = this.board.boardPoint(e.clientX, e.clientY);
        this.wheel = { cx: e.clientX, cy: e.clientY, bx, by, scale: 1 };
      }
      const w = this.wheel;
      const step2 = e.deltaY > 0 ? 1 / WHEEL_STEP : WHEEL_STEP;
      w.scale = this.viewport.w / this.viewport.clampWidth(this.viewport.w / (w.scale * step2));
      this.board.preview(0, 0, w.scale, w.cx, w.cy);
      if (this.wheelTimer !== null) clearTimeout(this.wheelTimer);
      this.wheelTimer = setTimeout(() => this.rest(), WHEEL_REST);
    }
    /** The wheel rested (or a press began): set the view it zoomed to, and draw it. */
    rest() {
      if (this.wheelTimer !== null) clearTimeout(this.wheelTimer);
      this.wheelTimer = null;
      const w = this.wheel;
      this.wheel = null;
      if (!w) return;
      this.board.canvas.style.transform = "";
      this.viewport.zoomAt(1 / w.scale, w.bx, w.by);
      this.commit();
      this.board.draw();
    }
    down(e) {
      this.rest();
      if (e.pointerType === "mouse" && e.button !== 0) return;
      const g = this.gesture;
      if (g.start.size === 0) this.dragged = false;
      for (const [id, p] of g.now) g.start.set(id, p);
      g.start.set(e.pointerId, [e.clientX, e.clientY]);
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      if (g.start.size > 1) this.dragged = true;
      this.board.canvas.setPointerCapture?.(e.pointerId);
    }
    move(e) {
      const g = this.gesture;
      if (!g.now.has(e.pointerId)) return;
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      const { dx, dy, scale, cx, cy } = this.shape();
      if (!this.dragged && Math.hypot(dx, dy) < SLOP && scale === 1) return;
      this.dragged = true;
      this.board.preview(dx, dy, scale, cx, cy);
    }
    up(e, tap) {
      const g = this.gesture;
      if (!g.now.has(e.pointerId)) return;
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.dragged) this.apply();
      g.start.delete(e.pointerId);
      g.now.delete(e.pointerId);
      for (const [id, p] of g.now) g.start.set(id, p);
      if (tap && !this.dragged && e.pointerType === "touch") this.tapped(e);
    }
    /** The gesture so far: the pointers' mean moved by (dx, dy), their spread scaled. */
    shape() {
      const g = this.gesture;
      const ids = [...g.now.keys()];
      const mean = (m) => {
        let x = 0;
        let y = 0;
        for (const id of ids) {
          const p = m.get(id) ?? [0, 0];
          x += p[0] / ids.length;
          y += p[1] / ids.length;
        }
        return [x, y];
      };
      const [sx, sy] = mean(g.start);
      const [nx, ny] = mean(g.now);
      let scale = 1;
      if (ids.length >= 2) {
        const [a, b] = ids;
        const d = (m) => {
          const p = m.get(a) ?? [0, 0];
          const q = m.get(b) ?? [0, 0];
          return Math.hypot(p[0] - q[0], p[1] - q[1]);
        };
        const d0 = d(g.start);
        if (d0 > 10) scale = d(g.now) / d0;
      }
      return { dx: nx - sx, dy: ny - sy, scale, cx: sx, cy: sy };
    }
    /** Set the view to what the transform shows, and draw it. */
    apply() {
      const { dx, dy, scale, cx, cy } = this.shape();
      const board = this.board;
      board.canvas.style.transform = "";
      const k = board.view().k;
      const [bx, by] = board.boardPoint(cx, cy);
      this.viewport.panBy(-dx / k, -dy / k);
      if (scale !== 1) this.viewport.zoomAt(1 / scale, bx, by);
      this.commit();
      board.draw();
    }
    tapped(e) {
      const now = e.timeStamp;
      const last = this.lastTap;
      const cell = this.board.cellAt(e);
      if (last && now - last.t < DOUBLE_TAP_MS && Math.hypot(e.clientX - last.x, e.clientY - last.y) < DOUBLE_TAP_PX && cell === last.cell) {
        this.lastTap = null;
        const [x, y] = this.board.boardPoint(e.clientX, e.clientY);
        this.viewport.zoomAt(1 / 2, x, y);
        this.commit();
        return;
      }
      this.lastTap = { t: now, x: e.clientX, y: e.clientY, cell };
    }
  };

  // frontend/src/play/viewport.ts
  var Viewport = class {
    x = 0;
    y = 0;
    w = 100;
    h = 100;
    boardWidth = 100;
    boardHeight = 100;
    /** The whole board. */
    fit(width, height) {
      this.boardWidth = width;
      this.boardHeight = height;
      Object.assign(this, { x: 0, y: 0, w: width, h: height });
    }
    /** Zoom by `factor` (< 1: in) keeping board point (cx, cy) where it is (default: centre). */
    zoomAt(factor, cx, cy) {
      const x = cx ?? this.x + this.w / 2;
      const y = cy ?? this.y + this.h / 2;
      const w = this.clampWidth(this.w * factor);
      const k = w / this.w;
      this.x = x - (x - this.x) * k;
      this.y = y - (y - this.y) * k;
      this.w = w;
      this.h *= k;
    }
    /** `w` within the zoom's limits: from 60 units (the closest) to 4 boards wide. */
    clampWidth(w) {
      return Math.max(60, Math.min(w, this.boardWidth * 4));
    }
    /** Move the view by (dx, dy) board units. */
    panBy(dx, dy) {
      this.x += dx;
      this.y += dy;
    }
    /**
     * Pan as little as needed so the point (px, py) is at least `margin` units inside the
     * rectangle `shown` (what the canvas shows of the view, which may be wider than the box),
     * never to show what lies past the board's edges: a cell on the board's edge is revealed
     * with the edge, and a board already in view never moves. Returns whether it panned.
     */
    reveal(px, py, shown, margin) {
      const dx = shift(px, margin, shown.x, shown.w, this.boardWidth);
      const dy = shift(py, margin, shown.y, shown.h, this.boardHeight);
      if (!dx && !dy) return false;
      this.panBy(dx, dy);
      return true;
    }
    /** The viewBox attribute's text. */
    toString() {
      return `${this.x} ${this.y} ${this.w} ${this.h}`;
    }
  };
  function shift(p, margin, start, size, extent) {
    const low = Math.max(p - margin, Math.min(0, p));
    const high = Math.min(p + margin, Math.max(extent, p));
    if (high - low > size) return p - size / 2 - start;
    if (low < start) return low - start;
    if (high > start + size) return high - (start + size);
    return 0;
  }

  // frontend/src/play/board-view.ts
  var ZOOM = 1.4;
  var BoardView = class {
    canvas = must("#board");
    board = new Board(this.canvas);
    viewport = new Viewport();
    gestures = new Gestures(this.board, this.viewport, () => this.setViewBox());
    constructor() {
      const on = (action, f) => must(`[data-action=${action}]`).addEventListener("click", f);
      on("zoom-in", () => this.zoom(1 / ZOOM));
      on("zoom-out", () => this.zoom(ZOOM));
      on("zoom-fit", () => this.fit());
    }
    /** Is `doc` a new board (another shape than the one drawn)? */
    isNew(doc) {
      return hasCells(doc) && this.board.key !== this.board.shapeKey(doc);
    }
    /**
     * Draw `doc` (of the game `game`) with `options`' marks: a new board whole and fitted,
     * else only `changed` cells (and marks) when given; the generic view as text.
     */
    draw(doc, options, changed, game) {
      const text = !hasCells(doc);
      this.canvas.toggleAttribute("hidden", text);
      must(".zoom").hidden = text;
      must("#board-cursor").hidden = text;
      const textBox = must("#text-board");
      textBox.hidden = !text;
      if (text) {
        textBox.replaceChildren(textBoard(doc));
        return;
      }
      if (this.isNew(doc)) {
        this.board.render(doc, options);
        this.fit();
      } else if (changed) {
        this.board.update(doc, options, changed);
      } else {
        this.board.render(doc, options);
      }
      this.canvas.setAttribute("aria-label", `${game} board, ${doc.cells?.length} cells`);
    }
    /** The canvas shows the viewport's box. */
    setViewBox() {
      this.canvas.setAttribute("viewBox", this.viewport.toString());
    }
    /** Show the whole board. */
    fit() {
      if (!this.board.width) return;
      this.viewport.fit(this.board.width, this.board.height);
      this.setViewBox();
    }
    /** Zoom by `factor` (below 1: in) about cell `cell`'s centre (null: the view's). */
    zoom(factor, cell = null) {
      const c = cell === null ? void 0 : this.board.geo?.centres[cell];
      this.viewport.zoomAt(factor, c?.[0], c?.[1]);
      this.setViewBox();
    }
    /** Pan so cell `cell` is on screen (drawn at once). */
    reveal(cell) {
      const c = cell === null ? void 0 : this.board.geo?.centres[cell];
      if (!c) return;
      const v = this.board.view();
      const shown = {
        x: v.x - v.ox / v.k,
        y: v.y - v.oy / v.k,
        w: this.canvas.clientWidth / v.k,
        h: this.canvas.clientHeight / v.k
      };
      if (this.viewport.reveal(c[0], c[1], shown, 30)) {
        this.setViewBox();
        this.board.draw();
      }
    }
  };

  // frontend/src/play/controller.ts
  var KEYS = {
    ArrowLeft: "left",
    ArrowRight: "right",
    ArrowUp: "up",
    ArrowDown: "down"
  };
  var ZOOM2 = 1.4;
  var BoardController = class {
    constructor(state, cells, page) {
      this.state = state;
      this.cells = cells;
      this.page = page;
    }
    state;
    cells;
    page;
    /** The keyboard has the board: the cursor shows. */
    focused = false;
    /** The column (board units) the up and down keys keep to. */
    anchorX;
    /** A click (or tap) on cell `c` at time `started`: the cursor goes there, and it acts. */
    click(c, started) {
      this.state.cursor = c;
      if (!this.state.isHumanTurn()) {
        this.page.redrawMarks();
        this.page.describeCursor();
        return;
      }
      this.act(c, started);
    }
    /** Cell `c` chosen (a click, Enter): select it, or play the move it ends. */
    act(c, started) {
      const s = this.state;
      if (!s.view || !s.isHumanTurn()) return;
      const what = this.cells.click(c, s.selected);
      if ("move" in what) {
        this.page.sendMove(what.move, started);
        return;
      }
      s.selected = what.select;
      this.page.redrawMarks();
      this.page.showSelection(started);
    }
    /** The board took the focus; `byKeyboard`: the keyboard brought it (the cursor shows). */
    focus(byKeyboard) {
      this.focused = byKeyboard;
      const doc = this.state.view?.board;
      if (doc && hasCells(doc) && this.state.cursor === null)
        this.state.cursor = this.firstCursor(doc);
      if (this.focused) this.page.redrawMarks();
      this.page.describeCursor();
    }
    /** The board lost the focus. */
    blur() {
      if (!this.focused) return;
      this.focused = false;
      this.page.redrawMarks();
    }
    /** Key `key` pressed at time `started`; true if the page should not do its default. */
    key(key, started) {
      if (!this.focused && key !== "Tab") {
        this.focused = true;
        this.page.redrawMarks();
      }
      const s = this.state;
      const direction = KEYS[key];
      if (direction) {
        this.moveCursor(direction);
        return true;
      }
      if (key === "Enter" || key === " ") {
        this.enter(started);
        return true;
      }
      if (key === "Escape") {
        if (s.selected === null) return false;
        s.selected = null;
        this.page.redrawMarks();
        this.page.showSelection(null);
        return true;
      }
      if (key === "+" || key === "=") this.page.zoom(1 / ZOOM2);
      else if (key === "-") this.page.zoom(ZOOM2);
      else if (key === "0") this.page.fit();
      return false;
    }
    /** Enter or space: act on the cursor's cell (or put the cursor on the board first). */
    enter(started) {
      const s = this.state;
      const doc = s.view?.board;
      if (!doc || !hasCells(doc)) return;
      if (s.cursor === null) {
        this.moveCursor("left");
      } else if (!s.isHumanTurn()) {
        this.page.describeCursor(s.view?.over ? "The game is over." : "It is not your turn.");
      } else {
        this.act(s.cursor, started);
      }
    }
    /** Where the cursor starts: the selection, else the first cell a move starts from. */
    firstCursor(doc) {
      const s = this.state;
      if (s.selected !== null) return s.selected;
      const start = doc.moves.find((m) => m.path.length > 0);
      return start ? start.path[0] : 0;
    }
    /** Move the cursor one cell towards `direction` (onto the board if it is not on it). */
    moveCursor(direction) {
      const s = this.state;
      const doc = s.view?.board;
      const geo = this.cells.geo;
      if (!doc || !hasCells(doc) || !geo) return;
      const from = s.cursor ?? this.firstCursor(doc);
      const vertical = direction === "up" || direction === "down";
      if (!vertical || this.anchorX === void 0) this.anchorX = geo.centres[from]?.[0];
      s.cursor = s.cursor === null ? from : step(doc, geo, this.cells.index, from, direction, this.anchorX);
      if (!vertical) this.anchorX = void 0;
      this.page.revealCursor();
      this.page.redrawMarks();
      this.page.describeCursor();
    }
  };

  // frontend/src/play/state.ts
  var COLOUR_NAMES = ["red", "blue", "green", "orange", "purple", "teal", "pink", "olive"];
  var SHAPE_KEYS = ["kind", "rows", "cols", "offsets", "coords", "colours", "players"];
  var PlayState = class {
    view = null;
    you = { role: "watcher", seat: null };
    links = null;
    selected = null;
    cursor = null;
    /** The move number the replay shows (null: the game now). */
    replayAt = null;
    /** Every move of the game as pushed, ply by ply. */
    moveTexts = [];
    /** Whether this page may move for `player`: its own seat, or a human seat nobody took. */
    mayMove(player) {
      const view = this.view;
      if (view === null || view.seats[player]?.kind !== "human") return false;
      if (this.you.role === "seat") return this.you.seat === player;
      return this.you.role === "host" && view.taken[player] !== "seat";
    }
    /** Whether this page moves now (the game live, not over, a human's turn it may play). */
    isHumanTurn() {
      const v = this.view;
      return v !== null && this.replayAt === null && !v.over && !v.thinking && this.mayMove(v.to_move);
    }
    /** The paths of the last turn's moves (for the arrows). */
    lastPaths() {
      return (this.view?.last_turn ?? []).flatMap((m) => m.path ? [m.path] : []);
    }
    /**
     * Take an update: its delta applied to the board this page has (an error when there is
     * none), its moves appended; the selection cleared when a move was made.
     */
    apply(message) {
      const before = this.view;
      let board;
      let cells = null;
      let reshaped = true;
      const delta = message.delta;
      if (delta) {
        if (!before) throw new Error("an update changes a board this page does not have");
        const next = withDelta(before.board, delta);
        board = next.board;
        cells = next.changed;
        reshaped = SHAPE_KEYS.some((k) => k in delta.set) || delta.unset.some((k) => SHAPE_KEYS.includes(k));
      } else if (message.view.board) {
        board = message.view.board;
      } else {
        throw new Error("an update without a board or its changes");
      }
      const known = this.moveTexts.length;
      const rewound = message.from < known;
      this.moveTexts.length = Math.min(known, message.from);
      for (const m of message.moves) this.moveTexts[m.ply] = m.text;
      const view = { ...message.view, board };
      const changed = !before || view.version !== before.version || view.moves_made !== before.moves_made;
      const moved = before !== null && view.moves_made !== before.moves_made;
      if (message.you) this.you = message.you;
      this.links = message.links ?? null;
      this.view = view;
      if (moved) this.selected = null;
      const fresh = before === null ? [] : message.moves.filter((m) => m.ply >= known || rewound);
      return { moved, changed, cells, reshaped, fresh: rewound ? [] : fresh, rewound };
    }
    /** Player p's name: "player 1 (blue, AI label)" or "player 0 (red, human)". */
    playerName(p) {
      const seat = this.view?.seats[p];
      const who = !seat || seat.kind === "human" ? "human" : seat.label ?? "AI";
      return `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`;
    }
    /**
     * What a screen reader hears after an update: each new move ("player 1 (AI): 3->4"), a
     * roll's note, the game's end or that it is this page's turn.
     */
    announcement(applied) {
      const view = this.view;
      if (!view) return "";
      const parts = [];
      if (applied.rewound) parts.push(`The game went back to move ${view.moves_made}.`);
      for (const m of applied.fresh) {
        if (m.player < 0) parts.push(`${m.note ?? m.text}.`);
        else {
          const seat = view.seats[m.player];
          const who = seat?.kind === "ai" ? "AI" : this.mayMove(m.player) ? "you" : "human";
          parts.push(`Player ${m.player} (${who}): ${m.text}.`);
        }
      }
      if (!applied.moved && !applied.rewound) return parts.join(" ");
      if (view.over) {
        const w = view.winners;
        parts.push(w.length === 1 ? `Game over: player ${w[0]} wins.` : "Game over: a tie.");
      } else if (this.isHumanTurn()) {
        parts.push(`Your turn, player ${view.to_move}.`);
      }
      return parts.join(" ");
    }
  };

  // frontend/src/play/form.ts
  function optionField(opt) {
    const label = document.createElement("label");
    label.textContent = `${opt.name.replaceAll("_", " ")} `;
    label.title = opt.help;
    const input = document.createElement("input");
    input.name = opt.name;
    input.type = opt.type === "int" ? "number" : "text";
    input.dataset.option = opt.name;
    if (opt.type === "int") {
      input.step = "1";
      if (opt.min !== void 0) input.min = String(opt.min);
      if (opt.max !== void 0) input.max = String(opt.max);
    }
    if (opt.default !== null && opt.default !== void 0) input.value = String(opt.default);
    const help = document.createElement("small");
    help.className = "note";
    help.textContent = ` ${opt.help}`;
    label.append(input, help);
    return label;
  }
  function find(root, selector) {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`the page has no ${selector}`);
    return found;
  }
  function setupForm(games, typed = {}) {
    find(document, "#newgame").hidden = false;
    const gameSel = find(document, "#f-game");
    const box = find(document, "#f-options");
    const seatBox = find(document, "#f-seats");
    for (const [name, g] of Object.entries(games)) {
      gameSel.add(new Option(`${name}: ${g.summary}`, name));
      const set = document.createElement("div");
      set.dataset.game = name;
      for (const opt of g.options) set.append(optionField(opt));
      if (!g.options.length) set.textContent = "(no options)";
      box.append(set);
    }
    const game = () => games[gameSel.value];
    const current = () => box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
    const players = () => {
      const field = current()?.querySelector("[data-option=players]");
      const n = field ? Number(field.value) : game().players;
      return Math.max(1, Math.min(8, n || game().players));
    };
    const seats = () => {
      const old = Array.from(seatBox.querySelectorAll("select")).map((s) => s.value);
      seatBox.replaceChildren();
      for (let p = 0; p < players(); p++) {
        const label = document.createElement("label");
        label.className = `seat p${p}`;
        label.textContent = `Player ${p} (${COLOUR_NAMES[p]}) `;
        const sel = document.createElement("select");
        for (const choice of game().agents) sel.add(new Option(choice.label, choice.value));
        const was = old[p];
        const keep = was !== void 0 && Array.from(sel.options).some((o) => o.value === was);
        sel.value = keep ? was : p === 0 ? "human" : "ai";
        label.append(sel);
        seatBox.append(label);
      }
    };
    const toggle = () => {
      for (const set of box.querySelectorAll("[data-game]")) {
        const on = set === current();
        set.hidden = !on;
        for (const input of set.querySelectorAll("input")) input.disabled = !on;
      }
      find(document, "#f-summary").textContent = `Moves: ${game().notation || "see the buttons"}`;
      seats();
    };
    gameSel.addEventListener("change", toggle);
    box.addEventListener("input", (e) => {
      if (e.target.dataset.option === "players") seats();
    });
    find(document, "#newgame-form").addEventListener("submit", () => {
      find(document, "#f-seats-value").value = Array.from(
        seatBox.querySelectorAll("select")
      ).map((s) => s.value).join(",");
      for (const input of box.querySelectorAll("input"))
        if (input.value === "") input.disabled = true;
    });
    restore(typed, gameSel, box, seatBox);
    toggle();
    const seatsTyped = typed.seats?.split(",") ?? [];
    seatBox.querySelectorAll("select").forEach((sel, p) => {
      const want = seatsTyped[p];
      if (want !== void 0 && Array.from(sel.options).some((o) => o.value === want))
        sel.value = want;
    });
  }
  function restore(typed, gameSel, box, seatBox) {
    const game = typed.game;
    if (game === void 0) return;
    if (Array.from(gameSel.options).some((o) => o.value === game)) gameSel.value = game;
    const set = box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
    for (const input of set?.querySelectorAll("input[data-option]") ?? []) {
      const value = typed[input.dataset.option ?? ""];
      if (value !== void 0) input.value = value;
    }
    const form = seatBox.closest("form");
    for (const name of ["ai", "speed"]) {
      const sel = form?.querySelector(`select[name=${name}]`);
      const value = typed[name];
      if (sel && value !== void 0 && Array.from(sel.options).some((o) => o.value === value))
        sel.value = value;
    }
  }
  function typedFields(text) {
    try {
      const data = JSON.parse(text || "{}");
      if (!data || typeof data !== "object" || Array.isArray(data)) return {};
      const out = {};
      for (const [k, v] of Object.entries(data)) if (typeof v === "string") out[k] = v;
      return out;
    } catch {
      return {};
    }
  }

  // frontend/src/play/hooks.ts
  function measure(name, start) {
    const m = performance.measure(name, { start, end: performance.now() });
    window.lazytree.timings.push({ name, ms: m.duration });
    requestAnimationFrame(
      () => setTimeout(() => {
        const p = performance.measure(`${name}-painted`, { start, end: performance.now() });
        window.lazytree.timings.push({ name: `${name}-painted`, ms: p.duration });
      }, 0)
    );
  }

  // frontend/src/play/notation.ts
  function loose(text) {
    return text.replace(/\s+/g, "").toLowerCase();
  }
  function completions(moves, typed, limit = 50) {
    const want = loose(typed);
    const starts = [];
    const contains = [];
    const seen = /* @__PURE__ */ new Set();
    for (const { move } of moves) {
      if (seen.has(move)) continue;
      const text = loose(move);
      if (text.startsWith(want)) {
        starts.push(move);
        seen.add(move);
        if (starts.length >= limit) break;
      } else if (want && contains.length < limit && text.includes(want)) {
        contains.push(move);
        seen.add(move);
      }
    }
    return [...starts, ...contains].slice(0, limit);
  }
  function checkMove(doc, typed) {
    const text = typed.trim();
    if (!text) return { error: "type a move first" };
    const exact = doc.moves.find((m) => m.move === text);
    if (exact) return { move: exact.move };
    const want = loose(text);
    const found = doc.moves.filter((m) => loose(m.move) === want);
    if (found.length === 1) return { move: found[0].move };
    if (doc.more) return { move: text };
    const examples = doc.moves.slice(0, 3).map((m) => m.move);
    const like = examples.length ? `: legal moves look like ${examples.join(", ")}` : "";
    return { error: `${text} is not a legal move here${like}` };
  }

  // frontend/src/play/movebox.ts
  var COMPLETIONS = 50;
  var MoveBox = class {
    constructor(state, sendMove) {
      this.state = state;
      this.sendMove = sendMove;
      must("#move-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.play();
      });
      this.input.addEventListener("input", () => {
        this.error("");
        this.complete(this.state.isHumanTurn() ? this.input.value : null);
      });
    }
    state;
    sendMove;
    /** The text of the move sent from the box (its errors are shown there), or null. */
    typed = null;
    input = must("#move-input");
    /** Show `text` as the box's error ("": none). */
    error(text) {
      const box = must("#move-error");
      box.textContent = text;
      box.hidden = !text;
    }
    /** Show the box as the state's view asks (hidden for a watcher, its hint, its title). */
    render() {
      const s = this.state;
      const view = s.view;
      const input = this.input;
      const can = s.isHumanTurn();
      must("#move-form").hidden = s.you.role === "watcher";
      must("[data-action=play-move]").disabled = !can;
      const moves = view?.board.moves ?? [];
      const example = moves.find((m) => m.path.length > 0) ?? moves[0];
      must("#move-hint").textContent = view ? "In the game's notation; Enter plays it." : "";
      input.placeholder = can && example ? `e.g. ${example.move}` : "";
      input.title = can ? `${moves.length + (view?.board.more ?? 0)} legal moves` : view?.over ? "the game is over" : "not your turn";
      this.complete(can ? input.value : null);
    }
    /**
     * The typed move was made: the box is emptied, unless something else was typed since
     * (the confirmation can come after the update, while the next move is being typed).
     */
    done() {
      if (this.typed !== null && this.input.value === this.typed) this.input.value = "";
      this.typed = null;
    }
    /** Offer the legal moves that complete `typed` (null: none). */
    complete(typed) {
      const list = must("#move-options");
      const moves = typed === null ? [] : this.state.view?.board.moves ?? [];
      const options = completions(moves, typed ?? "", COMPLETIONS).map((text) => {
        const option = document.createElement("option");
        option.value = text;
        return option;
      });
      list.replaceChildren(...options);
    }
    /** Send the typed move, or say why not. */
    play() {
      const s = this.state;
      if (!s.view || !s.isHumanTurn()) {
        this.error(s.view?.over ? "the game is over" : "it is not your turn");
        return;
      }
      const checked = checkMove(s.view.board, this.input.value);
      if ("error" in checked) {
        this.error(checked.error);
        return;
      }
      this.error("");
      this.typed = this.input.value;
      if (!this.sendMove(checked.move)) this.typed = null;
    }
  };

  // frontend/src/play/replay.ts
  function replayTarget(k, total) {
    const at = Math.max(0, Math.min(Math.trunc(k), total));
    return at === total ? null : at;
  }
  function replayStep(at, total, step2) {
    return replayTarget((at ?? total) + step2, total);
  }
  function replayButtons(at, total) {
    const k = at ?? total;
    return { prev: k > 0, next: at !== null };
  }
  function replayCaption(at, total, move) {
    if (at === null) return total ? `move ${total} of ${total}` : "";
    const what = move ? `: ${move.player >= 0 ? `player ${move.player} ` : ""}${move.note || move.text}` : "";
    return `replay: move ${at} of ${total}${what}`;
  }

  // frontend/src/play/panel.ts
  var MANY_MOVES = 24;
  function replaceIfChanged(box, nodes) {
    const sign = (n) => n instanceof HTMLElement ? `${n.tagName}|${n.className}|${n.dataset.move ?? ""}|${n.textContent}` : `#${n.textContent}`;
    const now = Array.from(box.childNodes, sign);
    const next = nodes.map(sign);
    if (now.length === next.length && now.every((s, i) => s === next[i])) return;
    box.replaceChildren(...nodes);
  }
  function playerName(view, p) {
    const seat = view.seats[p];
    const who = !seat || seat.kind === "human" ? "human" : seat.label ?? "AI";
    return [
      el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
      `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`
    ];
  }
  function positionBookText(s) {
    if (!s.position_book_hits) return [];
    const which = s.position_book_hits === s.moves ? s.moves === 1 ? "" : ": every move" : `: ${s.position_book_hits} of ${s.moves} moves`;
    return [
      " · ",
      el(
        "span",
        { dataset: { role: "position-book", positionBook: "hit" } },
        `position book hit${which}`
      )
    ];
  }
  function renderMoves(state) {
    const box = must("#moves");
    const view = state.view;
    if (!view || !state.isHumanTurn()) {
      box.replaceChildren();
      box.setAttribute("aria-label", "Moves");
      return;
    }
    const b = view.board;
    if (!hasCells(b)) {
      replaceIfChanged(box, moveButtonNodes(b));
      box.setAttribute("aria-label", "Moves");
      return;
    }
    const many = b.moves.length > MANY_MOVES;
    const selected = state.selected;
    const shown = b.moves.filter((m) => !many || m.path.length === 0 || m.path[0] === selected);
    const nodes = shown.map((m) => moveButton(m.move));
    if (many && selected === null) {
      nodes.push(
        el(
          "span",
          { className: "note" },
          ` ${b.moves.length} moves: select a cell to list its moves`
        )
      );
    }
    if (b.more) nodes.push(el("span", { className: "lt-more-moves" }, `and ${b.more} more moves`));
    replaceIfChanged(box, nodes);
    box.setAttribute(
      "aria-label",
      selected === null ? "Moves" : `Moves from ${describeCell(b, selected).split(",")[0]}: ${movesFrom(b, selected).length}`
    );
  }
  function renderWho(state) {
    const { you, links } = state;
    const view = state.view;
    let who;
    if (you.role === "seat" && you.seat !== null)
      who = ["You play ", ...playerName(view, you.seat), "."];
    else if (you.role === "host") who = ["Your game: you play the human seats nobody else took."];
    else who = ["You are watching this game."];
    must("#who").replaceChildren(...who);
    const box = must("#links");
    box.hidden = !links;
    if (!links) return;
    const origin = window.location.origin;
    const abs = (url) => new URL(url, origin).href;
    const safe = (url) => new URL(url, origin).origin === origin ? abs(url) : "#";
    const items = links.seats.map(
      (l) => el(
        "div",
        { className: "seat-link" },
        el("span", { className: `swatch p${l.seat}`, "aria-hidden": "true" }),
        `player ${l.seat}${l.mine ? " (yours)" : ""}: `,
        el("a", { dataset: { seatLink: String(l.seat) }, href: safe(l.url) }, abs(l.url))
      )
    );
    items.push(
      el(
        "div",
        { className: "seat-link" },
        "watchers: ",
        el("a", { dataset: { watchLink: "" }, href: safe(links.watch) }, abs(links.watch))
      )
    );
    must("#link-list").replaceChildren(...items);
    must("summary", box).textContent = you.role === "host" ? "Invite: send each friend their seat's link" : "Your seat's link (keep it to yourself)";
  }
  function renderProgress(state) {
    const view = state.view;
    const p = view.progress;
    const progress = [];
    const thinking = (...parts) => el("span", { dataset: { role: "thinking" } }, ...parts);
    if (view.waiting) {
      progress.push(
        thinking(
          ...playerName(view, view.to_move),
          " waits for a free AI (the server runs a few at once)"
        )
      );
    } else if (p) {
      progress.push(
        thinking(
          ...playerName(view, p.player),
          ` is thinking: depth ${p.depth ?? "-"}, ${Number(p.nodes).toLocaleString()} nodes forced, ${Number(p.seconds).toFixed(1)} s`
        )
      );
    } else if (view.last_search) {
      const s = view.last_search;
      progress.push(
        `AI's last turn: ${s.moves} moves, searched up to depth ${s.depth ?? "end"}, ${Number(s.nodes).toLocaleString()} nodes forced${s.stopped === "stop" ? " (stopped by you)" : ""}`,
        ...positionBookText(s),
        " · ",
        el(
          "a",
          {
            href: `/explore/ai/${encodeURIComponent(view.id)}`,
            target: "_blank",
            rel: "noopener",
            dataset: { action: "explore" }
          },
          "explore its last search"
        )
      );
    }
    const note = view.position_book?.note;
    if (note) {
      progress.push(
        el("br"),
        el("span", { className: "note", dataset: { role: "position-book-note" } }, String(note))
      );
    }
    if (view.error) progress.push(el("br"), el("span", { className: "error" }, String(view.error)));
    const rolls = view.log.filter((m) => m.note);
    if (rolls.length) {
      progress.push(
        el(
          "div",
          { dataset: { role: "rolls" } },
          rolls.slice(-4).map((m) => el("div", { className: "roll" }, `⚄ ${m.note}`))
        )
      );
    }
    must("#progress").replaceChildren(...progress);
  }
  function renderReplayBar(state) {
    const view = state.view;
    const range = must("[data-action=replay]");
    range.max = String(view.moves_made);
    if (state.replayAt === null) range.value = String(view.moves_made);
    must("[data-action=replay-live]").hidden = state.replayAt === null;
    const can = replayButtons(state.replayAt, view.moves_made);
    must("[data-action=replay-prev]").disabled = !can.prev;
    must("[data-action=replay-next]").disabled = !can.next;
    if (state.replayAt === null)
      must("#replay-text").textContent = replayCaption(null, view.moves_made);
  }
  function button(action) {
    return must(`[data-action=${action}]`);
  }
  function renderPanel(state, sessionId) {
    const view = state.view;
    const b = view.board;
    must("#title").textContent = `${view.game} ${Object.entries(view.options).map(([k, v]) => `${k}=${v}`).join(" ")}`;
    renderWho(state);
    let status;
    const human = state.isHumanTurn();
    if (view.over) {
      const w = view.winners;
      status = w.length === 1 ? ["Game over: ", ...playerName(view, w[0]), " wins."] : [`Game over: a tie between players ${w.join(", ")}.`];
    } else {
      status = [`Turn ${view.turn}: `, ...playerName(view, view.to_move), " to move."];
      if (human && b.kind === "text") status.push(" Choose a move below or type it.");
      else if (human) {
        status.push(
          state.selected === null ? " Click an outlined cell, or type a move." : " Click a highlighted cell to move there."
        );
      } else if (view.seats[view.to_move]?.kind === "human" && !view.thinking) {
        status.push(" Waiting for their move.");
      }
    }
    for (const note of b.notes ?? []) status.push(el("br"), String(note));
    const statusBox = must("#status");
    statusBox.replaceChildren(...status);
    statusBox.dataset.toMove = String(view.to_move);
    const scores = [];
    if (b.score) {
      b.score.values.forEach((n, p) => {
        scores.push(
          el(
            "span",
            { className: "score" },
            el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
            `player ${p}: ${n}`
          ),
          " "
        );
      });
      scores.push(String(b.score.name));
    }
    must("#scores").replaceChildren(...scores);
    const controls = state.you.role !== "watcher";
    const host = state.you.role === "host";
    must("[data-action=speed]").closest("label")?.toggleAttribute("hidden", !host);
    button("stop").hidden = !controls;
    button("undo").hidden = !host;
    button("redo").hidden = !host;
    button("stop").disabled = !view.can_stop;
    button("stop").title = view.thinking && !view.can_stop ? "the book's AI searches a fixed depth: it has no shallower move to play now" : "";
    const aiIdle = !view.over && !view.thinking && view.seats[view.to_move]?.kind === "ai";
    button("ai").hidden = !aiIdle || !controls;
    button("undo").disabled = !view.can_undo;
    button("redo").disabled = !view.can_redo;
    must("[data-action=speed]").value = String(view.delay);
    renderProgress(state);
    renderMoves(state);
    renderReplayBar(state);
    const log = must("#log");
    const first = view.moves_made - view.log.length;
    log.replaceChildren(
      ...view.log.map((m, i) => {
        const li = document.createElement("li");
        li.value = first + i + 1;
        li.className = m.player >= 0 ? `p${m.player}` : "chance";
        li.textContent = m.note || (m.player >= 0 ? `player ${m.player}: ${m.text}` : m.text);
        return li;
      })
    );
    log.scrollTop = log.scrollHeight;
    must("#save").href = `/api/sessions/${sessionId}/save`;
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

  // frontend/src/play/page.ts
  var GamePage = class {
    constructor(sessionId, seatToken) {
      this.sessionId = sessionId;
      this.seatToken = seatToken;
      this.moveBox = new MoveBox(this.state, (move) => this.sendMove(move));
      this.controller = new BoardController(this.state, this.board, {
        redrawMarks: () => this.redrawMarks(),
        describeCursor: (text) => this.describeCursor(text),
        showSelection: (started) => {
          renderPanel(this.state, this.sessionId);
          this.moveBox.render();
          this.describeCursor();
          if (started !== null) measure("select", started);
        },
        sendMove: (move, started) => this.sendMove(move, started),
        revealCursor: () => this.shown.reveal(this.state.cursor),
        zoom: (factor) => {
          this.shown.zoom(factor, this.state.cursor);
          this.shown.reveal(this.state.cursor);
        },
        fit: () => this.shown.fit()
      });
      this.connection = openService(
        sessionId,
        {
          hello: () => ({
            ply: this.state.view ? this.state.view.moves_made : 0,
            seat: seatToken,
            epoch: this.state.view ? this.state.view.epoch : -1
          }),
          message: (message) => this.onMessage(message),
          status: (text) => this.setConnection(text),
          closed: () => {
            this.busy = false;
          }
        },
        (path, body) => api(path, body, seatToken, sessionId),
        this.app.dataset
      );
      this.wire();
    }
    sessionId;
    seatToken;
    state = new PlayState();
    app = must("#app");
    shown = new BoardView();
    canvas = this.shown.canvas;
    board = this.shown.board;
    connection;
    controller;
    moveBox;
    busy = false;
    connectedAt = null;
    pendingMove = null;
    start() {
      must("#game").hidden = false;
      this.connectedAt = performance.now();
      this.connection.connect();
      if (this.connection.local) return;
      const seat = this.seatToken ? `&seat=${encodeURIComponent(this.seatToken)}` : "";
      history.replaceState(null, "", `/play?session=${this.sessionId}${seat}`);
    }
    // -- the server ------------------------------------------------------------------------
    async api(path, body) {
      return this.connection.request(path, body);
    }
    onMessage(message) {
      if (message.type === "update") {
        this.onUpdate(message);
      } else if (message.type === "progress") {
        if (!this.state.view) return;
        this.state.view.progress = message.progress;
        this.state.view.waiting = message.waiting;
        renderProgress(this.state);
      } else if (message.type === "error") {
        if (this.moveBox.typed !== null) this.moveBox.error(message.error);
        else showError(message.error);
        this.moveBox.typed = null;
        this.busy = false;
      } else if (message.type === "confirmed") {
        this.moveBox.done();
        this.busy = false;
      }
    }
    onUpdate(message) {
      const t0 = performance.now();
      const first = this.state.view === null;
      let applied;
      try {
        applied = this.state.apply(message);
      } catch {
        this.connection.abort("no board to change");
        return;
      }
      if (first && this.connectedAt !== null) measure("fetch", this.connectedAt);
      window.lazytree.moves = this.state.moveTexts;
      if (applied.moved) {
        this.busy = false;
        this.moveBox.done();
        showError("");
        this.moveBox.error("");
      }
      this.render(t0, applied);
      const said = this.state.announcement(applied);
      if (said) this.announce(said);
      if (applied.changed && applied.moved && this.pendingMove !== null) {
        measure("move", this.pendingMove);
        this.pendingMove = null;
      }
    }
    setConnection(text) {
      const box = must("#connection");
      box.textContent = text;
      box.hidden = !text;
      this.app.dataset.connected = text ? "false" : "true";
    }
    announce(text) {
      const box = must("#announce");
      const line = document.createElement("p");
      line.textContent = text;
      box.replaceChildren(line);
    }
    sendMove(move, started) {
      if (this.busy || !this.connection.open) {
        if (!this.connection.exists)
          showError("not connected: the move was not sent (the page reconnects)");
        return false;
      }
      this.busy = true;
      this.pendingMove = started ?? performance.now();
      this.connection.send({ move });
      return true;
    }
    async send(path, body) {
      if (this.busy) return;
      this.busy = true;
      try {
        await this.api(`${this.sessionId}/${path}`, body ?? {});
        showError("");
      } catch (e) {
        showError(e.message);
      } finally {
        this.busy = false;
      }
    }
    /**
     * The AI's last search in a new window, its explorer page made by the game service (the
     * site's worker: no server has it). The window is opened during the click, as browsers
     * ask; the page is a blob of the site's origin, so the play page's policy allows it.
     */
    exploreHere() {
      const opened = window.open("", "_blank");
      if (!opened) {
        showError("the browser blocked the explorer's window: allow this page's pop-ups");
        return;
      }
      this.connection.request(`${this.sessionId}/explore/ai`).then(
        ({ html }) => {
          const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
          opened.location.href = url;
          setTimeout(() => URL.revokeObjectURL(url), 6e4);
        },
        (error) => {
          opened.close();
          showError(error.message);
        }
      );
    }
    // -- drawing ---------------------------------------------------------------------------
    markOptions(interactive) {
      const s = this.state;
      return {
        selected: interactive ? s.selected : null,
        last: s.replayAt === null ? s.lastPaths() : [],
        interactive,
        cursor: this.controller.focused ? s.cursor : null
      };
    }
    /** Draw `doc`: whole, or only `changed` cells (and marks) when it is the board drawn. */
    drawBoard(doc, interactive, changed) {
      if (this.shown.isNew(doc)) this.state.cursor = null;
      const game = this.state.view?.game ?? "game";
      this.shown.draw(doc, this.markOptions(interactive), changed ?? null, game);
    }
    /** Redraw the marks (selection, cursor) of the board drawn, only the cells they change. */
    redrawMarks() {
      const view = this.state.view;
      if (!view || this.state.replayAt !== null || !hasCells(view.board)) return;
      this.board.update(view.board, this.markOptions(this.state.isHumanTurn()));
    }
    render(started, applied) {
      const t0 = started ?? performance.now();
      const s = this.state;
      const view = s.view;
      const human = s.isHumanTurn();
      if (s.replayAt === null) {
        const incremental = applied && applied.cells !== null && !applied.reshaped ? applied.cells : null;
        this.drawBoard(view.board, human, incremental);
      }
      this.canvas.classList.toggle("your-turn", human);
      const data = this.app.dataset;
      data.version = String(view.version);
      data.toMove = String(view.to_move);
      data.thinking = String(view.thinking);
      data.over = String(view.over);
      data.moves = String(view.moves_made);
      data.ply = String(view.moves_made);
      data.role = s.you.role;
      renderPanel(s, this.sessionId);
      this.moveBox.render();
      this.describeCursor();
      window.lazytree.view = view;
      window.lazytree.ready = true;
      measure(`draw-${view.board.kind}`, t0);
    }
    // -- the cursor ------------------------------------------------------------------------
    /** Say what is under the cursor (or `text` instead), and mark its cell for the tests. */
    describeCursor(text) {
      const s = this.state;
      const box = must("#board-cursor");
      if (text !== void 0) {
        box.textContent = text;
        return;
      }
      if (s.cursor === null) delete this.canvas.dataset.cursor;
      else this.canvas.dataset.cursor = String(s.cursor);
      const doc = s.view?.board;
      if (!doc || !hasCells(doc) || s.cursor === null || s.replayAt !== null) {
        box.textContent = this.controller.focused && doc && hasCells(doc) ? "No cell under the cursor." : "";
        return;
      }
      const marks = this.board.marks.get(s.cursor);
      const what = describeCell(doc, s.cursor, marks);
      const moves = s.isHumanTurn() ? movesFrom(doc, s.cursor).length : 0;
      box.textContent = `Cursor: ${what}${moves ? `; ${moves} moves from here` : ""}.`;
    }
    // -- replay ----------------------------------------------------------------------------
    async showReplay(k) {
      const s = this.state;
      const view = s.view;
      if (!view) return;
      if (k === null) {
        s.replayAt = null;
        s.selected = null;
        this.app.removeAttribute("data-replay");
        this.render();
        return;
      }
      s.replayAt = k;
      try {
        const at = await this.api(`${this.sessionId}/at/${k}`);
        if (s.replayAt !== k) return;
        this.drawBoard(at.board, false);
        this.app.dataset.replay = String(k);
        must("#replay-text").textContent = replayCaption(k, at.moves_made, at.move);
        must("[data-action=replay]").value = String(k);
        renderPanel(s, this.sessionId);
        this.moveBox.render();
        this.describeCursor();
      } catch (e) {
        showError(e.message);
      }
    }
    // -- wiring ----------------------------------------------------------------------------
    wire() {
      const canvas = this.canvas;
      canvas.addEventListener("click", (e) => {
        if (this.shown.gestures.dragged || !this.state.view) return;
        const c = this.board.cellAt(e);
        if (c !== null) this.controller.click(c, e.timeStamp);
      });
      canvas.addEventListener("keydown", (e) => {
        if (this.controller.key(e.key, e.timeStamp)) e.preventDefault();
      });
      canvas.addEventListener("focus", () => this.controller.focus(canvas.matches(":focus-visible")));
      canvas.addEventListener("blur", () => this.controller.blur());
      const on = (action, f, type = "click") => must(`[data-action=${action}]`).addEventListener(type, f);
      on("ai", () => void this.send("ai"));
      on("stop", () => {
        this.api(`${this.sessionId}/stop`, {}).catch((e) => showError(e.message));
      });
      on("undo", () => void this.send("undo"));
      on("redo", () => void this.send("redo"));
      on(
        "speed",
        (e) => {
          const delay = Number(e.target.value);
          this.api(`${this.sessionId}/speed`, { delay }).catch(
            (err) => showError(err.message)
          );
        },
        "change"
      );
      on("load-file", (e) => void loadFile(e, this.seatToken), "change");
      must("#progress").addEventListener("click", (e) => {
        const link = e.target.closest("[data-action=explore]");
        if (!link || !this.connection.local) return;
        e.preventDefault();
        this.exploreHere();
      });
      must("#moves").addEventListener("click", (e) => {
        const button2 = e.target.closest("[data-move]");
        const move = button2?.dataset.move;
        if (move !== void 0) this.sendMove(move);
      });
      const total = () => this.state.view?.moves_made ?? 0;
      on(
        "replay",
        (e) => void this.showReplay(replayTarget(Number(e.target.value), total())),
        "input"
      );
      on("replay-prev", () => void this.showReplay(replayStep(this.state.replayAt, total(), -1)));
      on("replay-next", () => void this.showReplay(replayStep(this.state.replayAt, total(), 1)));
      on("replay-live", () => void this.showReplay(null));
      window.addEventListener("pagehide", () => this.connection.close());
      window.addEventListener("pageshow", (e) => {
        if (e.persisted && !this.connection.exists) this.connection.connect();
      });
    }
  };
  function main() {
    window.lazytree = { timings: [], view: null, ready: false };
    const app = must("#app");
    const sessionId = app.dataset.session ?? "";
    const seatToken = app.dataset.seat || null;
    showError(app.dataset.error ?? "");
    if (sessionId) {
      new GamePage(sessionId, seatToken).start();
    } else {
      setupForm(JSON.parse(app.dataset.games ?? "{}"), typedFields(app.dataset.typed));
      must("[data-action=load-file-home]").addEventListener("change", (e) => void loadFile(e, null));
    }
  }
  main();
})();
