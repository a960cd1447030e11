/** The explorer's input: clicks on the tree and the panel, the search box, the scrubber,
 * the arrow keys (one step back or forward). */
import type { Actions } from "./explorer";

const CLICKABLE =
  "[data-node],[data-more],[data-unforced],[data-link],[data-edge],[data-never],[data-goto],[data-action]";

/** Route the element's clicks and keys to the actions (one listener each, delegated). */
export function attachInput(element: HTMLElement, actions: Actions, live: boolean): void {
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
    if (ev.key === "ArrowRight") actions.action("step");
    else if (ev.key === "ArrowLeft") actions.action("back");
    else return;
    ev.preventDefault();
  });
  const scrub = element.querySelector<HTMLInputElement>("[data-scrub]");
  scrub?.addEventListener("input", () => actions.scrub(Number(scrub.value)));
}
