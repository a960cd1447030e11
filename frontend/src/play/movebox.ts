/**
 * The play page's move box: a move typed in the game's notation, checked before it is
 * sent, completions offered as it is typed, and its errors shown beside it.
 */
import { must } from "./el";
import { checkMove, completions } from "./notation";
import type { PlayState } from "./state";

/** How many completions the move box offers at once. */
const COMPLETIONS = 50;

/** The move box of a game's page. */
export class MoveBox {
  /** The text of the move sent from the box (its errors are shown there), or null. */
  typed: string | null = null;
  private readonly input = must<HTMLInputElement>("#move-input");

  constructor(
    private readonly state: PlayState,
    private readonly sendMove: (move: string) => boolean,
  ) {
    must("#move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.play();
    });
    this.input.addEventListener("input", () => {
      this.error("");
      this.complete(this.state.isHumanTurn() ? this.input.value : null);
    });
  }

  /** Show `text` as the box's error ("": none). */
  error(text: string): void {
    const box = must("#move-error");
    box.textContent = text;
    box.hidden = !text;
  }

  /** Show the box as the state's view asks (hidden for a watcher, its hint, its title). */
  render(): void {
    const s = this.state;
    const view = s.view;
    const input = this.input;
    const can = s.isHumanTurn();
    must<HTMLFormElement>("#move-form").hidden = s.you.role === "watcher";
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
    this.complete(can ? input.value : null);
  }

  /**
   * The typed move was made: the box is emptied, unless something else was typed since
   * (the confirmation can come after the update, while the next move is being typed).
   */
  done(): void {
    if (this.typed !== null && this.input.value === this.typed) this.input.value = "";
    this.typed = null;
  }

  /** Offer the legal moves that complete `typed` (null: none). */
  private complete(typed: string | null): void {
    const list = must<HTMLDataListElement>("#move-options");
    const moves = typed === null ? [] : (this.state.view?.board.moves ?? []);
    const options = completions(moves, typed ?? "", COMPLETIONS).map((text) => {
      const option = document.createElement("option");
      option.value = text;
      return option;
    });
    list.replaceChildren(...options);
  }

  /** Send the typed move, or say why not. */
  private play(): void {
    const s = this.state;
    if (!s.view || !s.isHumanTurn()) {
      this.error(s.view?.over ? "the game is over" : "it is not your turn");
      return;
    }
    const checked = checkMove(s.view.board, this.input.value);
    if ("error" in checked) {
      this.error(checked.error);
      return;
    }
    this.error("");
    this.typed = this.input.value;
    if (!this.sendMove(checked.move)) this.typed = null;
  }
}
