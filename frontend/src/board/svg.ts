/**
 * A board as SVG markup, drawn once (the explorer's pictures of positions): one
 * `<g data-cell="N">` per cell (hex cells also carry `data-territory="N"`), styled by
 * boards.css. Every text of the document is escaped.
 */
import { cellClass, letterCue, type Marks } from "./document";
import { type Geometry, geometry, HEX_OUTLINE, R, S } from "./geometry";
import type { BoardDocument, CellBoard } from "./types";
import { hasCells } from "./types";

const SVG = "http://www.w3.org/2000/svg";

/** Text with &, <, > and " escaped, to put inside markup. */
export function esc(text: unknown): string {
  const map: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
  return String(text).replace(/[&<>"]/g, (c) => map[c] ?? c);
}

function labelStyle(doc: CellBoard, owner: number): string {
  const colour = doc.colours && owner >= 0 ? doc.colours[owner] : null;
  return colour ? ` style="fill:${esc(colour)}"` : "";
}

function markup(doc: CellBoard, geo: Geometry, marks: Marks): string {
  const parts = [
    `<defs><marker id="lt-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`,
  ];
  const coords = doc.coords ?? {};
  if (doc.kind === "grid") {
    (coords.cols ?? []).forEach((t, c) => {
      parts.push(`<text class="lt-coord" x="${geo.left + c * S + S / 2}" y="14">${esc(t)}</text>`);
    });
    (coords.rows ?? []).forEach((t, r) => {
      parts.push(
        `<text class="lt-coord" x="10" y="${geo.top + r * S + S / 2 + 4}">${esc(t)}</text>`,
      );
    });
  }
  parts.push(`<g class="lt-cells">`);
  doc.cells.forEach((cell, i) => {
    const [x, y] = geo.centres[i] ?? [0, 0];
    const cls = cellClass(doc, cell, marks.get(i));
    const ty = (y + (doc.kind === "hex" ? 5 : 10)).toFixed(1);
    const text = `<text x="${x.toFixed(1)}" y="${ty}"${labelStyle(doc, cell.owner)}>${esc(cell.label)}</text>`;
    const [nx, ny] = doc.kind === "hex" ? [x, y - R * 0.55] : [x - S / 2 + 3, y - S / 2 + 11];
    const name = cell.name
      ? `<text class="lt-name" x="${nx.toFixed(1)}" y="${ny.toFixed(1)}">${esc(cell.name)}</text>`
      : "";
    // the owner's letter: a cue besides the colour
    const [lx, ly] = doc.kind === "hex" ? [x, y + R * 0.78] : [x + S / 2 - 4, y + S / 2 - 4];
    const cue = letterCue(doc, cell);
    const letter = cue
      ? `<text class="lt-letter" x="${lx.toFixed(1)}" y="${ly.toFixed(1)}">${esc(cue)}</text>`
      : "";
    if (doc.kind === "hex") {
      parts.push(
        `<g data-cell="${i}" data-territory="${i}" class="${cls}"><path d="M${x.toFixed(1)},${y.toFixed(1)}${HEX_OUTLINE}"/>${text}${name}${letter}</g>`,
      );
    } else {
      parts.push(
        `<g data-cell="${i}" class="${cls}"><rect x="${x - S / 2}" y="${y - S / 2}" width="${S}" height="${S}"/>${text}${name}${letter}</g>`,
      );
    }
  });
  parts.push(`</g><g class="lt-arrows" data-role="arrows"></g>`);
  return parts.join("");
}

/** The generic view's text as markup (escaped). */
export function textMarkup(doc: BoardDocument): string {
  return `<pre class="lt-text-board" data-role="text">${esc(doc.text ?? "")}</pre>`;
}

/**
 * A whole `<svg>` of `doc` (a `<pre>` for a text board): `highlight` cells outlined,
 * at most `width` pixels wide.
 */
export function boardSvg(
  doc: BoardDocument,
  options: { highlight?: readonly number[]; width?: number } = {},
): string {
  if (!hasCells(doc)) return textMarkup(doc);
  const { highlight = [], width = 300 } = options;
  const geo = geometry(doc);
  const marks: Marks = new Map(highlight.map((i) => [i, "hl"]));
  const scale = Math.min(1, width / geo.width);
  return `<svg class="lt-board lt-small" xmlns="${SVG}" width="${(geo.width * scale).toFixed(0)}" height="${(geo.height * scale).toFixed(0)}" viewBox="0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}">${markup(doc, geo, marks)}</svg>`;
}

/** A button per move that no click on the board makes (every move of a generic view). */
export function moveButtons(doc: BoardDocument, options: { enabled?: boolean } = {}): string {
  const { enabled = true } = options;
  const buttons = doc.moves
    .filter((m) => doc.kind === "text" || m.path.length === 0)
    .map(
      (m) =>
        `<button class="lt-move" data-move="${esc(m.move)}"${enabled ? "" : " disabled"}>${esc(m.move)}</button>`,
    )
    .join("");
  return (
    buttons + (doc.more ? `<span class="lt-more-moves">and ${doc.more} more moves</span>` : "")
  );
}
