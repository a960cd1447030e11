/**
 * The play page: the new-game form, or one game drawn from what the server pushes over
 * the live connection. The board (a `lazytree-board/1` document) is drawn by the shared
 * renderer (frontend/src/board) on a canvas, or as the generic view's text; a move is
 * made by pointer or touch on the board, by keyboard (the cursor, Enter), by a button, or
 * typed in the move box. Every text from the server is inserted as text.
 *
 * Test hooks: `window.lazytree` holds `timings` (Performance API measures, ms), the
 * `view`, `ready` once the first view is drawn, and `moves` (every move's text).
 */
import { Board } from "../board/canvas";
import { describeCell, movesFrom } from "../board/document";
import { textBoard } from "../board/dom";
import { type Direction, step } from "../board/geometry";
import type { BoardDocument } from "../board/types";
import { hasCells } from "../board/types";
import { must } from "./el";
import { setupForm } from "./form";
import { Gestures } from "./gestures";
import { checkMove, completions } from "./notation";
import { renderMoves, renderPanel, renderProgress } from "./panel";
import { replayCaption, replayStep, replayTarget } from "./replay";
import { type GameService, openService } from "./service";
import { type Applied, PlayState } from "./state";
import type { ReplayView, ServerMessage, UpdateMessage, View } from "./types";
import { Viewport } from "./viewport";

interface Hooks {
  timings: { name: string; ms: number }[];
  view: View | null;
  ready: boolean;
  moves?: string[];
}

declare global {
  interface Window {
    lazytree: Hooks;
  }
}

const KEYS: Record<string, Direction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};
/** How many completions the move box offers at once. */
const COMPLETIONS = 50;

/** Measure `name` from `start` (ms), and again once the change is painted. */
function measure(name: string, start: number): void {
  const m = performance.measure(name, { start, end: performance.now() });
  window.lazytree.timings.push({ name, ms: m.duration });
  requestAnimationFrame(() =>
    setTimeout(() => {
      const p = performance.measure(`${name}-painted`, { start, end: performance.now() });
      window.lazytree.timings.push({ name: `${name}-painted`, ms: p.duration });
    }, 0),
  );
}

function showError(message: string): void {
  const box = must("#error");
  box.textContent = message;
  box.hidden = !message;
}

/** The play page of one game. */
class GamePage {
  readonly state = new PlayState();
  private readonly app = must("#app");
  private readonly canvas = must<HTMLCanvasElement>("#board");
  private readonly board: Board;
  private readonly viewport = new Viewport();
  private readonly gestures: Gestures;
  private readonly connection: GameService;
  private busy = false;
  private connectedAt: number | null = null;
  private pendingMove: number | null = null;
  /** The text of the move sent from the move box (its errors are shown there). */
  private typed: string | null = null;
  private anchorX: number | undefined;
  private focused = false;

  constructor(
    private readonly sessionId: string,
    private readonly seatToken: string | null,
  ) {
    this.board = new Board(this.canvas);
    this.gestures = new Gestures(this.board, this.viewport, () => this.setViewBox());
    // the game service: the server, or Python in a worker (the static site)
    this.connection = openService(
      sessionId,
      {
        hello: () => ({
          ply: this.state.view ? this.state.view.moves_made : 0,
          seat: seatToken,
          epoch: this.state.view ? this.state.view.epoch : -1,
        }),
        message: (message) => this.onMessage(message),
        status: (text) => this.setConnection(text),
        closed: () => {
          this.busy = false;
        },
      },
      (path, body) => api(path, body, seatToken, sessionId),
      this.app.dataset,
    );
    this.wire();
  }

  start(): void {
    must("#game").hidden = false;
    this.connectedAt = performance.now();
    this.connection.connect(); // the server starts an AI to move when a page says hello
    if (this.connection.local) return; // (the page's own address is the game's)
    const seat = this.seatToken ? `&seat=${encodeURIComponent(this.seatToken)}` : "";
    history.replaceState(null, "", `/play?session=${this.sessionId}${seat}`);
  }

  // -- the server ------------------------------------------------------------------------

  private async api<T>(path: string, body?: unknown): Promise<T> {
    return this.connection.request<T>(path, body);
  }

  private onMessage(message: ServerMessage): void {
    if (message.type === "update") {
      this.onUpdate(message);
    } else if (message.type === "progress") {
      if (!this.state.view) return;
      this.state.view.progress = message.progress;
      this.state.view.waiting = message.waiting;
      renderProgress(this.state);
    } else if (message.type === "error") {
      if (this.typed !== null) this.moveError(message.error);
      else showError(message.error);
      this.typed = null;
      this.busy = false;
    } else if (message.type === "confirmed") {
      this.typedDone();
      this.busy = false;
    }
  }

