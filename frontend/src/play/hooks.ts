/**
 * The play page's test hooks: `window.lazytree` holds `timings` (Performance API
 * measures, ms), the `view`, `ready` once the first view is drawn, and `moves` (every
 * move's text).
 */
import type { View } from "./types";

/** What the page tells its tests. */
export interface Hooks {
  timings: { name: string; ms: number }[];
  view: View | null;
  ready: boolean;
  moves?: string[];
}

declare global {
  interface Window {
    lazytree: Hooks;
  }
}

/** Measure `name` from `start` (ms), and again once the change is painted. */
export function measure(name: string, start: number): void {
  const m = performance.measure(name, { start, end: performance.now() });
  window.lazytree.timings.push({ name, ms: m.duration });
  requestAnimationFrame(() =>
    setTimeout(() => {
      const p = performance.measure(`${name}-painted`, { start, end: performance.now() });
      window.lazytree.timings.push({ name: `${name}-painted`, ms: p.duration });
    }, 0),
  );
}
