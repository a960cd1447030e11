/**
 * What the explorer's controls do (input.ts reads the clicks and keys and calls these):
 * the toolbar's buttons by their `data-action` name, a click on a node, the search box,
 * the scrubber and the live explorer's force requests.
 */
import type { ForceRequest } from "./connection";
import type { Actions } from "./explorer";
import type { View } from "./layout";
import type { Model } from "./model";
import { clickNode, onlyPv, openPath } from "./selection";
import type { Stepper } from "./stepper";

/** What the step-through's buttons use of the stepper. */
export type Steps = Pick<
  Stepper,
  "wanted" | "playing" | "start" | "stop" | "set" | "play" | "pause"
>;

/** The step-through's buttons: each by name, given whether stepping is on. */
export const STEP_ACTIONS: Record<string, (steps: Steps, stepping: boolean) => void> = {
  replay: (steps, stepping) => (stepping ? steps.stop() : steps.start()),
  play: (steps) => (steps.playing ? steps.pause() : steps.play()),
  step: (steps, stepping) => (stepping ? steps.set(steps.wanted + 1) : steps.start()),
  back: (steps, stepping) => stepping && steps.set(steps.wanted - 1),
  first: (steps, stepping) => stepping && steps.set(0),
  last: (steps, stepping) => stepping && steps.set(Number.MAX_SAFE_INTEGER),
};

/** What the controls act on: the explorer's state and drawing. */
export interface ControlHost {
  readonly model: Model;
  readonly view: View;
  readonly steps: Steps;
  /** Select node i (and scroll to it). */
  select(i: number, scroll?: boolean): void;
  render(): void;
  /** Search for the line of moves typed in the search box. */
  search(text: string): void;
  /** Send a force request (the live explorer; otherwise nothing). */
  force(request: ForceRequest): void;
  /** Called after a click marked or unmarked a leaf (practice). */
  onMark?: (marked: number[]) => void;
  /** The other buttons: presentation mode, the panel, the slides. */
  toggle(name: "present" | "panel" | "frames"): void;
}

/** A toolbar button `name` pressed. */
export function toolbarAction(host: ControlHost, name: string): void {
  const { view, steps } = host;
  const stepping = view.replay !== null;
  if (name in STEP_ACTIONS) STEP_ACTIONS[name](steps, stepping);
  else if (name === "pv") {
    if (stepping) steps.stop();
    onlyPv(view, host.model);
    host.select(0);
  } else if (name === "present" || name === "panel" || name === "frames") host.toggle(name);
  else if (name === "force-here") host.force({ node: view.selected });
}

/** The actions input.ts calls, over `host`. */
export function controls(host: ControlHost): Actions {
  const { view } = host;
  return {
    clickNode(i) {
      const marked = clickNode(view, host.model, i);
      if (marked) host.onMark?.(marked);
      host.select(i);
    },
    showMore(i) {
      view.showAll.add(i);
      host.render();
    },
    showUnforced(i) {
      view.showUnforced.add(i);
      host.render();
    },
    goTo(i) {
      if (!view.replay) openPath(view, host.model, i);
      host.select(i, true);
    },
    forceEdge: (node, edge) => host.force({ node, edge }),
    generate: (node) => host.force({ node, generate: true }),
    action: (name) => toolbarAction(host, name),
    search: (text) => host.search(text),
    scrub(step) {
      if (!view.replay) host.steps.start();
      host.steps.set(step);
    },
  };
}