  private onUpdate(message: UpdateMessage): void {
    const t0 = performance.now();
    const first = this.state.view === null;
    let applied: Applied;
    try {
      applied = this.state.apply(message);
    } catch {
      this.connection.abort("no board to change");
      return;
    }
    if (first && this.connectedAt !== null) measure("fetch", this.connectedAt);
    window.lazytree.moves = this.state.moveTexts;
    if (applied.moved) {
      // the move sent is made (its confirmation may come after this update)
      this.busy = false;
      this.typedDone();
      showError("");
      this.moveError("");
    }
    this.render(t0, applied);
    const said = this.state.announcement(applied);
    if (said) this.announce(said);
    if (applied.changed && applied.moved && this.pendingMove !== null) {
      measure("move", this.pendingMove);
      this.pendingMove = null;
    }
  }

  private setConnection(text: string): void {
    const box = must("#connection");
    box.textContent = text;
    box.hidden = !text;
    this.app.dataset.connected = text ? "false" : "true";
  }

  private announce(text: string): void {
    const box = must("#announce");
    // a new node each time, so the same words are announced again
    const line = document.createElement("p");
    line.textContent = text;
    box.replaceChildren(line);
  }

  private sendMove(move: string, started?: number): boolean {
    if (this.busy || !this.connection.open) {
      if (!this.connection.exists)
        showError("not connected: the move was not sent (the page reconnects)");
      return false;
    }
    this.busy = true;
    this.pendingMove = started ?? performance.now();
    this.connection.send({ move });
    return true;
  }

