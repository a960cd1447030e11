import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectionEvents } from "../src/play/connection";
import { type FromWorker, type ToWorker, WorkerService } from "../src/play/service";

/** A stand-in for the browser's Worker: it records what the page posts. */
class FakeWorker {
  static last: FakeWorker | null = null;
  posted: ToWorker[] = [];
  terminated = false;
  onmessage: ((event: { data: FromWorker }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly options: { type?: string },
  ) {
    FakeWorker.last = this;
  }
  postMessage(message: ToWorker): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The worker answers. */
  answer(data: FromWorker): void {
    this.onmessage?.({ data });
  }
}

function events() {
  const seen = { statuses: [] as string[], messages: [] as unknown[], closed: 0 };
  const handlers: ConnectionEvents = {
    hello: () => ({ ply: 3, seat: null, epoch: 1 }),
    message: (m) => seen.messages.push(m),
    status: (t) => seen.statuses.push(t),
    closed: () => {
      seen.closed += 1;
    },
  };
  return { seen, handlers };
}

function start() {
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("window", { location: { href: "http://127.0.0.1:8080/play.html?game=x" } });
  const { seen, handlers } = events();
  const service = new WorkerService("worker.js", "?game=x", handlers);
  service.connect();
  return { seen, service, worker: FakeWorker.last as FakeWorker };
}

afterEach(() => vi.unstubAllGlobals());

describe("the worker as the game service", () => {
  it("starts a module worker with the page's query and the site's address", () => {
    const { service, worker } = start();
    expect(worker.options.type).toBe("module");
    expect(worker.posted).toEqual([
      { kind: "start", service: "game", query: "?game=x", base: "http://127.0.0.1:8080/" },
    ]);
    expect(service.local && service.exists && !service.open).toBe(true);
  });

  it("says hello once Python is ready, and passes the updates on", () => {
    const { seen, service, worker } = start();
    worker.answer({ kind: "status", text: "loading Python (Pyodide)…" });
    const at = performance.timeOrigin + performance.now();
    worker.answer({ kind: "ready", stages: [{ name: "service-opened", at }] });
    expect(service.open).toBe(true);
    const [mark] = performance.getEntriesByName("lazytree:worker-service-opened", "mark");
    expect(mark?.startTime).toBeCloseTo(at - performance.timeOrigin, 3);
    expect(worker.posted[1]).toEqual({
      kind: "message",
      text: JSON.stringify({ hello: { ply: 3, seat: null, epoch: 1 } }),
    });
    worker.answer({ kind: "message", text: '{"type": "update", "ply": 0}' });
    expect(seen.messages).toEqual([{ type: "update", ply: 0 }]);
    expect(seen.statuses).toEqual(["loading Python (Pyodide)…", ""]);
  });

  it("answers a request with the worker's answer, or its error", async () => {
    const { service, worker } = start();
    const undo = service.request<{ ok: boolean }>("local/undo", {});
    const at = service.request("local/at/2");
    expect(worker.posted.slice(1)).toEqual([
      { kind: "request", id: 0, path: "undo", body: "{}" },
      { kind: "request", id: 1, path: "at/2", body: null },
    ]);
    worker.answer({ kind: "answer", id: 1, status: 404, text: '{"error": "no move 2"}' });
    worker.answer({ kind: "answer", id: 0, status: 200, text: '{"ok": true}' });
    await expect(undo).resolves.toEqual({ ok: true });
    await expect(at).rejects.toThrow("no move 2");
  });

  it("shows why the game could not start, and closes for good", async () => {
    const { seen, service, worker } = start();
    worker.answer({ kind: "failed", error: "the game could not start: seat 1: ..." });
    expect(seen.statuses.at(-1)).toBe("the game could not start: seat 1: ...");
    expect(seen.closed).toBe(1);
    const pending = service.request("local/undo", {});
    service.close();
    expect(worker.terminated && !service.exists).toBe(true);
    await expect(pending).rejects.toThrow("the page closed");
  });
});
