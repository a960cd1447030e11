/**
 * The play page's state, without the DOM: the game's view as the updates bring it, who
 * this page is, the selection, the keyboard's cursor, the replay, and what to announce.
 */
import { withDelta } from "../board/document";
import type { BoardDocument } from "../board/types";
import type { Links, MoveEntry, UpdateMessage, View, You } from "./types";

/** The players' colour names (boards.css's palette, in order). */
export const COLOUR_NAMES = ["red", "blue", "green", "orange", "purple", "teal", "pink", "olive"];

/** What an update changed. */
export interface Applied {
  /** The number of moves changed (a move, an undo). */
  moved: boolean;
  /** The view's version or moves changed. */
  changed: boolean;
  /** The cells that changed (null: the board came whole). */
  cells: number[] | null;
  /** The board's fields beyond the cells changed its shape or look (draw it whole). */
  reshaped: boolean;
  /** The moves new to this page (none on its first update). */
  fresh: MoveEntry[];
  /** The moves went back (an undo or redo restarted them). */
  rewound: boolean;
}

const SHAPE_KEYS = ["kind", "rows", "cols", "offsets", "coords", "colours", "players"];

/** The page's state. */
export class PlayState {
  view: View | null = null;
  you: You = { role: "watcher", seat: null };
  links: Links | null = null;
  selected: number | null = null;
  cursor: number | null = null;
  /** The move number the replay shows (null: the game now). */
  replayAt: number | null = null;
  /** Every move of the game as pushed, ply by ply. */
  moveTexts: string[] = [];

  /** Whether this page may move for `player`: its own seat, or a human seat nobody took. */
  mayMove(player: number): boolean {
    const view = this.view;
    if (view === null || view.seats[player]?.kind !== "human") return false;
    if (this.you.role === "seat") return this.you.seat === player;
    return this.you.role === "host" && view.taken[player] !== "seat";
  }

  /** Whether this page moves now (the game live, not over, a human's turn it may play). */
  isHumanTurn(): boolean {
    const v = this.view;
    return (
      v !== null && this.replayAt === null && !v.over && !v.thinking && this.mayMove(v.to_move)
    );
  }

  /** The paths of the last turn's moves (for the arrows). */
  lastPaths(): number[][] {
    return (this.view?.last_turn ?? []).flatMap((m) => (m.path ? [m.path] : []));
  }

  /**
   * Take an update: its delta applied to the board this page has (an error when there is
   * none), its moves appended; the selection cleared when a move was made.
   */
  apply(message: UpdateMessage): Applied {
    const before = this.view;
    let board: BoardDocument;
    let cells: number[] | null = null;
    let reshaped = true;
    const delta = message.delta;
    if (delta) {
      if (!before) throw new Error("an update changes a board this page does not have");
      const next = withDelta(before.board, delta);
      board = next.board;
      cells = next.changed;
      reshaped =
        SHAPE_KEYS.some((k) => k in delta.set) || delta.unset.some((k) => SHAPE_KEYS.includes(k));
    } else if (message.view.board) {
      board = message.view.board;
    } else {
      throw new Error("an update without a board or its changes");
    }
    const known = this.moveTexts.length;
    const rewound = message.from < known;
    this.moveTexts.length = Math.min(known, message.from);
    for (const m of message.moves) this.moveTexts[m.ply] = m.text;
    const view: View = { ...message.view, board };
    const changed =
      !before || view.version !== before.version || view.moves_made !== before.moves_made;
    const moved = before !== null && view.moves_made !== before.moves_made;
    if (message.you) this.you = message.you;
    this.links = message.links ?? null;
    this.view = view;
    if (moved) this.selected = null;
    const fresh = before === null ? [] : message.moves.filter((m) => m.ply >= known || rewound);
    return { moved, changed, cells, reshaped, fresh: rewound ? [] : fresh, rewound };
  }

  /** Player p's name: "player 1 (blue, AI label)" or "player 0 (red, human)". */
  playerName(p: number): string {
    const seat = this.view?.seats[p];
    const who = !seat || seat.kind === "human" ? "human" : (seat.label ?? "AI");
    return `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`;
  }

  /**
   * What a screen reader hears after an update: each new move ("player 1 (AI): 3->4"), a
   * roll's note, the game's end or that it is this page's turn.
   */
  announcement(applied: Applied): string {
    const view = this.view;
    if (!view) return "";
    const parts: string[] = [];
    if (applied.rewound) parts.push(`The game went back to move ${view.moves_made}.`);
    for (const m of applied.fresh) {
      if (m.player < 0) parts.push(`${m.note ?? m.text}.`);
      else {
        const seat = view.seats[m.player];
        const who = seat?.kind === "ai" ? "AI" : this.mayMove(m.player) ? "you" : "human";
        parts.push(`Player ${m.player} (${who}): ${m.text}.`);
      }
    }
    if (!applied.moved && !applied.rewound) return parts.join(" ");
    if (view.over) {
      const w = view.winners;
      parts.push(w.length === 1 ? `Game over: player ${w[0]} wins.` : "Game over: a tie.");
    } else if (this.isHumanTurn()) {
      parts.push(`Your turn, player ${view.to_move}.`);
    }
    return parts.join(" ");
  }
}
