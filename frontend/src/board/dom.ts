/** The generic view and move buttons as DOM nodes (text inserted as text, never markup). */
import type { BoardDocument } from "./types";

/** The generic view's text in a `<pre data-role="text">`. */
export function textBoard(doc: BoardDocument): HTMLPreElement {
  const pre = document.createElement("pre");
  pre.className = "lt-text-board";
  pre.dataset.role = "text";
  pre.textContent = doc.text ?? "";
  return pre;
}

/** A move's button (`data-move`), its text inserted as text. */
export function moveButton(move: string, options: { enabled?: boolean } = {}): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "lt-move";
  button.dataset.move = move;
  button.textContent = move;
  button.disabled = options.enabled === false;
  return button;
}

/** A button per move no click on the board makes, and how many moves were left out. */
export function moveButtonNodes(doc: BoardDocument, options: { enabled?: boolean } = {}): Node[] {
  const nodes: Node[] = doc.moves
    .filter((m) => doc.kind === "text" || m.path.length === 0)
    .map((m) => moveButton(m.move, options));
  if (doc.more) {
    const more = document.createElement("span");
    more.className = "lt-more-moves";
    more.textContent = `and ${doc.more} more moves`;
    nodes.push(more);
  }
  return nodes;
}
