/**
 * The game service the play page talks to. One interface, two implementations:
 *
 * - the server (`lazytree serve`): the live connection (a WebSocket, ./connection.ts)
 *   and the JSON API (`fetch`);
 * - a Web Worker running Python (Pyodide) with the library's own game service
 *   (lazytree/server/local.py) in the static site (`make site`): the same messages,
 *   posted to the worker instead of sent over the network.
 *
 * The page picks one from its `data-service` ("worker") and never asks which it has. The
 * explorer page of the site talks to its own worker the same way (`service` "explore":
 * its tree and force requests, as the server's `/explore` answers them).
 */
import { Connection, type ConnectionEvents } from "./connection";

/** What the page asks of a game service. */
export interface GameService {
  /** Open the live connection (again): the service answers the hello with an update. */
  connect(): void;
  /** Whether a message can be sent now. */
  readonly open: boolean;
  /** Whether the page has a connection (open or opening). */
  readonly exists: boolean;
  /** Whether the game lives in the page itself (its address is the page's own). */
  readonly local: boolean;
  /** Send a message of the live connection (`{move: ...}`). */
  send(data: unknown): void;
  /** Drop the connection because the page cannot go on with it (it reconnects). */
  abort(reason: string): void;
  /** Close it for good (the page is left). */
  close(): void;
  /** A request of the session API (`ID/undo`, `ID/at/3`): a GET, or a POST of `body`. */
  request<T>(path: string, body?: unknown): Promise<T>;
}

/** A request of the server's JSON API, as the page makes it. */
export type Request = <T>(path: string, body?: unknown) => Promise<T>;

/** The server: a WebSocket and `fetch`. */
export class ServerService implements GameService {
  private readonly connection: Connection;
  readonly local = false;

  constructor(
    session: string,
    events: ConnectionEvents,
    private readonly call: Request,
  ) {
    this.connection = new Connection(session, events);
  }

  connect(): void {
    this.connection.connect();
  }
  get open(): boolean {
    return this.connection.open;
  }
  get exists(): boolean {
    return this.connection.exists;
  }
  send(data: unknown): void {
    this.connection.send(data);
  }
  abort(reason: string): void {
    this.connection.abort(reason);
  }
  close(): void {
    this.connection.close();
  }
  request<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>(path, body);
  }
}

/** What the page posts to the worker (frontend/src/play/worker.ts). */
export type ToWorker =
  | { kind: "start"; service: WorkerKind; query: string; base: string; interrupt?: Int32Array }
  | { kind: "message"; text: string }
  | { kind: "request"; id: number; path: string; body: string | null };

/** What a worker serves: the play page's game, or the explorer page's tree. */
export type WorkerKind = "game" | "explore";

/** A stage of the worker's start, and when it ended (ms since the epoch, as
 * `performance.timeOrigin + performance.now()`). */
export interface Stage {
  name: string;
  at: number;
}

/** What the worker posts back. */
export type FromWorker =
  | { kind: "status"; text: string }
  | { kind: "ready"; stages?: Stage[] }
  | { kind: "failed"; error: string }
  | { kind: "message"; text: string }
  | { kind: "answer"; id: number; status: number; text: string };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Python in a Web Worker: the game (or the explored tree, `kind` "explore") is made from
 * the page's query (`?game=...`).
 */
export class WorkerService implements GameService {
  private worker: Worker | null = null;
  private ready = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  /** Pyodide's interrupt buffer, shared with the worker where the page is cross-origin
   * isolated: Stop writes 2 (SIGINT) there, which stops the search while it runs. */
  private readonly interrupt = globalThis.crossOriginIsolated
    ? new Int32Array(new SharedArrayBuffer(4))
    : undefined;
  readonly local = true;

  constructor(
    private readonly script: string,
    private readonly query: string,
    private readonly events: ConnectionEvents,
    private readonly kind: WorkerKind = "game",
  ) {}

  connect(): void {
    if (this.worker) {
      if (this.ready) this.hello();
      return;
    }
    const worker = new Worker(this.script, { type: "module" });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.events.status(`the game's worker failed: ${event.message}`);
    };
    const base = new URL(".", new URL(this.script, window.location.href)).href;
    const interrupt = this.interrupt;
    this.post({ kind: "start", service: this.kind, query: this.query, base, interrupt });
  }

  private receive(data: FromWorker): void {
    if (data.kind === "status") {
      this.events.status(data.text);
    } else if (data.kind === "ready") {
      // the worker's stages as the page's marks, `lazytree:worker-NAME` (for the benchmark)
      for (const { name, at } of data.stages ?? []) {
        performance.mark(`lazytree:worker-${name}`, { startTime: at - performance.timeOrigin });
      }
      this.ready = true;
      this.hello();
    } else if (data.kind === "failed") {
      this.ready = false;
      this.events.status(data.error);
      this.events.closed();
    } else if (data.kind === "message") {
      const raw = data.text;
      if (raw.startsWith('{"type": "update"')) performance.mark("lazytree:board-data");
      const message = JSON.parse(raw);
      if (message.type === "update") this.events.status("");
      this.events.message(message);
    } else if (data.kind === "answer") {
      const waiting = this.pending.get(data.id);
      if (!waiting) return;
      this.pending.delete(data.id);
      const answer = JSON.parse(data.text) as { error?: string };
      if (data.status >= 400) waiting.reject(new Error(answer.error || `${data.status}`));
      else waiting.resolve(answer);
    }
  }

  private hello(): void {
    this.post({ kind: "message", text: JSON.stringify({ hello: this.events.hello() }) });
  }

  private post(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  get open(): boolean {
    return this.ready;
  }
  get exists(): boolean {
    return this.worker !== null;
  }
  send(data: unknown): void {
    this.post({ kind: "message", text: JSON.stringify(data) });
  }
  abort(_reason: string): void {
    // the page lost track of the board: the whole game again, from its first move
    this.post({ kind: "message", text: JSON.stringify({ hello: { ply: 0 } }) });
  }
  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
    for (const waiting of this.pending.values()) waiting.reject(new Error("the page closed"));
    this.pending.clear();
  }
  request<T>(path: string, body?: unknown): Promise<T> {
    const id = this.next++;
    // "ID/undo": the worker has one game, its requests are the part after the ID
    const slash = path.indexOf("/");
    const own = slash < 0 ? "" : path.slice(slash + 1);
    // the worker is busy searching: Stop reaches it through the shared buffer
    if (own === "stop" && this.interrupt) Atomics.store(this.interrupt, 0, 2);
    return new Promise<T>((resolve, reject) => {
      if (!this.worker) {
        reject(new Error("not connected"));
        return;
      }
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.post({
        kind: "request",
        id,
        path: own,
        body: body === undefined ? null : JSON.stringify(body),
      });
    });
  }
}

/**
 * The service of the page's game: the worker where the page says so (`data-service` =
 * "worker", `data-worker` the script's address), else the server.
 */
export function openService(
  session: string,
  events: ConnectionEvents,
  call: Request,
  dataset: DOMStringMap,
): GameService {
  if (dataset.service === "worker")
    return new WorkerService(dataset.worker ?? "worker.js", window.location.search, events);
  return new ServerService(session, events, call);
}
