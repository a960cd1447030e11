/**
 * The explorer's model: the compact JSON document of `lazytree.explorer.model` decoded
 * into per-node arrays, plus what the page derives from them (children best first, the
 * order of creation, each position's board rebuilt from its parent's and the cells its
 * move changed).
 */
import { unpack } from "../boards";
import { type CreationOrder, creationOrder } from "./replay";
import type { StepsData } from "./steps";

/** The search's summary line (counts, the rater, the position book, the principal variation). */
export interface Summary {
  positions: number;
  expanded: number;
  unforced: number;
  never: number | null;
  shared: number;
  positionBookHits: number;
  rater?: string;
  depth?: number | null;
  value?: number | null;
  player?: number;
  forced?: number;
  /** positions the search evaluated: the leaves it examined */
  evaluations?: number;
  playouts?: number;
  positionBook?: {
    status: "hit" | "miss" | "off";
    move: string;
    depth: number | null;
    uses: number;
  };
  pvMoves: string[];
}

/** What every position of the game shares (`lazytree.boards.board_layout`). */
export interface BoardLayout {
  kind: string;
  [key: string]: unknown;
}

/** The document `explorer_model` writes (`model.data`): one list per column, by node. */
export interface ExplorerData {
  strings: string[];
  serial: number[];
  player: number[];
  parent: number[];
  /** one character per node: e expanded, u never expanded, t terminal */
  status: string;
  value: (number | null)[];
  rplayer: number[];
  rdepth: number[];
  /** one character per node: = exact, > lower bound, < upper bound, - no rating */
  bound: string;
  never: number[];
  /** each position whole (`lazytree.boards.pack`, or the text of a game without a board
   * view), or null: its parent's with the cells of `delta` changed */
  pos: unknown[];
  /** per node the cells changed against its parent's, [] where `pos` is whole; null (or
   * absent) when every `pos` is whole */
  delta?: CellDelta[] | null;
  note: number[] | null;
  notes: string[] | null;
  hl: number[][];
  prob: (number | null)[] | null;
  /** per node a flat list [move, child, move, child, ...]; child -1: never forced */
  edges: number[][];
  /** one character per node: h hit, m miss, o off, - not looked up */
  positionBook: string | null;
  visits: number[][] | null;
  /** a traced search's steps (null or absent without a trace) */
  steps?: StepsData | null;
  pv: number[];
  summary: Summary;
  board: BoardLayout;
  players: string[];
  game: string;
  title: string;
}

/** A position's cells that differ from its parent's, flat: [cell, owner, label, ...]
 * (owner -1 for nobody). */
export type CellDelta = (number | string)[];

/** A board's owners and labels, by cell. */
interface Cells {
  owners: number[];
  labels: string[];
}

/** How many rebuilt boards a model keeps (the most recently shown). */
export const KEPT_BOARDS = 8;

/** The longest label a cell may have in a document read (`lazytree.boards.MAX_LABEL`). */
const MAX_LABEL = 64;

/** A move of a node: the string index of its label `m`, its child `c`, its rank `k`
 * among the node's generated moves. */
export interface Edge {
  c: number;
  m: number;
  k: number;
}

/** A move generated but never forced (no child). */
export interface Unforced {
  m: number;
  k: number;
}

export type PositionBookMark = "hit" | "miss" | "off" | "";

const POSITION_BOOK: Record<string, PositionBookMark> = { h: "hit", m: "miss", o: "off" };

export class Model {
  readonly data: ExplorerData;
  readonly n: number;
  readonly strings: string[];
  /** primary children, in generation order */
  readonly kids: Edge[][];
  /** moves generated, never forced */
  readonly unforced: Unforced[][];
  /** transpositions: children met first under another parent */
  readonly links: Edge[][];
  /** string index of the move into each node (-1 for the root) */
  readonly inMove: Int32Array;
  /** MCTS: the visits of the move into each node (null for other searches) */
  readonly visitsIn: Float64Array | null;
  /** how many parents link to each node */
  readonly parents: Int32Array;
  readonly depth: Int32Array;
  readonly pv: number[];
  readonly pvSet: Set<number>;
  private readonly sorted: (Edge[] | undefined)[];
  private order: CreationOrder | null = null;
  /** boards rebuilt from deltas, the most recently used last */
  private readonly boards = new Map<number, Cells>();
  /** how many boards were rebuilt by applying deltas (for the tests) */
  rebuilt = 0;

