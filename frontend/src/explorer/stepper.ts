/**
 * The explorer's step-through: a traced search's steps (each node's window, the values
 * backing up, the cut-offs), or without a trace the nodes in the order the search
 * created them; stepped by the controls, the scrubber, or played at a chosen speed.
 */
import type { View } from "./layout";
import type { Model } from "./model";
import { clampStep, replayAt } from "./replay";
import { required } from "./shell";
import { describeStep, stepCount, stepState } from "./steps";

/** How many steps the step-through of `model` has: its trace's, or its nodes in creation
 * order. */
export function stepTotal(model: Model): number {
  const steps = stepCount(model.data.steps ?? null);
  return steps > 0 ? steps : model.n;
}

/** The step-through's controls in the explorer's element (shell.ts's markup). */
export function stepControls(element: HTMLElement): StepControls {
  return {
    element,
    bar: required<HTMLElement>(element, ".lt-replay"),
    playButton: required<HTMLElement>(element, "[data-play]"),
    speed: required<HTMLSelectElement>(element, "[data-speed]"),
    scrubber: required<HTMLInputElement>(element, "[data-scrub]"),
    text: required<HTMLElement>(element, "[data-replay-text]"),
  };
}

/** What the stepper reads and asks of the explorer it steps. */
export interface StepHost {
  readonly model: Model;
  readonly view: View;
  /** How many steps there are: the trace's, or the nodes in creation order. */
  total(): number;
  /** How many steps to go on to (side by side: the longer search's), 0 if no more. */
  limit(): number;
  /** Select node i, draw the tree and bring node i into view. */
  show(i: number): void;
  /** Draw the tree again. */
  render(): void;
  /** Tell the page the step reached (side by side), unless it asked for it. */
  onStep?: (step: number) => void;
}

/** The step-through's controls in the explorer's element. */
export interface StepControls {
  element: HTMLElement;
  bar: HTMLElement;
  playButton: HTMLElement;
  speed: HTMLSelectElement;
  scrubber: HTMLInputElement;
  text: HTMLElement;
}

/** The step-through of one explorer. */
export class Stepper {
  /** The step asked for: past this search's last step while one beside it goes on. */
  wanted = 0;
  private timer: number | null = null;
  /** A step asked for by `goTo`: not reported back through onStep. */
  private quiet = false;

  private readonly host: StepHost;
  private readonly controls: StepControls;

  /** The step-through of the explorer `host`, driven by its `controls`. */
  constructor(host: StepHost, controls: StepControls) {
    this.host = host;
    this.controls = controls;
  }

  /** Is it playing? */
  get playing(): boolean {
    return this.timer !== null;
  }

  /** Start at the first step. */
  start(): void {
    this.host.model.creation();
    this.host.view.replay = { step: 0, open: new Set([0]) };
    this.controls.bar.hidden = false;
    this.set(0);
  }

  /** Stop stepping: the tree as it was before. */
  stop(): void {
    this.pause();
    const view = this.host.view;
    view.replay = null;
    view.steps = null;
    this.controls.element.classList.remove("lt-stepping");
    this.controls.bar.hidden = true;
    this.host.render();
  }

  /** Go to step k (clamped) without telling onStep, starting first if need be. */
  goTo(k: number): void {
    this.quiet = true;
    try {
      if (!this.host.view.replay) this.start();
      this.set(k);
    } finally {
      this.quiet = false;
    }
  }

  /** Go to step `step` (clamped). */
  set(step: number): void {
    const { host, controls } = this;
    const { model, view } = host;
    this.wanted = clampStep(step, Math.max(host.total(), host.limit()));
    if (!this.quiet) host.onStep?.(this.wanted);
    const steps = model.data.steps;
    if (steps && stepCount(steps) > 0) {
      const s = clampStep(this.wanted, stepCount(steps));
      // the summary (the answer's counts) hidden until the search's last step
      controls.element.classList.toggle("lt-stepping", s < stepCount(steps) - 1);
      const state = stepState(model, steps, s);
      view.steps = state;
      view.replay = { step: s, open: new Set() };
      controls.scrubber.value = String(s);
      controls.text.textContent = describeStep(model, steps, state);
      host.show(state.node);
      return;
    }
    const s = clampStep(this.wanted, model.n);
    const { node, state } = replayAt(model.creation(), (i) => model.path(i), s);
    view.replay = state;
    controls.scrubber.value = String(s);
    controls.text.textContent = `node ${(s + 1).toLocaleString("en")} of ${model.n.toLocaleString("en")} created: ${model.line(node).join(" ") || "root"}`;
    host.show(node);
  }

  /** Stop playing. */
  pause(): void {
    if (this.timer !== null) cancelAnimationFrame(this.timer);
    this.timer = null;
    this.controls.playButton.textContent = "▶";
  }

  /** Play: a step every second divided by the chosen speed, up to the last step. */
  play(): void {
    if (!this.host.view.replay) this.start();
    this.controls.playButton.textContent = "❚❚";
    let last = performance.now();
    let acc = 0;
    const tick = (now: number) => {
      acc += ((now - last) / 1000) * Number(this.controls.speed.value);
      last = now;
      if (acc >= 1 && this.host.view.replay) {
        const n = Math.floor(acc);
        acc -= n;
        this.set(this.wanted + n);
        if (this.wanted >= Math.max(this.host.total(), this.host.limit()) - 1) {
          this.pause();
          return;
        }
      }
      this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
  }
}
