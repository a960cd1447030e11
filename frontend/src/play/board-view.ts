/**
 * The play page's board on screen: the canvas `Board` (or the generic view's text), its
 * viewport (the zoom buttons, the gestures, the keyboard's zoom about a point), and the
 * reveal that pans a cell into view.
 */
import { Board } from "../board/canvas";
import type { MarkOptions } from "../board/document";
import { textBoard } from "../board/dom";
import type { BoardDocument } from "../board/types";
import { hasCells } from "../board/types";
import { must } from "./el";
import { Gestures } from "./gestures";
import { Viewport } from "./viewport";

/** How much a zoom button zooms. */
const ZOOM = 1.4;

/** The board drawn on the play page, and how much of it shows. */
export class BoardView {
  readonly canvas = must<HTMLCanvasElement>("#board");
  readonly board = new Board(this.canvas);
  readonly viewport = new Viewport();
  readonly gestures = new Gestures(this.board, this.viewport, () => this.setViewBox());

  constructor() {
    const on = (action: string, f: () => void) =>
      must(`[data-action=${action}]`).addEventListener("click", f);
    on("zoom-in", () => this.zoom(1 / ZOOM));
    on("zoom-out", () => this.zoom(ZOOM));
    on("zoom-fit", () => this.fit());
  }

  /** Is `doc` a new board (another shape than the one drawn)? */
  isNew(doc: BoardDocument): boolean {
    return hasCells(doc) && this.board.key !== this.board.shapeKey(doc);
  }

  /**
   * Draw `doc` (of the game `game`) with `options`' marks: a new board whole and fitted,
   * else only `changed` cells (and marks) when given; the generic view as text.
   */
  draw(doc: BoardDocument, options: MarkOptions, changed: number[] | null, game: string): void {
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
  setViewBox(): void {
    this.canvas.setAttribute("viewBox", this.viewport.toString());
  }

  /** Show the whole board. */
  fit(): void {
    if (!this.board.width) return;
    this.viewport.fit(this.board.width, this.board.height);
    this.setViewBox();
  }

  /** Zoom by `factor` (below 1: in) about cell `cell`'s centre (null: the view's). */
  zoom(factor: number, cell: number | null = null): void {
    const c = cell === null ? undefined : this.board.geo?.centres[cell];
    this.viewport.zoomAt(factor, c?.[0], c?.[1]);
    this.setViewBox();
  }

  /** Pan so cell `cell` is on screen (drawn at once). */
  reveal(cell: number | null): void {
    const c = cell === null ? undefined : this.board.geo?.centres[cell];
    if (!c) return;
    const v = this.board.view();
    const shown = {
      x: v.x - v.ox / v.k,
      y: v.y - v.oy / v.k,
      w: this.canvas.clientWidth / v.k,
      h: this.canvas.clientHeight / v.k,
    };
    if (this.viewport.reveal(c[0], c[1], shown, 30)) {
      this.setViewBox();
      this.board.draw();
    }
  }
}
