/**
 * The lazytree explorer: a collapsible tidy tree of the part of a game tree a search
 * forced. `mount(element, data, options)` draws the document written by
 * `lazytree.explorer.model.explorer_model` and returns a handle with `update(data)` for
 * live trees. Only the nodes the reader opened are laid out and drawn, so a tree of 50,000 positions
 * opens as fast as one of 50.
 *
 * Stable hooks for tests: every drawn position is one element with data-node="<index>"
 * (and data-position-book="hit"/"miss"/"off" where a search looked it up in a position book);
 * [data-summary] holds the summary line, [data-info] the selected node's details, where
 * [data-board] holds the position's board (drawn by boards.js, the play page's renderer)
 * and, for a game without a board view, each move as a button [data-move].
 *
 * A document with a traced search's `steps` is stepped through instead of replayed: the
 * "Step through" button, ◀ / ▶| (or the arrow keys) and ▶ at a chosen speed go from step
 * to step; each reached node shows the value known at that step ([data-known]), each node
 * on the search's path its window ([data-window]); [data-replay-text] says what the step
 * did.
 */
import type { ForceRequest } from "./connection";
import { TreeDrawing } from "./drawing";
import { framesDocument } from "./frames";
import { attachInput } from "./input";
import type { View } from "./layout";
import { type ExplorerData, Model } from "./model";
import { Finder } from "./search";
import { carryView, markedLeaves, newView, openPath } from "./selection";
import { fillShell, required, shellMarkup } from "./shell";
import { type StepHost, Stepper, stepControls, stepTotal } from "./stepper";
import { stepCount } from "./steps";
import { type ControlHost, controls } from "./toolbar";

export interface MountOptions {
  /** Makes the explorer live: called with each force request a click makes. */
  onForce?: (request: ForceRequest) => void;
  /** Practice: the whole tree, leaves' values only; a click on a leaf marks it. */
  practice?: boolean;
  /** Called after a click marked or unmarked a leaf (practice). */
  onMark?: (marked: number[]) => void;
  /** Called with the step number each time the step-through moves (side by side). */
  onStep?: (step: number) => void;
  /** Side by side: how many steps the longer of the searches has; stepping goes on to
   * there, each side staying at its own last step once it reaches it. */
  stepLimit?: () => number;
}

/** The handle `mount` returns. */
export interface Explorer {
  /** Show a new document of the same tree, keeping what was open and selected. */
  update(data: ExplorerData): void;
  /** Select node i and scroll to it. */
  select(i: number): void;
  /** Find a line of moves (as typed in the search box). */
  find(text: string): void;
  readonly model: Model;
  /** When the first drawing was done (set by the page). */
  readyAt?: number;
  /** Practice: the leaves marked as never evaluated, in node order. */
  marked(): number[];
  /** Start stepping through the document's traced search (from its first step). */
  stepThrough(): void;
  /** The slides of the traced search (one HTML document, a page per step; see
   * frames.ts), or null without a trace. */
  frames(): string | null;
  /** How many steps the step-through has (the trace's, or the nodes in creation order). */
  readonly steps: number;
  /** Step through to step k (clamped), as the controls do, without calling onStep. */
  goToStep(k: number): void;
}

/** The actions the page's controls trigger (see input.ts). */
export interface Actions {
  clickNode(i: number): void;
  showMore(i: number): void;
  showUnforced(i: number): void;
  goTo(i: number): void;
  forceEdge(node: number, edge: number): void;
  generate(node: number): void;
  action(name: string): void;
  search(text: string): void;
  scrub(step: number): void;
}

/**
 * Draw the explorer of `data` into `element` and wire its controls: the drawing
 * (drawing.ts), what is open and selected (selection.ts), the search box (search.ts's
 * Finder), the step-through (stepper.ts) and the toolbar's actions (toolbar.ts).
 */
