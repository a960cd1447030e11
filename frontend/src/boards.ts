/**
 * What the TypeScript modules use of the shared board renderer (lazytree/static/boards.js,
 * plain JavaScript shared with the play page), with types: the JavaScript has no type
 * annotations (what TypeScript infers from its defaults is too narrow), so its functions are
 * given their signatures here. esbuild bundles it in.
 */
import * as boards from "../../lazytree/static/boards.js";

/** A board document (`lazytree-board/1`, lazytree/static/board.schema.json). */
export type BoardDocument = Record<string, unknown>;

/** Text with &, <, > and " escaped, to put inside markup. */
export const esc: (text: unknown) => string = boards.esc;

/** The whole board document of a position packed by `lazytree.boards.pack`. */
export const unpack: (layout: object, packed: unknown) => BoardDocument = boards.unpack;

type BoardSvg = (
  doc: BoardDocument,
  options?: { highlight?: readonly number[]; width?: number },
) => string;

/** A whole <svg> of the document (a <pre> for a text board): `highlight` cells outlined. */
export const boardSvg = boards.boardSvg as unknown as BoardSvg;
