/**
 * The part of the board the canvas shows (its `viewBox`, board units): zoom about a point,
 * pan, fit, and keeping a cell in view.
 */

/** A rectangle of the board (units). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The viewBox of a board `width` x `height`: the smallest and largest widths it allows. */
export class Viewport implements Box {
  x = 0;
  y = 0;
  w = 100;
  h = 100;
  boardWidth = 100;
  boardHeight = 100;

  /** The whole board. */
  fit(width: number, height: number): void {
    this.boardWidth = width;
    this.boardHeight = height;
    Object.assign(this, { x: 0, y: 0, w: width, h: height });
  }

  /** Zoom by `factor` (< 1: in) keeping board point (cx, cy) where it is (default: centre). */
  zoomAt(factor: number, cx?: number, cy?: number): void {
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
  clampWidth(w: number): number {
    return Math.max(60, Math.min(w, this.boardWidth * 4));
  }

  /** Move the view by (dx, dy) board units. */
  panBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
  }

  /**
   * Pan as little as needed so the point (px, py) is at least `margin` units inside the
   * rectangle `shown` (what the canvas shows of the view, which may be wider than the box),
   * never to show what lies past the board's edges: a cell on the board's edge is revealed
   * with the edge, and a board already in view never moves. Returns whether it panned.
   */
  reveal(px: number, py: number, shown: Box, margin: number): boolean {
    const dx = shift(px, margin, shown.x, shown.w, this.boardWidth);
    const dy = shift(py, margin, shown.y, shown.h, this.boardHeight);
    if (!dx && !dy) return false;
    this.panBy(dx, dy);
    return true;
  }

  /** The viewBox attribute's text. */
  toString(): string {
    return `${this.x} ${this.y} ${this.w} ${this.h}`;
  }
}

/**
 * How far to pan along one axis so point p is `margin` inside [start, start + size],
 * asking no room past the board's extent [0, extent]; 0 when it already is.
 */
function shift(p: number, margin: number, start: number, size: number, extent: number): number {
  const low = Math.max(p - margin, Math.min(0, p));
  const high = Math.min(p + margin, Math.max(extent, p));
  if (high - low > size) return p - size / 2 - start; // no room for the margin: centre it
  if (low < start) return low - start;
  if (high > start + size) return high - (start + size);
  return 0;
}
