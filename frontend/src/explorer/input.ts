/** The explorer's input: clicks on the tree and the panel, the search box, the scrubber,
 * the arrow keys (one step back or forward) and, while stepping, a presenter's clicker:
 * Space, Enter, PageDown, ArrowDown forward; PageUp, ArrowUp, Backspace back; Home and
 * End to the first and last step. They only step: they never press a focused button. */
import type { Actions } from "./explorer";

/** The keys that step while stepping through (a clicker sends PageDown / PageUp). */
const CLICKER: Record<string, string> = {
  " ": "step",
  Enter: "step",
  PageDown: "step",
  ArrowRight: "step",
  ArrowDown: "step",
  PageUp: "back",
  ArrowLeft: "back",
  ArrowUp: "back",
  Backspace: "back",
  Home: "first",
  End: "last",
};

/** The buttons Space and Enter press as they would any button: they step too. */
const PRESSED = new Set(["step", "back", "play"]);

/** The keys that step otherwise. */
const ARROWS: Record<string, string> = { ArrowRight: "step", ArrowLeft: "back" };

const CLICKABLE =
  "[data-node],[data-more],[data-unforced],[data-link],[data-edge],[data-never],[data-goto],[data-action]";

/** Route the element's clicks and keys to the actions (one listener each, delegated). */
export function attachInput(
  element: HTMLElement,
  actions: Actions,
  live: boolean,
  stepping: () => boolean = () => false,
): void {
  element.addEventListener("click", (ev) => {
    const start = ev.target instanceof Element ? ev.target : null;
    const target = start?.closest<HTMLElement | SVGElement>(CLICKABLE);
    if (!target || !element.contains(target)) return;
    const ds = target.dataset;
    if (ds.action !== undefined) actions.action(ds.action);
    else if (ds.node !== undefined) actions.clickNode(Number(ds.node));
    else if (ds.more !== undefined) actions.showMore(Number(ds.more));
    else if (ds.unforced !== undefined) actions.showUnforced(Number(ds.unforced));
    else if (ds.link !== undefined || ds.goto !== undefined)
      actions.goTo(Number(ds.link ?? ds.goto));
    else if (ds.edge !== undefined && live) {
      const [node, edge] = ds.edge.split(":").map(Number);
      actions.forceEdge(node, edge);
    } else if (ds.never !== undefined && live) actions.generate(Number(ds.never));
  });
  const box = element.querySelector<HTMLInputElement>("[data-search]");
  box?.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") actions.search(box.value);
  });
  element.addEventListener("keydown", (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (target?.closest("input, select, textarea")) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    // Space or Enter on a focused ◀ ▶ ▶| button presses it (the same step): left alone
    const own = target?.closest<HTMLElement>("button[data-action]")?.dataset.action;
    if ((ev.key === " " || ev.key === "Enter") && own && PRESSED.has(own)) return;
    const name = stepping() ? CLICKER[ev.key] : ARROWS[ev.key];
    if (!name) return;
    actions.action(name);
    ev.preventDefault();
  });
  const scrub = element.querySelector<HTMLInputElement>("[data-scrub]");
  scrub?.addEventListener("input", () => actions.scrub(Number(scrub.value)));
}
