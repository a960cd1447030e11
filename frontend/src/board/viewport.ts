/**
 * The live board's viewport: which board units a canvas shows and how (like an `<svg>`,
 * it honours a `viewBox="x y w h"` attribute, scaled to fit and centred; without one the
 * whole board), the conversions between board units and client pixels, and the CSS
 * transform that previews a drag or a pinch without drawing.
 */
import { type Box, type Point, S } from "./geometry";

/** The part of the board a canvas shows, and how: k pixels a unit, the drawing's offset. */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
  k: number;
  ox: number;
  oy: number;
  rect: DOMRect;
}

/** Which board units `canvas` shows (its viewBox, else a board `width` x `height`), and how. */
export function viewOf(canvas: HTMLCanvasElement, width: number, height: number): View {
  const r = canvas.getBoundingClientRect();
  const box = (canvas.getAttribute("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [x, y, w, h] =
    box.length === 4 &&
    box.every(Number.isFinite) &&
    (box[2] as number) > 0 &&
    (box[3] as number) > 0
      ? (box as [number, number, number, number])
      : [0, 0, width, height];
  const cw = canvas.clientWidth || r.width;
  const ch = canvas.clientHeight || r.height;
  const k = Math.min(cw / w, ch / h);
  return { x, y, w, h, k, ox: (cw - w * k) / 2, oy: (ch - h * k) / 2, rect: r };
}

/** What makes two views show the same part of the board. */
export function viewKey(v: View): string {
  return `${v.x} ${v.y} ${v.w} ${v.h}`;
}

/** Where board point `c` is shown, in client pixels. */
export function toClient(v: View, c: Point): { x: number; y: number } {
  return {
    x: v.rect.left + v.ox + (c[0] - v.x) * v.k,
    y: v.rect.top + v.oy + (c[1] - v.y) * v.k,
  };
}

/** The board point (units) shown at client pixel (x, y). */
export function toBoard(v: View, clientX: number, clientY: number): Point {
  return [v.x + (clientX - v.rect.left - v.ox) / v.k, v.y + (clientY - v.rect.top - v.oy) / v.k];
}

/** The part of the board (units) a canvas `cw` x `ch` pixels shows, a square's side more. */
export function seenBox(v: View, cw: number, ch: number): Box {
  return [
    v.x - v.ox / v.k - S,
    v.y - v.oy / v.k - S,
    v.x + (cw - v.ox) / v.k + S,
    v.y + (ch - v.oy) / v.k + S,
  ];
}

/**
 * The CSS transform showing a picture whose untransformed box is `r` moved by (dx, dy)
 * pixels and scaled by `scale` around client point (cx, cy), its origin at "0 0".
 */
export function previewTransform(
  r: DOMRect,
  dx: number,
  dy: number,
  scale: number,
  cx: number,
  cy: number,
): string {
  const ox = cx - r.left;
  const oy = cy - r.top;
  // a point p (element pixels) is shown at (p - o) * scale + o + d
  return `translate(${ox + dx - ox * scale}px, ${oy + dy - oy * scale}px) scale(${scale})`;
}
