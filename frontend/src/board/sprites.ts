/**
 * Hexagons as sprites: each look a cell can have (fill, label, letter, whether a move
 * starts there) is drawn once into a small canvas at the current scale, then copied to
 * each cell at whole device pixels. The sprites are kept until the scale changes.
 */
import { hasMark, letterCue, type Marks } from "./document";
import { HW, hexagon, type Point, R } from "./geometry";
import { type Colours, FONT, type Look, type Stroke } from "./look";
import type { CellBoard } from "./types";

const HEX_FILL_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 0.75)}`);
const HEX_CAN_PATH = typeof Path2D === "undefined" ? null : new Path2D(`M0,0${hexagon(R - 2)}`);

/**
 * Where and how big a board is drawn: k CSS pixels a unit, s device pixels a unit, the
 * board's origin at device pixel (ox, oy).
 */
export interface Placement {
  k: number;
  s: number;
  ox: number;
  oy: number;
}

/** The sprites of one canvas's hexagons. */
export class HexSprites {
  private sprites = new Map<string | number, HTMLCanvasElement>();
  private labelIds = new Map<string, number>();
  private scale = 0;

  constructor(private readonly colours: Colours) {}

  /**
   * Draw the hexagons `shown` of `doc` (centres `centres`, marks `marks`) on `ctx`, over
   * the gap colour filling the board's `width` x `height` units.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    doc: CellBoard,
    look: Look,
    marks: Marks,
    centres: readonly Point[],
    shown: readonly number[],
    size: readonly [width: number, height: number],
    { k, s, ox, oy }: Placement,
  ): void {
    if (this.scale !== s) {
      this.sprites = new Map();
      this.labelIds = new Map();
      this.scale = s;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // the edges between hexagons: the background, where the (smaller) fills leave it
    ctx.fillStyle = this.colours.gap || look.edge;
    ctx.fillRect(ox, oy, size[0] * s, size[1] * s);
    const w = Math.ceil(HW * s) + 2;
    const h = Math.ceil(2 * R * s) + 2;
    const labels = this.labelIds;
    for (const i of shown) {
      const cell = doc.cells[i];
      if (!cell) continue;
      let label = labels.get(cell.label);
      if (label === undefined) {
        label = labels.size;
        labels.set(cell.label, label);
      }
      const mark = marks.get(i);
      const key =
        mark === undefined
          ? (cell.owner + 1) * 4096 + label
          : `${cell.owner}|${cell.label}|${mark}`;
      let sprite = this.sprites.get(key);
      if (!sprite) {
        sprite = this.sprite(doc, look, i, mark, s, w, h, k);
        this.sprites.set(key, sprite);
      }
      const c = centres[i] as Point;
      ctx.drawImage(sprite, Math.round(ox + c[0] * s - w / 2), Math.round(oy + c[1] * s - h / 2));
    }
  }

  private sprite(
    doc: CellBoard,
    look: Look,
    i: number,
    mark: string | undefined,
    s: number,
    w: number,
    h: number,
    k: number,
  ): HTMLCanvasElement {
    const cell = doc.cells[i] as CellBoard["cells"][number];
    const sprite = document.createElement("canvas");
    sprite.width = w;
    sprite.height = h;
    const ctx = sprite.getContext("2d") as CanvasRenderingContext2D;
    ctx.setTransform(s, 0, 0, s, w / 2, h / 2);
    ctx.fillStyle = this.colours.fill(doc, i, look, mark);
    if (HEX_FILL_PATH) ctx.fill(HEX_FILL_PATH);
    if (hasMark(mark, "can") && HEX_CAN_PATH) {
      const [colour, width] = look.marks.can as Stroke;
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke(HEX_CAN_PATH);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (cell.label) {
      const [colour, size] = this.colours.label(doc, look, cell.owner, false, k);
      if (size * k >= 5) {
        // else too small to read: the colours tell the owners
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
}
