/**
 * The explorer's model: the compact JSON document of `lazytree.explorer.model` decoded
 * into per-node arrays, plus what the page derives from them (children best first, the
 * order of creation).
 */
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
  pos: unknown[];
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

  constructor(data: ExplorerData) {
    this.data = data;
    const n = data.serial.length;
    this.n = n;
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