  /** Throws an Error naming what is wrong with a malformed document's positions. */
  constructor(data: ExplorerData) {
    this.data = data;
    const n = data.serial.length;
    this.n = n;
    checkPositions(data);
    this.strings = data.strings;
    this.kids = new Array(n);
    this.unforced = new Array(n);
    this.links = new Array(n);
    this.inMove = new Int32Array(n).fill(-1);
    this.visitsIn = data.visits ? new Float64Array(n) : null;
    this.parents = new Int32Array(n);
    this.depth = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const e = data.edges[i];
      const kids: Edge[] = [];
      const unforced: Unforced[] = [];
      const links: Edge[] = [];
      for (let j = 0, k = 0; j < e.length; j += 2, k++) {
        const m = e[j];
        const c = e[j + 1];
        if (c < 0) unforced.push({ m, k });
        else {
          this.parents[c]++;
          if (data.parent[c] === i && this.inMove[c] < 0) {
            kids.push({ c, m, k });
            this.inMove[c] = m;
            if (this.visitsIn && data.visits) this.visitsIn[c] = data.visits[i][k];
          } else links.push({ c, m, k });
        }
      }
      this.kids[i] = kids;
      this.unforced[i] = unforced;
      this.links[i] = links;
    }
    for (let i = 1; i < n; i++) this.depth[i] = this.depth[data.parent[i]] + 1;
    this.pv = data.pv;
    this.pvSet = new Set(data.pv);
    this.sorted = new Array(n);
  }

  /**
   * Node i's position as `unpack` (boards.js) reads it: the document's whole `pos[i]`, or
   * `[owners, labels]` rebuilt from the nearest ancestor whose board is whole or kept,
   * applying the deltas down to i (the last few boards rebuilt are kept).
   */
  position(i: number): unknown {
    const whole = this.data.pos[i];
    if (whole !== null && whole !== undefined) return whole;
    const { owners, labels } = this.cells(i);
    return [owners.map(ownerLetter).join(""), labels.slice()];
  }

  private cells(i: number): Cells {
    const kept = this.boards.get(i);
    if (kept) {
      this.boards.delete(i); // most recently used last
      this.boards.set(i, kept);
      return kept;
    }
    const d = this.data;
    const chain: number[] = [];
    let j = i;
    let start: Cells | undefined;
    while (!start) {
      const hit = this.boards.get(j);
      const whole = d.pos[j];
      if (hit) start = { owners: hit.owners.slice(), labels: hit.labels.slice() };
      else if (whole !== null && whole !== undefined) start = wholeCells(d, whole);
      else {
        chain.push(j);
        j = d.parent[j];
      }
    }
    const deltas = d.delta ?? [];
    for (let k = chain.length - 1; k >= 0; k--) {
      const delta = deltas[chain[k]];
      for (let t = 0; t < delta.length; t += 3) {
        const cell = delta[t] as number;
        start.owners[cell] = delta[t + 1] as number;
        start.labels[cell] = delta[t + 2] as string;
      }
    }
    this.rebuilt++;
    this.boards.set(i, start);
    if (this.boards.size > KEPT_BOARDS) {
      const oldest = this.boards.keys().next().value;
      if (oldest !== undefined) this.boards.delete(oldest);
    }
    return start;
  }

  /** Whether (and how) a search looked the node up in a position book. */
  positionBook(i: number): PositionBookMark {
    const b = this.data.positionBook;
    return b ? (POSITION_BOOK[b[i]] ?? "") : "";
  }

  /** The label of the move into node i ("" for the root). */
  move(i: number): string {
    return i === 0 || this.inMove[i] < 0 ? "" : this.strings[this.inMove[i]];
  }

  /**
   * A child's value from the point of view of the player to move at its parent (two-player
   * searches store one rating player per search: the other side prefers low values).
   */
  score(parent: number, c: number): number {
    const v = this.data.value[c];
    if (v === null) return Number.NEGATIVE_INFINITY;
    return this.data.rplayer[c] === this.data.player[parent] ? v : -v;
  }

  /**
   * Node i's children best first: the principal variation's child (the search's choice),
   * then by MCTS visits, then by stored value, then in generation order (values stored by
   * different iterations of a deepening search are not comparable).
   */
  best(i: number): Edge[] {
    let kids = this.sorted[i];
    if (!kids) {
      kids = this.kids[i].slice();
      const pv = (c: number) => (this.pvSet.has(c) && this.pvSet.has(i) ? 1 : 0);
      const visits = (c: number) => (this.visitsIn ? this.visitsIn[c] : 0);
      kids.sort(
        (a, b) =>
          pv(b.c) - pv(a.c) ||
          visits(b.c) - visits(a.c) ||
          this.score(i, b.c) - this.score(i, a.c) ||
          a.k - b.k,
      );
      this.sorted[i] = kids;
    }
    return kids;
  }

  /** The order in which the search created the nodes (computed on first use). */
  creation(): CreationOrder {
    if (!this.order) this.order = creationOrder(this.data.serial, this.data.parent);
    return this.order;
  }

  /** The nodes from the root to i, root first. */
  path(i: number): number[] {
    const out: number[] = [];
    for (let j = i; j > 0; j = this.data.parent[j]) out.push(j);
    out.push(0);
    return out.reverse();
  }

  /** The moves from the root to i. */
  line(i: number): string[] {
    return this.path(i)
      .slice(1)
      .map((j) => this.move(j));
  }

  playerName(p: number): string {
    return p < 0 ? "chance" : (this.data.players[p] ?? `player ${p}`);
  }
}

