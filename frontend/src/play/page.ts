/**
 * The play page: the new-game form, or one game drawn from what the server pushes over
 * the live connection. The board (a `lazytree-board/1` document) is drawn by the shared
 * renderer (frontend/src/board) on a canvas, or as the generic view's text; a move is
 * made by pointer or touch on the board, by keyboard (the cursor, Enter), by a button, or
 * typed in the move box. Every text from the server is inserted as text.
 *
 * The parts: controller.ts decides what a click, a key or the focus does (without the
 * DOM), board-view.ts draws the board and holds its viewport, movebox.ts is the move box,
 * api.ts the session API's calls, hooks.ts the tests' hooks; this module wires them to the
 * game service and the page's other controls.
 */
import { describeCell, movesFrom } from "../board/document";
import type { BoardDocument } from "../board/types";
import { hasCells } from "../board/types";
import { api, loadFile } from "./api";
import { BoardView } from "./board-view";
import { BoardController } from "./controller";
import { must, showError } from "./el";
import { setupForm, typedFields } from "./form";
import { measure } from "./hooks";
import { MoveBox } from "./movebox";
import { renderPanel, renderProgress } from "./panel";
import { replayCaption, replayStep, replayTarget } from "./replay";
import { type GameService, openService } from "./service";
import { type Applied, PlayState } from "./state";
import type { ReplayView, ServerMessage, UpdateMessage, View } from "./types";

/** The play page of one game. */
class GamePage {
  readonly state = new PlayState();
  private readonly app = must("#app");
  private readonly shown = new BoardView();
  private readonly canvas = this.shown.canvas;
  private readonly board = this.shown.board;
  private readonly connection: GameService;
  private readonly controller: BoardController;
  private readonly moveBox: MoveBox;
  private busy = false;
  private connectedAt: number | null = null;
  private pendingMove: number | null = null;

  constructor(
    private readonly sessionId: string,
    private readonly seatToken: string | null,
  ) {
    this.moveBox = new MoveBox(this.state, (move) => this.sendMove(move));
    this.controller = new BoardController(this.state, this.board, {
      redrawMarks: () => this.redrawMarks(),
      describeCursor: (text) => this.describeCursor(text),
      showSelection: (started) => {
        renderPanel(this.state, this.sessionId);
        this.moveBox.render();
        this.describeCursor();
        if (started !== null) measure("select", started);
      },
      sendMove: (move, started) => this.sendMove(move, started),
      revealCursor: () => this.shown.reveal(this.state.cursor),
      zoom: (factor) => {
        // from the keyboard: about the cursor's cell, which stays in view
        this.shown.zoom(factor, this.state.cursor);
        this.shown.reveal(this.state.cursor);
      },
      fit: () => this.shown.fit(),
    });
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
      if (this.moveBox.typed !== null) this.moveBox.error(message.error);
      else showError(message.error);
      this.moveBox.typed = null;
      this.busy = false;
    } else if (message.type === "confirmed") {
      this.moveBox.done();
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
      this.moveBox.done();
      showError("");
      this.moveBox.error("");
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
      cursor: this.controller.focused ? s.cursor : null,
    };
  }

  /** Draw `doc`: whole, or only `changed` cells (and marks) when it is the board drawn. */
  private drawBoard(doc: BoardDocument, interactive: boolean, changed?: number[] | null): void {
    if (this.shown.isNew(doc)) this.state.cursor = null;
    const game = this.state.view?.game ?? "game";
    this.shown.draw(doc, this.markOptions(interactive), changed ?? null, game);
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
    this.moveBox.render();
    this.describeCursor();
    window.lazytree.view = view;
    window.lazytree.ready = true;
    measure(`draw-${view.board.kind}`, t0);
  }

  // -- the cursor ------------------------------------------------------------------------

  /** Say what is under the cursor (or `text` instead), and mark its cell for the tests. */
  private describeCursor(text?: string): void {
    const s = this.state;
    const box = must("#board-cursor");
    if (text !== undefined) {
      box.textContent = text;
      return;
    }
    if (s.cursor === null) delete this.canvas.dataset.cursor;
    else this.canvas.dataset.cursor = String(s.cursor);
    const doc = s.view?.board;
    if (!doc || !hasCells(doc) || s.cursor === null || s.replayAt !== null) {
      box.textContent =
        this.controller.focused && doc && hasCells(doc) ? "No cell under the cursor." : "";
      return;
    }
    const marks = this.board.marks.get(s.cursor);
    const what = describeCell(doc, s.cursor, marks);
    const moves = s.isHumanTurn() ? movesFrom(doc, s.cursor).length : 0;
    box.textContent = `Cursor: ${what}${moves ? `; ${moves} moves from here` : ""}.`;
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
      this.moveBox.render();
      this.describeCursor();
    } catch (e) {
      showError((e as Error).message);
    }
  }

  // -- wiring ----------------------------------------------------------------------------

  private wire(): void {
    const canvas = this.canvas;
    canvas.addEventListener("click", (e) => {
      if (this.shown.gestures.dragged || !this.state.view) return;
      const c = this.board.cellAt(e);
      if (c !== null) this.controller.click(c, e.timeStamp);
    });
    canvas.addEventListener("keydown", (e) => {
      if (this.controller.key(e.key, e.timeStamp)) e.preventDefault();
    });
    // the cursor shows when the keyboard brought the focus (not a click or a tap)
    canvas.addEventListener("focus", () => this.controller.focus(canvas.matches(":focus-visible")));
    canvas.addEventListener("blur", () => this.controller.blur());
    const on = (action: string, f: (e: Event) => void, type = "click") =>
      must(`[data-action=${action}]`).addEventListener(type, f);
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
