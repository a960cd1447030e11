/**
 * The Jupyter widget's front end (anywidget: `lazytree.explorer.widget.TreeExplorer`): the
 * model's `data` trait is the document as JSON text, a force request is sent to the kernel
 * as a custom message, and a new `data` or `status` redraws.
 */
import { mount } from "./explorer";
import type { ExplorerData } from "./model";

/** The height of the widget's area in a notebook. */
export const WIDGET_HEIGHT = "640px";

/** The part of anywidget's model the widget uses. */
interface WidgetModel {
  get(name: "data" | "status"): string;
  send(message: object): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}

function render({ model, el }: { model: WidgetModel; el: HTMLElement }): () => void {
  el.style.height = WIDGET_HEIGHT;
  const read = () => JSON.parse(model.get("data")) as ExplorerData;
  const explorer = mount(el, read(), {
    onForce: (request) => model.send({ type: "force", ...request }),
  });
  const changed = () => explorer.update(read());
  const status = () => {
    el.classList.remove("lt-busy");
    const line = el.querySelector("[data-matches]");
    if (line) line.textContent = model.get("status");
  };
  model.on("change:data", changed);
  model.on("change:status", status);
  return () => {
    model.off("change:data", changed);
    model.off("change:status", status);
  };
}

export default { render };
