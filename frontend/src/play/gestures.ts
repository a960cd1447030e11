/**
 * Pan and zoom by pointer (Pointer Events: mouse, pen, touch): drag to pan, wheel and pinch
 * to zoom, double-tap to zoom in. While a finger or the mouse moves, or the wheel turns,
 * the drawn picture is moved by a CSS transform (`Board.preview`, no redraw); the view is
 * set and drawn once, when it lets go (the wheel: once it has rested `WHEEL_REST` ms), so
 * a 100x100 board follows the hand however long a whole draw takes. A drag or a pinch is
 * not a click.
 */
import type { Board } from "../board/canvas";
import type { Viewport } from "./viewport";

/** How far (pixels) a pointer moves before a press becomes a drag. */
const SLOP = 5;
/** Two taps this close in time (ms) and space (px), on the same cell, are a double tap. */
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_PX = 24;
/** The wheel's turns closer than this (ms) are one zoom, drawn once at its end. */
export const WHEEL_REST = 150;
/** The zoom of one notch of the wheel. */
const WHEEL_STEP = 1.2;

interface Gesture {
  /** Where each pointer went down and where it is (client pixels). */
  start: Map<number, [number, number]>;
  now: Map<number, [number, number]>;
}

/** Wire the board's gestures: `commit()` is called after the viewport changed. */
export class Gestures {
  /** Whether the last press became a drag or a pinch (its click is not a click). */
  dragged = false;
  private gesture: Gesture = { start: new Map(), now: new Map() };
  private lastTap: { t: number; x: number; y: number; cell: number | null } | null = null;
  /** A wheel zoom in progress: where it is centred and how far it has zoomed. */
  private wheel: { cx: number; cy: number; bx: number; by: number; scale: number } | null = null;
  private wheelTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly board: Board,
    private readonly viewport: Viewport,
    private readonly commit: () => void,
  ) {
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
      { passive: false },
    );
  }

  /** A turn of the wheel: the picture scaled at once, the view set once it rests. */
  private turn(e: WheelEvent): void {
    if (!e.deltaY) return;
    if (!this.wheel) {
      const [bx, by] = this.board.boardPoint(e.clientX, e.clientY);
      this.wheel = { cx: e.clientX, cy: e.clientY, bx, by, scale: 1 };
    }
    const w = this.wheel;
    // within the viewport's zoom limits: the width it would have, clamped
    const step = e.deltaY > 0 ? 1 / WHEEL_STEP : WHEEL_STEP;
    w.scale = this.viewport.w / this.viewport.clampWidth(this.viewport.w / (w.scale * step));
    this.board.preview(0, 0, w.scale, w.cx, w.cy);
    if (this.wheelTimer !== null) clearTimeout(this.wheelTimer);
    this.wheelTimer = setTimeout(() => this.rest(), WHEEL_REST);
  }

  /** The wheel rested (or a press began): set the view it zoomed to, and draw it. */
  private rest(): void {
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

  private down(e: PointerEvent): void {
    this.rest();
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const g = this.gesture;
    if (g.start.size === 0) this.dragged = false;
    // a second finger starts a pinch from where both are now
    for (const [id, p] of g.now) g.start.set(id, p);
    g.start.set(e.pointerId, [e.clientX, e.clientY]);
    g.now.set(e.pointerId, [e.clientX, e.clientY]);
    if (g.start.size > 1) this.dragged = true;
    this.board.canvas.setPointerCapture?.(e.pointerId);
  }

  private move(e: PointerEvent): void {
    const g = this.gesture;
    if (!g.now.has(e.pointerId)) return;
    g.now.set(e.pointerId, [e.clientX, e.clientY]);
    const { dx, dy, scale, cx, cy } = this.shape();
    if (!this.dragged && Math.hypot(dx, dy) < SLOP && scale === 1) return;
    this.dragged = true;
    this.board.preview(dx, dy, scale, cx, cy);
  }

  private up(e: PointerEvent, tap: boolean): void {
    const g = this.gesture;
    if (!g.now.has(e.pointerId)) return;
    g.now.set(e.pointerId, [e.clientX, e.clientY]);
    if (this.dragged) this.apply();
    g.start.delete(e.pointerId);
    g.now.delete(e.pointerId);
    // the fingers left go on from where they are
    for (const [id, p] of g.now) g.start.set(id, p);
    if (tap && !this.dragged && e.pointerType === "touch") this.tapped(e);
  }

  /** The gesture so far: the pointers' mean moved by (dx, dy), their spread scaled. */
  private shape(): { dx: number; dy: number; scale: number; cx: number; cy: number } {
    const g = this.gesture;
    const ids = [...g.now.keys()];
    const mean = (m: Map<number, [number, number]>) => {
      let x = 0;
      let y = 0;
      for (const id of ids) {
        const p = m.get(id) ?? [0, 0];
        x += p[0] / ids.length;
        y += p[1] / ids.length;
      }
      return [x, y] as const;
    };
    const [sx, sy] = mean(g.start);
    const [nx, ny] = mean(g.now);
    let scale = 1;
    if (ids.length >= 2) {
      const [a, b] = ids as [number, number];
      const d = (m: Map<number, [number, number]>) => {
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
  private apply(): void {
    const { dx, dy, scale, cx, cy } = this.shape();
    const board = this.board;
    board.canvas.style.transform = "";
    const k = board.view().k;
    // what was under (cx, cy) is now under (cx + dx, cy + dy), scaled around it
    const [bx, by] = board.boardPoint(cx, cy);
    this.viewport.panBy(-dx / k, -dy / k);
    if (scale !== 1) this.viewport.zoomAt(1 / scale, bx, by);
    this.commit();
    board.draw();
  }

  private tapped(e: PointerEvent): void {
    const now = e.timeStamp;
    const last = this.lastTap;
    const cell = this.board.cellAt(e);
    if (
      last &&
      now - last.t < DOUBLE_TAP_MS &&
      Math.hypot(e.clientX - last.x, e.clientY - last.y) < DOUBLE_TAP_PX &&
      cell === last.cell
    ) {
      this.lastTap = null;
      const [x, y] = this.board.boardPoint(e.clientX, e.clientY);
      this.viewport.zoomAt(1 / 2, x, y);
      this.commit();
      return;
    }
    this.lastTap = { t: now, x: e.clientX, y: e.clientY, cell };
  }
}
