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
import { Board } from "../board/canvas";
import { geometry } from "../board/geometry";
import type { CellBoard } from "../board/types";
import { unpack } from "../boards";
import type { ForceRequest } from "./connection";
import { plural } from "./format";
import { framesDocument } from "./frames";
import { attachInput } from "./input";
import {
  allItems,
  buildItems,
  COLUMN,
  type Layout,
  layout,
  layoutDown,
  placeAs,
  STEP_COLUMN,
  type View,
} from "./layout";
import { type ExplorerData, Model } from "./model";
import { infoMarkup, treeMarkup } from "./render";
import { findLine, MATCHES_SHOWN } from "./search";
import { fillShell, required, shellMarkup } from "./shell";
import { Stepper } from "./stepper";
import { stepCount } from "./steps";

/** Presentation mode: the least and the most a drawing unit may be on the screen. */
const MIN_SCALE = 0.7;
const MAX_SCALE = 2.2;

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

export function mount(
  element: HTMLElement,
  data: ExplorerData,
  options: MountOptions = {},
): Explorer {
  const onForce = options.onForce;
  const live = Boolean(onForce);
  element.classList.add("lt-explorer");
  element.innerHTML = shellMarkup(live);
  const svg = required<SVGSVGElement>(element, "[data-tree]");
  const info = required<HTMLElement>(element, "[data-info]");
  const scroller = required<HTMLElement>(element, ".lt-tree");
  const speed = required<HTMLSelectElement>(element, "[data-speed]");
  const scrubber = required<HTMLInputElement>(element, "[data-scrub]");
  const matchesText = required<HTMLElement>(element, "[data-matches]");

  let model = new Model(data);
  const view: View = {
    open: new Set(model.pv),
    showAll: new Set(),
    showUnforced: new Set(),
    selected: 0,
    matchSet: new Set(),
    replay: null,
    practice: options.practice ? { marked: new Set() } : null,
  };
  let matches: number[] = [];
  let matchAt = -1;
  let lastSearch: string | null = null;
  let positions = new Map<number, [number, number]>(); // node -> where it was last drawn

  function reset(newData: ExplorerData, keep: boolean): void {
    const old = model;
    model = new Model(newData);
    if (keep) {
      const bySerial = new Map<number, number>();
      for (let i = 0; i < model.n; i++) bySerial.set(model.data.serial[i], i);
      const carry = (set: Set<number>) => {
        const out = new Set<number>();
        for (const i of set) {
          const j = bySerial.get(old.data.serial[i]);
          if (j !== undefined) out.add(j);
        }
        return out;
      };
      view.open = carry(view.open);
      view.showAll = carry(view.showAll);
      view.showUnforced = carry(view.showUnforced);
      view.selected = bySerial.get(old.data.serial[view.selected]) ?? 0;
    }
    matches = [];
    matchAt = -1;
    whole = null;
    view.replay = null;
    fillShell(element, model);
    scrubber.max = String(total() - 1);
    if (stepCount(model.data.steps ?? null) > 0) speed.value = "2";
  }

  /** The steps of the step-through: the trace's steps, or the nodes in creation order. */
  function total(): number {
    const steps = stepCount(model.data.steps ?? null);
    return steps > 0 ? steps : model.n;
  }

  /** The slides document of the trace, styled by the page's own style sheets. */
  function slides(): string | null {
    const steps = model.data.steps;
    if (!steps || stepCount(steps) === 0) return null;
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n");
    return framesDocument(model, steps, css);
  }

  let whole: Layout | null = null; // presentation mode: the whole tree, laid out once
  let scale = 1; // presentation mode: drawing units to screen pixels

  function render(): void {
    const shown = buildItems(model, view);
    let laid: Layout;
    if (view.present) {
      whole ??= layoutDown(allItems(model));
      laid = placeAs(shown, whole);
      // fitted to the tree's box, but never so small that the type cannot be read
      const fit = Math.min(scroller.clientWidth / laid.width, scroller.clientHeight / laid.height);
      scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
      svg.setAttribute("viewBox", `0 0 ${laid.width} ${laid.height}`);
      svg.setAttribute("width", String(Math.floor(laid.width * scale)));
      svg.setAttribute("height", String(Math.floor(laid.height * scale)));
    } else {
      laid = layout(shown, view.steps ? STEP_COLUMN : COLUMN);
      scale = 1;
      svg.setAttribute("viewBox", `0 0 ${laid.width} ${laid.height}`); // (print scales it)
      svg.setAttribute("width", String(laid.width));
      svg.setAttribute("height", String(laid.height));
    }
    positions = new Map();
    for (const d of laid.placed)
      if (d.item.kind === "node") positions.set(d.item.i, [d.x * scale, d.y * scale]);
    const current = view.replay ? model.creation().bySerial[view.replay.step] : -1;
    svg.innerHTML = treeMarkup(model, view, laid, live, current);
  }

  function showInfo(): void {
    info.innerHTML = infoMarkup(model, view.selected, live, view.steps ?? null);
    const canvas = info.querySelector<HTMLCanvasElement>("canvas[data-board-canvas]");
    if (canvas) drawBig(canvas, model, Number(canvas.dataset.boardCanvas));
  }

  function select(i: number, scroll = false): void {
    view.selected = i;
    showInfo();
    render();
    if (scroll) scrollTo(i);
  }

  function scrollTo(i: number): void {
    const at = positions.get(i);
    if (!at) return;
    if (view.present) {
      // the current node in the middle (and the child whose value just backed up by it)
      const child = view.steps && view.steps.backup >= 0 ? positions.get(view.steps.backup) : null;
      const x = child ? (at[0] + child[0]) / 2 : at[0];
      const y = child ? (at[1] + child[1]) / 2 : at[1];
      scroller.scrollLeft = Math.max(0, x - scroller.clientWidth / 2);
      scroller.scrollTop = Math.max(0, y - scroller.clientHeight / 2);
      return;
    }
    // stepping through a search, keep the root in view as long as the node fits
    const left = view.steps ? (2 * scroller.clientWidth) / 3 : scroller.clientWidth / 3;
    scroller.scrollLeft = Math.max(0, at[0] - left);
    scroller.scrollTop = Math.max(0, at[1] - scroller.clientHeight / 2);
  }

  function openPath(i: number): void {
    for (const j of model.path(i)) if (j !== i) view.open.add(j);
  }

  function find(text: string): void {
    matches = findLine(model, text);
    view.matchSet = new Set(matches.slice(0, MATCHES_SHOWN));
    for (const i of view.matchSet) openPath(i);
    const typed = text.trim() !== "";
    matchesText.textContent = typed
      ? `${plural(matches.length, "match", "matches")}${matches.length > MATCHES_SHOWN ? ` (first ${MATCHES_SHOWN} shown)` : ""}`
      : "";
    matchAt = -1;
    render();
    if (matches.length) nextMatch();
  }

  function nextMatch(): void {
    if (!matches.length) return;
    matchAt = (matchAt + 1) % Math.min(matches.length, MATCHES_SHOWN);
    select(matches[matchAt], true);
  }

  const stepper = new Stepper(
    {
      get model() {
        return model;
      },
      view,
      total,
      limit: () => options.stepLimit?.() ?? 0,
      show: (i) => select(i, true),
      render,
      onStep: options.onStep,
    },
    {
      element,
      bar: required<HTMLElement>(element, ".lt-replay"),
      playButton: required<HTMLElement>(element, "[data-play]"),
      speed,
      scrubber,
      text: required<HTMLElement>(element, "[data-replay-text]"),
    },
  );

  function force(request: ForceRequest): void {
    if (!onForce) return;
    const depthInput = element.querySelector<HTMLInputElement>("[data-force-depth]");
    request.serial = model.data.serial[request.node];
    request.depth = depthInput ? Number(depthInput.value) : 2;
    element.classList.add("lt-busy");
    onForce(request);
  }

  const actions: Actions = {
    clickNode(i) {
      const practice = view.practice;
      if (practice && !view.steps && model.data.status[i] === "t") {
        if (practice.marked.has(i)) practice.marked.delete(i);
        else practice.marked.add(i);
        options.onMark?.([...practice.marked].sort((a, b) => a - b));
      }
      const set = view.replay ? view.replay.open : view.open;
      if (i === view.selected || !set.has(i)) {
        if (set.has(i)) set.delete(i);
        else set.add(i);
      }
      select(i);
    },
    showMore(i) {
      view.showAll.add(i);
      render();
    },
    showUnforced(i) {
      view.showUnforced.add(i);
      render();
    },
    goTo(i) {
      if (!view.replay) openPath(i);
      select(i, true);
    },
    forceEdge(node, edge) {
      force({ node, edge });
    },
    generate(node) {
      force({ node, generate: true });
    },
    action(name) {
      if (name === "pv") {
        if (view.replay) stepper.stop();
        view.open = new Set(model.pv);
        view.showAll = new Set();
        view.showUnforced = new Set();
        view.matchSet = new Set();
        select(0);
      } else if (name === "replay") {
        if (view.replay) stepper.stop();
        else stepper.start();
      } else if (name === "play") {
        if (stepper.playing) stepper.pause();
        else stepper.play();
      } else if (name === "step") {
        if (view.replay) stepper.set(stepper.wanted + 1);
        else stepper.start();
      } else if (name === "back") {
        if (view.replay) stepper.set(stepper.wanted - 1);
      } else if (name === "first") {
        if (view.replay) stepper.set(0);
      } else if (name === "last") {
        if (view.replay) stepper.set(Number.MAX_SAFE_INTEGER);
      } else if (name === "present") {
        view.present = !view.present;
        element.classList.toggle("lt-present", view.present);
        element.classList.remove("lt-panel-on");
        required<HTMLElement>(element, '[data-action="present"]').ariaPressed = String(
          view.present,
        );
        render();
        scrollTo(view.selected);
      } else if (name === "frames") {
        const html = slides();
        if (html) {
          const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
          window.open(url, "_blank");
        }
      } else if (name === "panel") {
        element.classList.toggle("lt-panel-on");
        render();
      } else if (name === "force-here") force({ node: view.selected });
    },
    search(text) {
      if (text === lastSearch && matches.length) nextMatch();
      else {
        lastSearch = text;
        find(text);
      }
    },
    scrub(step) {
      if (!view.replay) stepper.start();
      stepper.set(step);
    },
  };
  attachInput(element, actions, live, () => view.replay !== null);

  reset(data, false);
  if (options.practice) {
    // the exercise first: the search's steps are the explanation, after the answer
    required<HTMLElement>(element, '[data-action="replay"]').hidden = true;
    required<HTMLElement>(element, '[data-action="pv"]').hidden = true;
  }
  showInfo();
  render();
  element.dataset.ready = "1";

  return {
    update(newData) {
      reset(newData, true);
      element.classList.remove("lt-busy");
      showInfo();
      render();
    },
    select: (i) => select(i, true),
    find,
    goToStep: (k) => stepper.goTo(k),
    marked: () => [...(view.practice?.marked ?? [])].sort((a, b) => a - b),
    stepThrough: () => {
      stepper.pause();
      required<HTMLElement>(element, '[data-action="replay"]').hidden = false;
      stepper.start();
      // the arrow keys step from here on (they are read on the explorer's element)
      element.querySelector<HTMLElement>('[data-action="step"]')?.focus();
    },
    get model() {
      return model;
    },
    get steps() {
      return total();
    },
    frames: () => slides(),
  };
}

/**
 * Draw node i's board on `canvas` (a board too big for SVG, render.ts's CANVAS_CELLS) with
 * the play page's canvas renderer, the move into it drawn as the last move.
 */
function drawBig(canvas: HTMLCanvasElement, model: Model, i: number): void {
  const doc = unpack(model.data.board, model.position(i)) as unknown as CellBoard;
  const geo = geometry(doc);
  canvas.style.width = "100%";
  canvas.style.aspectRatio = `${geo.width} / ${geo.height}`;
  const hl = model.data.hl[i] ?? [];
  new Board(canvas).render(doc, { last: hl.length ? [hl] : [] });
}