  private async send(path: string, body?: unknown): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.api(`${this.sessionId}/${path}`, body ?? {});
      showError("");
    } catch (e) {
      showError((e as Error).message);
    } finally {
      this.busy = false;
    }
  }

  /**
   * The AI's last search in a new window, its explorer page made by the game service (the
   * site's worker: no server has it). The window is opened during the click, as browsers
   * ask; the page is a blob of the site's origin, so the play page's policy allows it.
   */
  private exploreHere(): void {
    const opened = window.open("", "_blank");
    if (!opened) {
      showError("the browser blocked the explorer's window: allow this page's pop-ups");
      return;
    }
    this.connection.request<{ html: string }>(`${this.sessionId}/explore/ai`).then(
      ({ html }) => {
        const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
        opened.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (error: Error) => {
        opened.close();
        showError(error.message);
      },
    );
  }

  // -- drawing ---------------------------------------------------------------------------

  private markOptions(interactive: boolean) {
    const s = this.state;
    return {
      selected: interactive ? s.selected : null,
      last: s.replayAt === null ? s.lastPaths() : [],
      interactive,
      cursor: this.focused ? s.cursor : null,
    };
  }

  /** Draw `doc`: whole, or only `changed` cells (and marks) when it is the board drawn. */
  private drawBoard(doc: BoardDocument, interactive: boolean, changed?: number[] | null): void {
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
    const fresh = this.board.key !== this.board.shapeKey(doc);
    if (fresh) {
      this.state.cursor = null;
      this.board.render(doc, this.markOptions(interactive));
      this.fit();
    } else if (changed) {
      this.board.update(doc, this.markOptions(interactive), changed);
    } else {
      this.board.render(doc, this.markOptions(interactive));
    }
    this.canvas.setAttribute(
      "aria-label",
      `${this.state.view?.game ?? "game"} board, ${doc.cells?.length} cells`,
    );
  }

  /** Redraw the marks (selection, cursor) of the board drawn, only the cells they change. */
  private redrawMarks(): void {
    const view = this.state.view;
    if (!view || this.state.replayAt !== null || !hasCells(view.board)) return;
    this.board.update(view.board, this.markOptions(this.state.isHumanTurn()));
  }

  private render(started?: number, applied?: Applied): void {
    const t0 = started ?? performance.now();
    const s = this.state;
    const view = s.view as View;
    const human = s.isHumanTurn();
    if (s.replayAt === null) {
      const incremental =
        applied && applied.cells !== null && !applied.reshaped ? applied.cells : null;
      this.drawBoard(view.board, human, incremental);
    }
    this.canvas.classList.toggle("your-turn", human);
    const data = this.app.dataset;
    data.version = String(view.version);
    data.toMove = String(view.to_move);
    data.thinking = String(view.thinking);
    data.over = String(view.over);
    data.moves = String(view.moves_made);
    data.ply = String(view.moves_made);
    data.role = s.you.role;
    renderPanel(s, this.sessionId);
    this.renderMoveBox();
    this.describeCursor();
    window.lazytree.view = view;
    window.lazytree.ready = true;
    measure(`draw-${view.board.kind}`, t0);
  }

  private setViewBox(): void {
    this.canvas.setAttribute("viewBox", this.viewport.toString());
  }

  private fit(): void {
    if (!this.board.width) return;
    this.viewport.fit(this.board.width, this.board.height);
    this.setViewBox();
  }

  // -- the move box ----------------------------------------------------------------------

  private moveError(text: string): void {
    const box = must("#move-error");
    box.textContent = text;
    box.hidden = !text;
  }

  private renderMoveBox(): void {
    const s = this.state;
    const view = s.view;
    const input = must<HTMLInputElement>("#move-input");
    const can = s.isHumanTurn();
    const form = must<HTMLFormElement>("#move-form");
    form.hidden = s.you.role === "watcher";
    must<HTMLButtonElement>("[data-action=play-move]").disabled = !can;
    // the hint keeps its length from move to move (nothing below it jumps); the legal
    // moves' count and an example go where they move nothing
    const moves = view?.board.moves ?? [];
    const example = moves.find((m) => m.path.length > 0) ?? moves[0];
    must("#move-hint").textContent = view ? "In the game's notation; Enter plays it." : "";
    input.placeholder = can && example ? `e.g. ${example.move}` : "";
    input.title = can
      ? `${moves.length + (view?.board.more ?? 0)} legal moves`
      : view?.over
        ? "the game is over"
        : "not your turn";
    this.fillCompletions(can ? input.value : null);
  }

  /**
   * The typed move was made: the box is emptied, unless something else was typed since
   * (the confirmation can come after the update, while the next move is being typed).
   */
  private typedDone(): void {
    const input = must<HTMLInputElement>("#move-input");
    if (this.typed !== null && input.value === this.typed) input.value = "";
    this.typed = null;
  }

  private fillCompletions(typed: string | null): void {
    const list = must<HTMLDataListElement>("#move-options");
    const moves = typed === null ? [] : (this.state.view?.board.moves ?? []);
    const options = completions(moves, typed ?? "", COMPLETIONS).map((text) => {
      const option = document.createElement("option");
      option.value = text;
      return option;
    });
    list.replaceChildren(...options);
  }

  private playTyped(): void {
    const s = this.state;
    const input = must<HTMLInputElement>("#move-input");
    if (!s.view || !s.isHumanTurn()) {
      this.moveError(s.view?.over ? "the game is over" : "it is not your turn");
      return;
    }
    const checked = checkMove(s.view.board, input.value);
    if ("error" in checked) {
      this.moveError(checked.error);
      return;
    }
    this.moveError("");
    this.typed = input.value;
    if (!this.sendMove(checked.move)) this.typed = null;
  }

  // -- the cursor ------------------------------------------------------------------------

  private describeCursor(): void {
    const s = this.state;
    const box = must("#board-cursor");
    if (s.cursor === null) delete this.canvas.dataset.cursor;
    else this.canvas.dataset.cursor = String(s.cursor);
    const doc = s.view?.board;
    if (!doc || !hasCells(doc) || s.cursor === null || s.replayAt !== null) {
      box.textContent = this.focused && doc && hasCells(doc) ? "No cell under the cursor." : "";
      return;
    }
    const marks = this.board.marks.get(s.cursor);
    const what = describeCell(doc, s.cursor, marks);
    const moves = s.isHumanTurn() ? movesFrom(doc, s.cursor).length : 0;
    box.textContent = `Cursor: ${what}${moves ? `; ${moves} moves from here` : ""}.`;
  }

  private firstCursor(doc: BoardDocument): number {
    const s = this.state;
    if (s.selected !== null) return s.selected;
    const start = doc.moves.find((m) => m.path.length > 0);
    return start ? (start.path[0] as number) : 0;
  }

  private moveCursor(direction: Direction): void {
    const s = this.state;
    const doc = s.view?.board;
    if (!doc || !hasCells(doc) || !this.board.geo) return;
    const from = s.cursor ?? this.firstCursor(doc);
    const vertical = direction === "up" || direction === "down";
    if (!vertical || this.anchorX === undefined) this.anchorX = this.board.geo.centres[from]?.[0];
    s.cursor =
      s.cursor === null
        ? from
        : step(doc, this.board.geo, this.board.index, from, direction, this.anchorX);
    if (!vertical) this.anchorX = undefined;
    this.revealCursor();
    this.redrawMarks();
    this.describeCursor();
  }

  /** Pan so the cursor's cell is on screen. */
  private revealCursor(): void {
    const s = this.state;
    const c = s.cursor === null ? undefined : this.board.geo?.centres[s.cursor];
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

  /** Zoom by `factor` from the keyboard: about the cursor's cell, which stays in view. */
  private zoomKey(factor: number): void {
    const s = this.state;
    const c = s.cursor === null ? undefined : this.board.geo?.centres[s.cursor];
    this.viewport.zoomAt(factor, c?.[0], c?.[1]);
    this.setViewBox();
    this.revealCursor();
  }

  /** A click (or Enter) on cell `c`: select it, or play the move it ends. */
  private act(c: number, started: number): void {
    const s = this.state;
    const view = s.view;
    if (!view || !s.isHumanTurn()) return;
    const what = this.board.click(c, s.selected);
    if ("move" in what) {
      this.sendMove(what.move, started);
      return;
    }
    s.selected = what.select;
    this.redrawMarks();
    renderPanel(s, this.sessionId);
    this.renderMoveBox();
    this.describeCursor();
    measure("select", started);
  }

  private onKey(e: KeyboardEvent): void {
    const s = this.state;
    const direction = KEYS[e.key];
    if (direction) {
      e.preventDefault();
      this.moveCursor(direction);
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const doc = s.view?.board;
      if (!doc || !hasCells(doc)) return;
      if (s.cursor === null) {
        this.moveCursor("left");
        return;
      }
      if (!s.isHumanTurn()) {
        must("#board-cursor").textContent = s.view?.over
          ? "The game is over."
          : "It is not your turn.";
        return;
      }
      this.act(s.cursor, e.timeStamp);
    } else if (e.key === "Escape") {
      if (s.selected === null) return;
      e.preventDefault();
      s.selected = null;
      this.redrawMarks();
      renderMoves(s);
      renderPanel(s, this.sessionId);
      this.describeCursor();
    } else if (e.key === "+" || e.key === "=") {
      this.zoomKey(1 / 1.4);
    } else if (e.key === "-") {
      this.zoomKey(1.4);
    } else if (e.key === "0") {
      this.fit();
    }
  }

  // -- replay ----------------------------------------------------------------------------

  private async showReplay(k: number | null): Promise<void> {
    const s = this.state;
    const view = s.view;
    if (!view) return;
    if (k === null) {
      s.replayAt = null;
      s.selected = null;
      this.app.removeAttribute("data-replay");
      this.render();
      return;
    }
    s.replayAt = k;
    try {
      const at = await this.api<ReplayView>(`${this.sessionId}/at/${k}`);
      if (s.replayAt !== k) return;
      this.drawBoard(at.board, false);
      this.app.dataset.replay = String(k);
      must("#replay-text").textContent = replayCaption(k, at.moves_made, at.move);
      must<HTMLInputElement>("[data-action=replay]").value = String(k);
      renderPanel(s, this.sessionId);
      this.renderMoveBox();
      this.describeCursor();
    } catch (e) {
      showError((e as Error).message);
    }
  }

  // -- wiring ----------------------------------------------------------------------------

  private wire(): void {
    const canvas = this.canvas;
    canvas.addEventListener("click", (e) => {
      if (this.gestures.dragged || !this.state.view) return;
      const c = this.board.cellAt(e);
      if (c === null) return;
      this.state.cursor = c;
      if (!this.state.isHumanTurn()) {
        this.redrawMarks();
        this.describeCursor();
        return;
      }
      this.act(c, e.timeStamp);
    });
    canvas.addEventListener("keydown", (e) => {
      if (!this.focused && e.key !== "Tab") {
        this.focused = true; // the keyboard took over after a click: show the cursor
        this.redrawMarks();
      }
      this.onKey(e);
    });
    canvas.addEventListener("focus", () => {
      // the cursor shows when the keyboard brought the focus (not a click or a tap)
      this.focused = canvas.matches(":focus-visible");
      const doc = this.state.view?.board;
      if (doc && hasCells(doc) && this.state.cursor === null)
        this.state.cursor = this.firstCursor(doc);
      if (this.focused) this.redrawMarks();
      this.describeCursor();
    });
    canvas.addEventListener("blur", () => {
      if (!this.focused) return;
      this.focused = false;
      this.redrawMarks();
    });
    const on = (action: string, f: (e: Event) => void, type = "click") =>
      must(`[data-action=${action}]`).addEventListener(type, f);
    on("zoom-in", () => {
      this.viewport.zoomAt(1 / 1.4);
      this.setViewBox();
    });
    on("zoom-out", () => {
      this.viewport.zoomAt(1.4);
      this.setViewBox();
    });
    on("zoom-fit", () => this.fit());
    on("ai", () => void this.send("ai"));
    on("stop", () => {
      this.api(`${this.sessionId}/stop`, {}).catch((e: Error) => showError(e.message));
    });
    on("undo", () => void this.send("undo"));
    on("redo", () => void this.send("redo"));
    on(
      "speed",
      (e) => {
        const delay = Number((e.target as HTMLSelectElement).value);
        this.api(`${this.sessionId}/speed`, { delay }).catch((err: Error) =>
          showError(err.message),
        );
      },
      "change",
    );
    on("load-file", (e) => void loadFile(e, this.seatToken), "change");
    must("#progress").addEventListener("click", (e) => {
      const link = (e.target as HTMLElement).closest("[data-action=explore]");
      if (!link || !this.connection.local) return; // (the server's page is a link)
      e.preventDefault();
      this.exploreHere();
    });
    must("#moves").addEventListener("click", (e) => {
      const button = (e.target as HTMLElement).closest<HTMLElement>("[data-move]");
      const move = button?.dataset.move;
      if (move !== undefined) this.sendMove(move);
    });
    must("#move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.playTyped();
    });
    const input = must<HTMLInputElement>("#move-input");
    input.addEventListener("input", () => {
      this.moveError("");
      this.fillCompletions(this.state.isHumanTurn() ? input.value : null);
    });
    const total = () => this.state.view?.moves_made ?? 0;
    on(
      "replay",
      (e) =>
        void this.showReplay(replayTarget(Number((e.target as HTMLInputElement).value), total())),
      "input",
    );
    on("replay-prev", () => void this.showReplay(replayStep(this.state.replayAt, total(), -1)));
    on("replay-next", () => void this.showReplay(replayStep(this.state.replayAt, total(), 1)));
    on("replay-live", () => void this.showReplay(null));
    // leaving the page closes its connection (the last page of a game to leave stops its
    // AI); a page the browser brings back from its cache connects again
    window.addEventListener("pagehide", () => this.connection.close());
    window.addEventListener("pageshow", (e) => {
      if (e.persisted && !this.connection.exists) this.connection.connect();
    });
  }
}

