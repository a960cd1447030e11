/**
 * The explorer's frame: head, toolbar, tree, panel and legend (static markup), and its
 * head and legend filled for a document.
 */
import type { Model } from "./model";
import { summaryText, valuesDepthText } from "./render";
import { stepCount } from "./steps";

const SVG_NS = "http://www.w3.org/2000/svg";

export function shellMarkup(live: boolean): string {
  return `
    <div class="lt-head"><span class="lt-title"></span> <span class="lt-summary" data-summary></span> <span class="lt-values-depth" data-values-depth></span></div>
    <div class="lt-toolbar">
      <input class="lt-search" data-search type="search" placeholder="find a move (e.g. b2, 3->4, 'a1 b2')" size="28">
      <span class="lt-matches" data-matches></span>
      <button data-action="pv" title="collapse everything to the principal variation">PV only</button>
      <span class="lt-sep"></span>
      <button data-action="replay" title="step through the order in which the search created the nodes">Replay</button>
      <span class="lt-replay" hidden>
        <button data-action="back" title="one node back">◀</button>
        <button data-action="play" data-play title="play / pause">▶</button>
        <button data-action="step" title="one node forward">▶|</button>
        <select data-speed title="steps per second">
          <option value="0.5">0.5/s</option><option value="1">1/s</option><option value="2">2/s</option><option value="10" selected>10/s</option><option value="50">50/s</option>
          <option value="250">250/s</option><option value="2000">2000/s</option>
        </select>
        <input type="range" data-scrub min="0" value="0">
        <span data-replay-text></span>
      </span>
      <span class="lt-sep"></span>
      <button data-action="present" aria-pressed="false" title="presentation mode: the tree top down, fitted to the screen, large type, the panel and legend hidden">Present</button>
      <button data-action="panel" class="lt-panel-toggle" title="show or hide the side panel and the legend">Panel</button>
      <button data-action="frames" class="lt-panel-toggle" title="every step as a slide (SVG), a page each: print it to PDF">Slides</button>
      ${live ? '<span class="lt-sep"></span><label>search depth <input data-force-depth type="number" min="1" max="12" value="2" size="2"></label>' : ""}
    </div>
    <div class="lt-main">
      <div class="lt-tree" tabindex="0" role="region" aria-label="the explored tree"><svg data-tree xmlns="${SVG_NS}"></svg></div>
      <aside class="lt-info" data-info tabindex="0" aria-label="the selected position"></aside>
    </div>
    <div class="lt-legend">
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot"/></svg> forced</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-leaf-dot"/></svg> forced, never expanded</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-unforced-dot"/></svg> generated, never forced</span>
      <span data-legend="maxmin" hidden><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-max-dot"/></svg> MAX: <span data-max-name></span> to move (takes the highest value) · <svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-min-dot"/></svg> MIN: <span data-min-name></span> to move (the lowest)</span>
      <span class="lt-pv-key">━ principal variation</span>
      <span>⤳ transposition (shared position)</span>
      <span data-legend="position-book" hidden><span class="lt-position-book-key">▣ position book</span> answered from it (nothing searched below)</span>
      <span data-legend="visits" hidden><span class="lt-visits-key">n=</span> MCTS visits of the move (children by visits)</span>
      <span>click: select and open/close · values: stored ratings (≥ / ≤: alpha-beta bounds)</span>
    </div>`;
}

/** The element `selector` finds in `root` (an error naming it when there is none). */
export function required<T extends Element>(root: Element, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`the explorer has no ${selector}`);
  return found;
}

/** Fill the shell's head and legend for `model`'s document (title, summary, names). */
export function fillShell(element: HTMLElement, model: Model): void {
  required<HTMLElement>(element, ".lt-title").textContent = model.data.title;
  required<HTMLElement>(element, "[data-summary]").textContent = summaryText(model);
  required<HTMLElement>(element, "[data-values-depth]").textContent = valuesDepthText(model);
  required<HTMLElement>(element, '[data-legend="position-book"]').hidden = !model.data.positionBook;
  required<HTMLElement>(element, '[data-legend="visits"]').hidden = !model.data.visits;
  const stepping = stepCount(model.data.steps ?? null) > 0;
  const replayButton = required<HTMLElement>(element, '[data-action="replay"]');
  replayButton.textContent = stepping ? "Step through" : "Replay";
  replayButton.title = stepping
    ? "step through the search: each node's window, the values backing up, the cut-offs"
    : "step through the order in which the search created the nodes";
  const maxMin = required<HTMLElement>(element, '[data-legend="maxmin"]');
  const player = model.data.summary.player;
  const two = model.data.players.length === 2 && player !== undefined && player >= 0;
  maxMin.hidden = !two;
  if (two && player !== undefined) {
    const max = required<HTMLElement>(maxMin, "[data-max-name]");
    const min = required<HTMLElement>(maxMin, "[data-min-name]");
    max.textContent = model.playerName(player);
    min.textContent = model.playerName(1 - player);
    maxMin.querySelector(".lt-max-dot")?.setAttribute("class", `lt-max-dot lt-p${player}`);
    maxMin.querySelector(".lt-min-dot")?.setAttribute("class", `lt-min-dot lt-p${1 - player}`);
  }
}
