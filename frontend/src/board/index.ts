/**
 * The board renderer shared by the play page and the explorer (bundled as
 * lazytree/static/boards.js, served at /lib/boards.js): a `lazytree-board/1` document
 * drawn on a canvas (`Board`, the live board) or as SVG (`boardSvg`, a picture), the
 * generic view's text and move buttons, and the document's logic.
 */
export { Board, readPalette, type View } from "./canvas";
export {
  cellClass,
  clickCell,
  describeCell,
  marksOf,
  movesFrom,
  playerLetter,
  SCHEMA,
  unpack,
  withDelta,
} from "./document";
export { moveButton, moveButtonNodes, textBoard } from "./dom";
export { cellAtPoint, geometry, step } from "./geometry";
export { boardSvg, esc, moveButtons, textMarkup } from "./svg";
export {
  type BoardDocument,
  type Cell,
  type CellBoard,
  type Delta,
  hasCells,
  type Move,
} from "./types";