/** A call of the session API (a GET, or a POST of `body`), its JSON answer or its error. */
async function api<T>(
  path: string,
  body: unknown,
  seat: string | null,
  session: string,
): Promise<T> {
  const headers: Record<string, string> = seat ? { "X-Lazytree-Seat": seat } : {};
  const options: RequestInit =
    body === undefined
      ? { headers }
      : {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        };
  const response = await fetch(`/api/sessions/${path}`, options);
  if (path === session || /\/(move|ai|undo|redo)$/.test(path))
    performance.mark("lazytree:board-data");
  const data = (await response
    .json()
    .catch(() => ({ error: `${response.status} ${response.statusText}` }))) as { error?: string };
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data as T;
}

async function loadFile(event: Event, seat: string | null): Promise<void> {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (!file) return;
  try {
    const text = await file.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new Error(`${file.name} is not JSON: ${(e as Error).message}`);
    }
    const made = await api<{ url: string }>("load", data, seat, "");
    window.location.href = made.url;
  } catch (e) {
    showError(`cannot load ${file.name}: ${(e as Error).message}`);
  }
}

/** A refused form's fields (the page's data-typed), as strings by name; {} if none. */
function typedFields(text: string | undefined): Record<string, string> {
  try {
    const data: unknown = JSON.parse(text || "{}");
    if (!data || typeof data !== "object" || Array.isArray(data)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(data)) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    return {};
  }
}

function main(): void {
  window.lazytree = { timings: [], view: null, ready: false };
  const app = must("#app");
  const sessionId = app.dataset.session ?? "";
  const seatToken = app.dataset.seat || null;
  showError(app.dataset.error ?? "");
  if (sessionId) {
    new GamePage(sessionId, seatToken).start();
  } else {
    setupForm(JSON.parse(app.dataset.games ?? "{}"), typedFields(app.dataset.typed));
    must("[data-action=load-file-home]").addEventListener("change", (e) => void loadFile(e, null));
  }
}

main();
