/**
 * What the explorer uses of the board renderer (frontend/src/board), with the loose
 * document type the explorer passes around.
 */
import type { Layout } from "./board/document";
import { unpack as unpackDocument } from "./board/document";
import { boardSvg as svgOf } from "./board/svg";
import type { BoardDocument as Document } from "./board/types";

/** A board document (`lazytree-board/1`, lazytree/static/board.schema.json). */
export type BoardDocument = Record<string, unknown>;

export { esc } from "./board/svg";

/** The whole board document of a position packed by `lazytree.boards.pack`. */
export function unpack(layout: object, packed: unknown): BoardDocument {
  return unpackDocument(layout as Layout, packed as string) as unknown as BoardDocument;
}

/** A whole <svg> of the document (a <pre> for a text board): `highlight` cells outlined. */
export function boardSvg(
  doc: BoardDocument,
  options?: { highlight?: readonly number[]; width?: number },
): string {
  return svgOf(doc as unknown as Document, options);
}