export function mount(
  element: HTMLElement,
  data: ExplorerData,
  options: MountOptions = {},
): Explorer {
  const live = Boolean(options.onForce);
  element.classList.add("lt-explorer");
  element.innerHTML = shellMarkup(live);
  const drawing = new TreeDrawing(element, live);
  const finder = new Finder();
  let model = new Model(data);
  const view = newView(model, Boolean(options.practice));
  const render = () => drawing.render(model, view);
  const total = () => stepTotal(model);

  function select(i: number, scroll = false): void {
    view.selected = i;
    drawing.showInfo(model, view);
    render();
    if (scroll) drawing.scrollTo(view, i);
  }

  function reset(newData: ExplorerData, keep: boolean): void {
    const old = model;
    model = new Model(newData);
    if (keep) carryView(view, old, model);
    finder.clear();
    drawing.forget();
    view.replay = null;
    fillShell(element, model);
    required<HTMLInputElement>(element, "[data-scrub]").max = String(total() - 1);
    if (stepCount(model.data.steps ?? null) > 0)
      required<HTMLSelectElement>(element, "[data-speed]").value = "2";
  }

  const showNext = () => {
    const i = finder.next();
    if (i !== null) select(i, true);
  };
  function find(text: string): void {
    findLineIn(element, finder, view, model, text);
    render();
    showNext();
  }

  const host: StepHost & ControlHost = {
    get model() {
      return model;
    },
    view,
    total,
    limit: () => options.stepLimit?.() ?? 0,
    show: (i) => select(i, true),
    render,
    onStep: options.onStep,
    get steps() {
      return stepper;
    },
    select,
    search: (text) => (finder.repeats(text) ? showNext() : find(text)),
    force: (request) => sendForce(element, model, request, options.onForce),
    onMark: options.onMark,
    toggle: (name) =>
      toggle(element, name, view, model, (scroll) => {
        render();
        if (scroll) drawing.scrollTo(view, view.selected);
      }),
  };
  const stepper = new Stepper(host, stepControls(element));
  attachInput(element, controls(host), live, () => view.replay !== null);

  reset(data, false);
  if (options.practice) hideAnswers(element);
  select(view.selected);
  element.dataset.ready = "1";

  return {
    update(newData) {
      reset(newData, true);
      element.classList.remove("lt-busy");
      select(view.selected);
    },
    select: (i) => select(i, true),
    find,
    goToStep: (k) => stepper.goTo(k),
    marked: () => markedLeaves(view),
    stepThrough: () => stepThrough(element, stepper),
    get model() {
      return model;
    },
    get steps() {
      return total();
    },
    frames: () => slides(model),
  };
}

/** Find the line of moves in `text`: its matches opened and marked, their count said. */
function findLineIn(
  element: HTMLElement,
  finder: Finder,
  view: View,
  model: Model,
  text: string,
): void {
  finder.find(model, text);
  view.matchSet = finder.shown();
  for (const i of view.matchSet) openPath(view, model, i);
  required<HTMLElement>(element, "[data-matches]").textContent = finder.status(text);
}

/** Practice: the exercise first; the search's steps (and its PV) are the explanation,
 * after the answer. */
function hideAnswers(element: HTMLElement): void {
  required<HTMLElement>(element, '[data-action="replay"]').hidden = true;
  required<HTMLElement>(element, '[data-action="pv"]').hidden = true;
}

/** Start stepping through from the first step (the step button focused: the arrow keys
 * step from there on, read on the explorer's element). */
function stepThrough(element: HTMLElement, stepper: Stepper): void {
  stepper.pause();
  required<HTMLElement>(element, '[data-action="replay"]').hidden = false;
  stepper.start();
  element.querySelector<HTMLElement>('[data-action="step"]')?.focus();
}

/** A force request, completed with the node's serial and the depth typed in the page, sent
 * with `onForce` (the live explorer; otherwise nothing), the explorer busy until the answer. */
function sendForce(
  element: HTMLElement,
  model: Model,
  request: ForceRequest,
  onForce?: (request: ForceRequest) => void,
): void {
  if (!onForce) return;
  const depthInput = element.querySelector<HTMLInputElement>("[data-force-depth]");
  request.serial = model.data.serial[request.node];
  request.depth = depthInput ? Number(depthInput.value) : 2;
  element.classList.add("lt-busy");
  onForce(request);
}

/** The slides document of the trace, styled by the page's own style sheets (null without
 * a trace). */
function slides(model: Model): string | null {
  const steps = model.data.steps;
  if (!steps || stepCount(steps) === 0) return null;
  const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n");
  return framesDocument(model, steps, css);
}

/** The buttons that change how the explorer is shown: presentation mode, the panel, the
 * slides (opened in a new window); `redraw` draws the tree again (scrolled to the selected
 * node where asked). */
function toggle(
  element: HTMLElement,
  name: "present" | "panel" | "frames",
  view: View,
  model: Model,
  redraw: (scroll: boolean) => void,
): void {
  if (name === "present") {
    view.present = !view.present;
    element.classList.toggle("lt-present", view.present);
    element.classList.remove("lt-panel-on");
    const button = required<HTMLElement>(element, '[data-action="present"]');
    button.ariaPressed = String(view.present);
    redraw(true);
  } else if (name === "panel") {
    element.classList.toggle("lt-panel-on");
    redraw(false);
  } else {
    const html = slides(model);
    if (html) window.open(URL.createObjectURL(new Blob([html], { type: "text/html" })), "_blank");
  }
}
