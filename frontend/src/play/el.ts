/** Building the page's DOM: elements with text children only (never markup). */

type Attrs = Record<string, string | number | boolean | null | undefined | Record<string, string>>;
type Child = Node | string | null | undefined | false;

/**
 * An element `tag` with `attrs` (`dataset` as data-*, `className`) and `children`, strings
 * inserted as text nodes.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "dataset" && typeof v === "object") Object.assign(node.dataset, v);
    else if (k === "className") node.className = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false && c !== "") node.append(c);
  return node;
}

/** The element `selector` finds (an error naming it when the page has none). */
export function must<T extends Element = HTMLElement>(
  selector: string,
  root: ParentNode = document,
): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`the page has no ${selector}`);
  return found;
}

/** Show `message` in the page's error box ("": hide it). */
export function showError(message: string): void {
  const box = must("#error");
  box.textContent = message;
  box.hidden = !message;
}
