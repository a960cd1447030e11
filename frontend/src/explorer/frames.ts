/**
 * Slides of a traced search: every step drawn as the presentation mode draws it (top
 * down, each node at its place in the whole tree), one SVG per step with the step's
 * words as its caption, in one HTML document that prints one step a page (a PDF of
 * slides from the browser's print dialog).
 */
import { esc } from "../boards";
import { allItems, buildItems, layoutDown, placeAs, type View } from "./layout";
import type { Model } from "./model";
import { treeMarkup } from "./render";
import { describeStep, type StepsData, stepCount, stepState } from "./steps";

/** The SVG of step k (a standalone drawing: its viewBox is the whole tree's). */
export function frameSvg(model: Model, steps: StepsData, k: number): string {
  const state = stepState(model, steps, k);
  const view: View = {
    open: new Set(),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: state.node,
    matchSet: new Set(),
    replay: { step: state.k, open: new Set() },
    steps: state,
    present: true,
  };
  const whole = layoutDown(allItems(model));
  const laid = placeAs(buildItems(model, view), whole);
  const body = treeMarkup(model, view, laid, false, -1);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${whole.width} ${whole.height}" width="${whole.width}" height="${whole.height}">${body}</svg>`;
}

/** The slides document: the steps `from` to `to` (both included, clamped), a page each,
 * styled by `css` (the explorer's style sheet). */
export function framesDocument(
  model: Model,
  steps: StepsData,
  css: string,
  from = 0,
  to = Number.MAX_SAFE_INTEGER,
): string {
  const n = stepCount(steps);
  const first = Math.max(0, from);
  const last = Math.min(n - 1, to);
  const pages: string[] = [];
  for (let k = first; k <= last; k++) {
    const caption = describeStep(model, steps, stepState(model, steps, k));
    pages.push(
      `<section class="lt-frame"><p class="lt-frame-caption">${esc(caption)}</p><div class="lt-explorer lt-present">${frameSvg(model, steps, k)}</div></section>`,
    );
  }
  const title = esc(model.data.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: steps</title><style>${css}
body { margin: 0; font: 16px system-ui, sans-serif; }
.lt-frame { break-after: page; page-break-after: always; padding: 12px 16px; }
.lt-frame .lt-explorer { display: block; min-height: 0; height: auto; }
.lt-frame svg { width: 100%; height: auto; max-height: 82vh; }
.lt-frame-caption { font-size: 18px; margin: 0 0 8px; }
@page { size: landscape; margin: 1cm; }
</style></head><body>${pages.join("")}</body></html>`;
}
