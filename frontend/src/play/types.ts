/** What the server sends the play page (lazytree/server/app.py, lazytree/server/live.py). */
import type { BoardDocument, Delta } from "../board/types";

/** A seat: a human, or an AI with its name and label. */
export interface Seat {
  kind: "human" | "ai";
  name?: string;
  label?: string;
}

/** A move as the game's log has it (player -1: chance, with a note). */
export interface Played {
  player: number;
  text: string;
  note?: string;
  path?: number[];
}

/** An AI's search in progress. */
export interface Progress {
  player: number;
  depth?: number | null;
  nodes: number;
  seconds: number;
}

/** The AI's last turn's search. */
export interface LastSearch {
  moves: number;
  depth?: number | null;
  nodes: number;
  stopped?: string | null;
  position_book_hits?: number;
}

/** Everything the page shows about a game (`session_view`). */
export interface View {
  id: string;
  version: number;
  epoch: number;
  game: string;
  options: Record<string, unknown>;
  players: number;
  seats: Seat[];
  taken: (string | null | boolean)[];
  to_move: number;
  over: boolean;
  winners: number[];
  board: BoardDocument;
  moves_made: number;
  turn: number;
  last_turn: Played[];
  log: Played[];
  thinking: boolean;
  can_stop: boolean;
  progress: Progress | null;
  last_search: LastSearch | null;
  error: string | null;
  waiting: boolean;
  can_undo: boolean;
  can_redo: boolean;
  delay: number;
  position_book?: { note?: string } | null;
}

/** Who this page is: the host, a seat's player, or a watcher. */
export interface You {
  role: "host" | "seat" | "watcher";
  seat: number | null;
}

/** The invitation links a host's or a seat's page gets. */
export interface Links {
  seats: { seat: number; url: string; mine?: boolean }[];
  watch: string;
}

/** A move of the game as an update lists it. */
export interface MoveEntry {
  ply: number;
  player: number;
  text: string;
  note?: string;
}

/** An update: the moves since `from`, the view (its board whole, or a delta). */
export interface UpdateMessage {
  type: "update";
  from: number;
  ply: number;
  moves: MoveEntry[];
  view: Omit<View, "board"> & { board?: BoardDocument };
  delta?: Delta;
  you?: You;
  links?: Links | null;
}

/** What the server pushes while an AI thinks. */
export interface ProgressMessage {
  type: "progress";
  progress: Progress | null;
  waiting: boolean;
}

/** Any message of the live connection. */
export type ServerMessage =
  | UpdateMessage
  | ProgressMessage
  | { type: "error"; error: string }
  | { type: "confirmed"; move: string; ply: number };

/** A replay's position (GET /api/sessions/ID/at/K). */
export interface ReplayView {
  ply: number;
  moves_made: number;
  board: BoardDocument;
  move: Played | null;
}