function ownerLetter(owner: number): string {
  return owner < 0 ? "." : String.fromCharCode(65 + owner);
}

/** The owners and labels of a whole packed position. */
function wholeCells(d: ExplorerData, packed: unknown): Cells {
  const cells = (unpack(d.board, packed).cells ?? []) as { owner: number; label: string }[];
  return { owners: cells.map((c) => c.owner), labels: cells.map((c) => c.label) };
}

function isInt(x: unknown, lo: number, hi: number): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x < hi;
}

/**
 * Check a document's positions as data from outside (a file opened from disk may have
 * been written by anyone): one per node, the root's whole, every delta a list of
 * [cell, owner, label] triples of the board's cells, players and short labels, and every
 * node written as a delta after its parent. Throws an Error saying what is wrong.
 */
export function checkPositions(d: ExplorerData): void {
  const n = d.serial.length;
  const bad = (why: string) => new Error(`this explorer document is malformed: ${why}`);
  if (!Array.isArray(d.pos) || d.pos.length !== n || !Array.isArray(d.parent))
    throw bad(`it does not have a position for each of its ${n} nodes`);
  if (d.parent.length !== n) throw bad(`it does not have a parent for each of its ${n} nodes`);
  const delta = d.delta;
  if (delta === null || delta === undefined) {
    if (d.pos.some((p) => p === null || p === undefined)) throw bad("a position is missing");
    return;
  }
  if (!Array.isArray(delta) || delta.length !== n)
    throw bad(`it does not have a delta for each of its ${n} nodes`);
  const cells = Array.isArray(d.board?.cells) ? (d.board.cells as unknown[]).length : -1;
  if (cells < 0) throw bad("its positions are deltas, but its board has no cells");
  const players = Array.isArray(d.players) ? d.players.length : 0;
  for (let i = 0; i < n; i++) {
    const whole = d.pos[i];
    if (whole === null || whole === undefined) {
      if (!isInt(d.parent[i], 0, i)) throw bad(`node ${i}'s parent does not come before it`);
    } else if (typeof whole !== "string" && !Array.isArray(whole))
      throw bad(`node ${i}'s position is neither text nor a list`);
    const changes = delta[i];
    if (!Array.isArray(changes) || changes.length % 3 !== 0)
      throw bad(`node ${i}'s delta is not a list of [cell, owner, label] triples`);
    for (let t = 0; t < changes.length; t += 3) {
      const [cell, owner, label] = [changes[t], changes[t + 1], changes[t + 2]];
      if (!isInt(cell, 0, cells)) throw bad(`node ${i}'s delta changes cell ${cell} of ${cells}`);
      if (!isInt(owner, -1, players)) throw bad(`node ${i}'s delta names owner ${owner}`);
      if (typeof label !== "string" || label.length > MAX_LABEL)
        throw bad(`node ${i}'s delta gives cell ${cell} a label that is not short text`);
    }
  }
}
