import { describe, expect, it, vi } from "vitest";
import { scrollTarget } from "../src/explorer/drawing";
import { Model } from "../src/explorer/model";
import { Finder } from "../src/explorer/search";
import { carryView, clickNode, markedLeaves, newView, onlyPv } from "../src/explorer/selection";
import { type ControlHost, controls, type Steps, toolbarAction } from "../src/explorer/toolbar";
import { dag } from "./documents";

function fakeSteps(more: Partial<Steps> = {}): Steps {
  return {
    wanted: 3,
    playing: false,
    start: vi.fn(),
    stop: vi.fn(),
    set: vi.fn(),
    play: vi.fn(),
    pause: vi.fn(),
    ...more,
  };
}

function fakeHost(model: Model, steps: Steps = fakeSteps()): ControlHost {
  return {
    model,
    view: newView(model, false),
    steps,
    select: vi.fn(),
    render: vi.fn(),
    search: vi.fn(),
    force: vi.fn(),
    onMark: vi.fn(),
    toggle: vi.fn(),
  };
}

describe("what is open and selected", () => {
  it("starts with the principal variation open and the root selected", () => {
    const model = new Model(dag({ pv: [0, 1, 3] }));
    const view = newView(model, false);
    expect([...view.open]).toEqual([0, 1, 3]);
    expect(view.selected).toBe(0);
    expect(view.practice).toBeNull();
  });

  it("carries the open nodes and the selection to a new document by serial", () => {
    const old = new Model(dag());
    const view = newView(old, false);
    view.open = new Set([0, 1, 2]);
    view.selected = 2; // serial 3
    // a new document: serial 2 gone, a node of serial 9 in its place
    const model = new Model(dag({ serial: [0, 1, 3, 9] }));
    carryView(view, old, model);
    expect([...view.open].sort()).toEqual([0, 1, 2]);
    expect(view.selected).toBe(2);
    view.selected = 3; // serial 9: not in the old document
    carryView(view, model, old);
    expect(view.selected).toBe(0);
  });

  it("opens a node on the first click and closes it on a click when selected", () => {
    const model = new Model(dag());
    const view = newView(model, false);
    expect(clickNode(view, model, 2)).toBeNull();
    expect(view.open.has(2)).toBe(true);
    clickNode(view, model, 2); // not selected yet: stays open
    expect(view.open.has(2)).toBe(true);
    view.selected = 2;
    clickNode(view, model, 2);
    expect(view.open.has(2)).toBe(false);
  });

  it("marks and unmarks a leaf in practice", () => {
    const model = new Model(dag({ status: "eett" }));
    const view = newView(model, true);
    expect(clickNode(view, model, 3)).toEqual([3]);
    expect(clickNode(view, model, 2)).toEqual([2, 3]);
    expect(clickNode(view, model, 3)).toEqual([2]);
    expect(clickNode(view, model, 1)).toBeNull(); // not a leaf
    expect(markedLeaves(view)).toEqual([2]);
  });

  it("goes back to the principal variation alone", () => {
    const model = new Model(dag({ pv: [0, 1] }));
    const view = newView(model, false);
    view.open.add(2);
    view.showAll.add(0);
    view.matchSet.add(3);
    onlyPv(view, model);
    expect([...view.open]).toEqual([0, 1]);
    expect(view.showAll.size + view.matchSet.size).toBe(0);
  });
});

describe("the search box", () => {
  it("cycles through the matches and says how many there are", () => {
    const model = new Model(dag());
    const finder = new Finder();
    expect(finder.repeats("d")).toBe(false);
    finder.find(model, "d");
    expect(finder.status("d")).toBe("1 match");
    expect(finder.next()).toBe(3);
    expect(finder.next()).toBe(3);
    expect(finder.repeats("d")).toBe(true); // Enter again: the next match
    expect(finder.repeats("e")).toBe(false);
    finder.find(model, "x");
    expect(finder.status("x")).toBe("0 matches");
    expect(finder.next()).toBeNull();
    expect(finder.status("  ")).toBe("");
  });
});

describe("the toolbar", () => {
  it("steps only while stepping, and starts or stops the step-through", () => {
    const model = new Model(dag());
    const steps = fakeSteps();
    const host = fakeHost(model, steps);
    toolbarAction(host, "back");
    toolbarAction(host, "last");
    expect(steps.set).not.toHaveBeenCalled();
    toolbarAction(host, "step");
    toolbarAction(host, "replay");
    expect(steps.start).toHaveBeenCalledTimes(2);
    host.view.replay = { step: 3, open: new Set() };
    toolbarAction(host, "step");
    toolbarAction(host, "back");
    toolbarAction(host, "first");
    expect(vi.mocked(steps.set).mock.calls).toEqual([[4], [2], [0]]);
    toolbarAction(host, "replay");
    expect(steps.stop).toHaveBeenCalledOnce();
  });

  it("plays or pauses", () => {
    const model = new Model(dag());
    const paused = fakeSteps();
    toolbarAction(fakeHost(model, paused), "play");
    expect(paused.play).toHaveBeenCalledOnce();
    const playing = fakeSteps({ playing: true });
    toolbarAction(fakeHost(model, playing), "play");
    expect(playing.pause).toHaveBeenCalledOnce();
  });

  it("collapses to the PV, forces the selected node and passes the view's buttons on", () => {
    const model = new Model(dag());
    const host = fakeHost(model);
    host.view.open.add(2);
    host.view.selected = 2;
    toolbarAction(host, "pv");
    expect(host.view.open.has(2)).toBe(false);
    expect(host.select).toHaveBeenCalledWith(0);
    toolbarAction(host, "force-here");
    expect(host.force).toHaveBeenCalledWith({ node: 2 });
    toolbarAction(host, "present");
    expect(host.toggle).toHaveBeenCalledWith("present");
  });

  it("turns the page's clicks into requests", () => {
    const model = new Model(dag());
    const host = fakeHost(model);
    const actions = controls(host);
    actions.forceEdge(1, 0);
    actions.generate(2);
    expect(vi.mocked(host.force).mock.calls).toEqual([
      [{ node: 1, edge: 0 }],
      [{ node: 2, generate: true }],
    ]);
    actions.goTo(3);
    expect(host.view.open.has(1)).toBe(true); // the path to node 3 opened
    expect(host.select).toHaveBeenCalledWith(3, true);
    actions.scrub(5);
    expect(host.steps.start).toHaveBeenCalledOnce();
    expect(host.steps.set).toHaveBeenCalledWith(5);
  });
});

describe("scrolling to a node", () => {
  it("puts it a third across, two thirds while stepping, centred when presenting", () => {
    expect(scrollTarget([600, 500], null, 300, 200, {})).toEqual({ left: 500, top: 400 });
    expect(scrollTarget([600, 500], null, 300, 200, { stepping: true })).toEqual({
      left: 400,
      top: 400,
    });
    const centred = scrollTarget([600, 500], [800, 700], 300, 200, { present: true });
    expect(centred).toEqual({ left: 550, top: 500 });
    expect(scrollTarget([10, 10], null, 300, 200, {})).toEqual({ left: 0, top: 0 });
  });
});
