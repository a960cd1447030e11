/**
 * Drawing a live board's vector parts on a canvas, in board units: a position's paths (a
 * grid's fills and edges, each mark's outlines, the cursor), a grid's labels, names and
 * coordinates, and the last turn's arrows. The hexagons themselves are sprites (sprites.ts).
 */
import { hasMark, letterCue, type Marks } from "./document";
import { type Box, type Geometry, HEX_OUTLINE, type Point, S, SQUARE_OUTLINE } from "./geometry";
import { ARROW, type Colours, CURSOR, FONT, type Look, MARK_ORDER, type Stroke } from "./look";
import type { CellBoard } from "./types";

/** A position's paths: a grid's fills by colour and edges, each mark's outlines, the cursor. */
export interface Paths {
  fills: [string, Path2D][];
  edges: Path2D | null;
  marks: [string, Path2D][];
  cursor: Path2D | null;
}

/** The outline of a cell of a `kind` board centred at (x, y), as path text (board units). */
export function outlineAt(kind: CellBoard["kind"], [x, y]: Point): string {
  return `M${x},${y}${kind === "hex" ? HEX_OUTLINE : SQUARE_OUTLINE}`;
}

/**
 * The paths of `doc` with `marks` marked and the cursor on cell `cursor`; `squares` are a
 * grid's cells' outlines (made once for a board's shape).
 */
export function makePaths(
  doc: CellBoard,
  look: Look,
  colours: Colours,
  centres: readonly Point[],
  squares: readonly string[],
  marks: Marks,
  cursor: number | null,
): Paths {
  const fills: [string, Path2D][] = [];
  if (doc.kind === "grid") {
    const groups = new Map<string, string[]>();
    doc.cells.forEach((_, i) => {
      const colour = colours.fill(doc, i, look, marks.get(i));
      let group = groups.get(colour);
      if (!group) {
        group = [];
        groups.set(colour, group);
      }
      group.push(squares[i] as string);
    });
    for (const [colour, parts] of groups) fills.push([colour, new Path2D(parts.join(""))]);
  }
  const edges = doc.kind === "grid" ? new Path2D(squares.join("")) : null;
  const outlined: [string, Path2D][] = [];
  const outline = (i: number) => outlineAt(doc.kind, centres[i] ?? [0, 0]);
  for (const mark of MARK_ORDER) {
    if (mark === "can" && doc.kind === "hex") continue;
    const parts: string[] = [];
    for (const [i, m] of marks) if (hasMark(m, mark)) parts.push(outline(i));
    if (parts.length) outlined.push([mark, new Path2D(parts.join(""))]);
  }
  const ring = cursor === null || !doc.cells[cursor] ? null : new Path2D(outline(cursor));
  return { fills, edges, marks: outlined, cursor: ring };
}

/** Fill and stroke `paths` (and light up the `hover` outline) at k pixels a unit. */
export function paintPaths(
  ctx: CanvasRenderingContext2D,
  look: Look,
  paths: Paths,
  hover: string | null,
  k: number,
): void {
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
    const [colour, width, dash] = look.marks[mark] as Stroke;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash ?? []);
    ctx.stroke(path);
  }
  ctx.setLineDash([]);
}

/** The cursor's ring (widths in pixels, at k pixels a unit). */
export function paintCursor(ctx: CanvasRenderingContext2D, paths: Paths, k: number): void {
  if (!paths.cursor) return;
  for (const [colour, width] of CURSOR) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width / k;
    ctx.stroke(paths.cursor);
  }
}

/** A grid's labels (pieces) grouped by style, names and owners' letters in the corners. */
export function paintLabels(
  ctx: CanvasRenderingContext2D,
  doc: CellBoard,
  look: Look,
  colours: Colours,
  centres: readonly Point[],
  shown: readonly number[],
  k: number,
): void {
  const groups = new Map<number, number[]>();
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
    if (size * k < 5) continue; // too small to read: the colours tell the owners
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

/** A grid's row and column coordinates, in its margins. */
export function paintCoords(
  ctx: CanvasRenderingContext2D,
  doc: CellBoard,
  look: Look,
  geo: Geometry,
): void {
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

/** The last turn's moves: an arrow from each cell of a path to the next, 70% of the way. */
export function paintArrows(
  ctx: CanvasRenderingContext2D,
  centres: readonly Point[],
  arrows: readonly (readonly [number, number])[],
): void {
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
    ctx.lineTo(bx - (Math.sin(angle) * head) / 2, by + (Math.cos(angle) * head) / 2);
    ctx.lineTo(bx + (Math.sin(angle) * head) / 2, by - (Math.cos(angle) * head) / 2);
    ctx.closePath();
    ctx.fill();
  }
}

/**
 * Clear the boxes `boxes` (board units, s device pixels a unit, the origin at device pixel
 * (ox, oy)) and clip the drawing to them.
 */
export function clearAndClip(
  ctx: CanvasRenderingContext2D,
  boxes: readonly Box[],
  s: number,
  ox: number,
  oy: number,
): void {
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
      Math.ceil((y1 - y0) * s) + 2,
    );
  }
}
