/**
 * How a live board looks (the SVG pictures' look, boards.css): the hex and grid looks, the
 * marks' strokes, the arrows and the cursor, and `Colours`, the players' colours read from
 * the palette's custom properties `--player-0` ... `--player-7` with the shades the marks
 * give them.
 */
import { R, S } from "./geometry";
import type { CellBoard } from "./types";

export type Stroke = readonly [colour: string, width: number, dash?: readonly number[]];

export interface Look {
  fill: string;
  dark: string;
  edge: string;
  edgeWidth: number;
  label: string;
  font: number;
  smallFont: number;
  free: string;
  darkFree: string;
  freeFont: number;
  coord: string;
  coordFont: number;
  name: string;
  darkName: string;
  nameFont: number;
  letter: string;
  letterFont: number;
  marks: Record<string, Stroke>;
  brightness: Record<string, number>;
  hover: string;
}

export const HEX_LOOK: Look = {
  fill: "#ccc",
  dark: "#ccc",
  edge: "#fff",
  edgeWidth: 1.5,
  label: "#fff",
  font: 15,
  smallFont: 13,
  free: "#999",
  darkFree: "#999",
  freeFont: 15,
  coord: "#888",
  coordFont: 12,
  name: "#fff",
  darkName: "#fff",
  nameFont: 8,
  letter: "rgba(255,255,255,0.9)",
  letterFont: 8,
  marks: {
    can: ["#222", 2.5],
    last: ["#ffd400", 3],
    target: ["#000", 3, [4, 2]],
    sel: ["#000", 4],
    hl: ["#111", 4],
  },
  brightness: { sel: 1.2, target: 0.75 },
  hover: "rgba(255,255,255,0.35)",
};

export const GRID_LOOK: Look = {
  fill: "#f7f2e6",
  dark: "#b58863",
  edge: "#999",
  edgeWidth: 1,
  label: "#222",
  font: 30,
  smallFont: 30,
  free: "#999",
  darkFree: "#f3e6d3",
  freeFont: 18,
  coord: "#888",
  coordFont: 12,
  name: "#8a7a66",
  darkName: "#f3e6d3",
  nameFont: 10,
  letter: "#555",
  letterFont: 10,
  marks: {
    can: ["#555", 2],
    last: ["#e0b400", 3],
    target: ["#000", 3, [5, 3]],
    sel: ["#000", 5],
    hl: ["#111", 4],
  },
  brightness: {},
  hover: "rgba(0,0,0,0.12)",
};

export const ARROW = { colour: "rgba(34,34,34,0.75)", width: 3, head: 10 };
/**
 * The cursor (the keyboard's cell): a white ring edged in black on both sides, widths in
 * pixels, so it shows on every player's colour, on grey and on a dark page alike.
 */
export const CURSOR: readonly Stroke[] = [
  ["#000", 9],
  ["#fff", 5],
];
export const MARK_ORDER = ["can", "last", "target", "sel", "hl"] as const; // later ones on top
export const FONT = (size: number) => `bold ${size}px system-ui, sans-serif`;
/** The players the palette names (--player-0 ... --player-7). */
const PALETTE_SIZE = 8;

/** The players' colours from the palette (boards.css's custom properties), in order. */
export function readPalette(element: Element): string[] {
  const style = getComputedStyle(element);
  const fallback = style.getPropertyValue("--player-chance").trim() || "gray";
  const colours: string[] = [];
  for (let p = 0; p < PALETTE_SIZE; p++) {
    colours.push(style.getPropertyValue(`--player-${p}`).trim() || fallback);
  }
  return colours;
}

/** The players' colours and the gap colour of one canvas, and the shades marks give them. */
export class Colours {
  /** The players' colours (empty until read). */
  players: string[] = [];
  /** The colour between hexagons (`--board-gap`, e.g. a dark page's panel), or "". */
  gap = "";
  private shades = new Map<string, string>();

  constructor(private readonly ctx: CanvasRenderingContext2D) {}

  /** Have the colours been read? */
  get ready(): boolean {
    return this.players.length > 0;
  }

  /** Read the palette and the gap colour from `element`'s custom properties. */
  read(element: Element): void {
    this.players = readPalette(element);
    this.gap = getComputedStyle(element).getPropertyValue("--board-gap").trim();
  }

  /** The fill of cell i of `doc` with `mark` its marks. */
  fill(doc: CellBoard, i: number, look: Look, mark: string | undefined): string {
    const cell = doc.cells[i] as CellBoard["cells"][number];
    const players = this.players;
    let colour =
      doc.kind === "hex"
        ? cell.owner >= 0
          ? (players[cell.owner % players.length] ?? look.fill)
          : look.fill
        : cell.shade === "dark"
          ? look.dark
          : look.fill;
    if (mark) {
      for (const [name, k] of Object.entries(look.brightness)) {
        if (` ${mark} `.includes(` ${name} `)) colour = this.shade(colour, k);
      }
    }
    return colour;
  }

  /** `colour` k times as bright (CSS filter: brightness(k)). */
  shade(colour: string, k: number): string {
    const key = `${colour}*${k}`;
    let out = this.shades.get(key);
    if (out === undefined) {
      this.ctx.fillStyle = colour;
      const hex = String(this.ctx.fillStyle);
      out = colour;
      if (/^#[0-9a-f]{6}$/i.test(hex)) {
        const c = [1, 3, 5].map((j) =>
          Math.min(255, Math.round(Number.parseInt(hex.slice(j, j + 2), 16) * k)),
        );
        out = `rgb(${c.join(",")})`;
      }
      this.shades.set(key, out);
    }
    return out;
  }

  /**
   * A label's colour and size (board units) for a cell of `owner` (a free grid cell's on a
   * `dark` square or a light one): at least 10 px high on screen where the cell has room.
   */
  label(doc: CellBoard, look: Look, owner: number, dark: boolean, k: number): [string, number] {
    const players = this.players;
    const own = doc.colours && owner >= 0 ? doc.colours[owner] : null;
    let colour: string;
    let size: number;
    if (doc.kind === "hex") {
      colour = own ?? look.label;
      size = doc.cols > 20 ? look.smallFont : look.font;
    } else if (owner >= 0) {
      colour = own ?? players[owner % players.length] ?? look.label;
      size = look.font;
    } else {
      colour = dark ? look.darkFree : look.free;
      size = look.freeFont;
    }
    const room = doc.kind === "hex" ? R * 1.05 : S * 0.8;
    return [colour, Math.min(Math.max(size, 10 / k), room)];
  }
}
