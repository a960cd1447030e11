/**
 * The site's Web Worker (a module worker): Python (Pyodide, from the site's own `pyodide/`
 * folder) with the library's pure wheel (`wheels/`), answering a page's messages with
 * lazytree/server/local.py's `LocalGame` (the play page) or `LocalExplorer` (the explorer
 * page), as the server would.
 *
 * The page posts `start` (the service and its query: the game's options), then the messages of the live
 * connection and the requests of the JSON API (./service.ts). An AI's turn runs here,
 * after the answer that made it the AI's turn has been posted, so the page draws the
 * human's move first; the worker being the page's background thread, the page stays
 * responsive meanwhile. Nothing is fetched but the site's own files.
 *
 * A warm start restores Python from a memory snapshot (Pyodide's, lazytree imported)
 * that the first start made and kept in the browser's Cache API, under a key naming the
 * Pyodide version and the wheels' digest (a new build never restores an old snapshot);
 * a snapshot that does not restore is forgotten, and Python starts as on a first visit.
 * The `ready` message lists the start's stages and when each ended (`Stage`).
 */
import type { FromWorker, Stage, ToWorker } from "./service";

/** What the worker uses of Pyodide (pyodide.mjs, imported from the site's pyodide/). */
interface PyProxy {
  (...args: unknown[]): unknown;
  destroy?(): void;
}
interface Pyodide {
  readonly version: string;
  unpackArchive(buffer: ArrayBuffer, format: string): void;
  makeMemorySnapshot(): Uint8Array;
  runPython(code: string): unknown;
  setInterruptBuffer(buffer: Int32Array): void;
  pyimport(name: string): { open_service: PyProxy };
}
type LoadPyodide = (options: {
  indexURL: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  _makeSnapshot?: boolean;
  _loadSnapshot?: Uint8Array;
}) => Promise<Pyodide>;

/** A Python list (or tuple) as Pyodide hands it over. */
interface PyList<T> {
  toJs(): T;
  destroy(): void;
}

/** lazytree.server.local's LocalGame or LocalExplorer, as JavaScript sees it. */
interface Game {
  receive(text: string): PyList<string[]>;
  request(path: string, body?: string): PyList<[number, string]>;
  ai_step(): PyList<string[]>;
  readonly ai_busy: boolean;
  listen_for_stop?(): void;
}

/** The JavaScript value of a Python list, the list's proxy freed. */
function fromPython<T>(list: PyList<T>): T {
  try {
    return list.toJs();
  } finally {
    list.destroy();
  }
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let game: Game | null = null;
const queue: ToWorker[] = [];

function post(message: FromWorker): void {
  scope.postMessage(message);
}

/** The start's stages so far (see `Stage`). */
const stages: Stage[] = [];

function stage(name: string): void {
  stages.push({ name, at: performance.timeOrigin + performance.now() });
}

/** A wheel the site lists in `wheels/index.json` (the pure lazytree wheel): its bytes. */
interface Wheel {
  name: string;
  bytes: ArrayBuffer;
}

async function wheels(base: string): Promise<Wheel[]> {
  const response = await fetch(new URL("wheels/index.json", base));
  if (!response.ok) throw new Error(`wheels/index.json: ${response.status}`);
  const names = (await response.json()) as string[];
  return Promise.all(
    names.map(async (name) => {
      const got = await fetch(new URL(`wheels/${encodeURIComponent(name)}`, base));
      if (!got.ok) throw new Error(`${name}: ${got.status}`);
      return { name, bytes: await got.arrayBuffer() };
    }),
  );
}

/** The Cache API's cache that keeps the snapshots. */
const SNAPSHOTS = "lazytree-pyodide-snapshot";

/** What Python imports before its snapshot is made (a warm start has them imported):
 * the worker's service, and the game the new-game form offers first. */
const PRELOAD = ["lazytree.server.local", "lazytree.games.dice_of_doom"];
const IMPORTS = `import ${PRELOAD.join(", ")}`;

/**
 * The snapshot's address in the cache: the site's `pyodide/snapshot` with the Pyodide
 * version, what was imported and the SHA-256 of the wheels in its query.
 */
async function snapshotKey(base: string, version: string, found: Wheel[]): Promise<string> {
  const parts = await Promise.all(
    found.map(async (w) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", w.bytes));
      return `${w.name}:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    }),
  );
  const query = new URLSearchParams({
    pyodide: version,
    preload: PRELOAD.join(","),
    wheels: parts.join(","),
  });
  return new URL(`pyodide/snapshot?${query}`, base).href;
}

/** The stored snapshot under `key`, or null (none, or no Cache API here). */
async function storedSnapshot(key: string): Promise<Uint8Array | null> {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match(key);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Keep `snapshot` under `key`, the cache's other (older builds') snapshots removed. */
async function keepSnapshot(key: string, snapshot: Uint8Array | null): Promise<void> {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    if (snapshot === null) await cache.delete(key);
    else await cache.put(key, new Response(snapshot as Uint8Array<ArrayBuffer>));
  } catch {
    // (no Cache API, or no room: the next start is a first start again)
  }
}

/** Python with lazytree's wheels unpacked and `PRELOAD` imported: restored from the
 * stored snapshot if there is one that restores, started afresh otherwise (which makes
 * and keeps a snapshot for the next start). */
async function python(base: string): Promise<Pyodide> {
  // (a module worker: Pyodide's ES module, from the site, never bundled)
  const runtime = new URL("pyodide/pyodide.mjs", base).href;
  const [module, found] = await Promise.all([
    import(runtime) as Promise<{ loadPyodide: LoadPyodide; version: string }>,
    wheels(base),
  ]);
  const { loadPyodide, version } = module;
  const options = {
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: () => {},
  };
  const unpack = (pyodide: Pyodide): void => {
    for (const w of found) pyodide.unpackArchive(w.bytes.slice(0), "wheel");
  };
  const key = await snapshotKey(base, version, found);
  const stored = await storedSnapshot(key);
  stage(stored ? "snapshot-read" : "no-snapshot");
  if (stored) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: stored });
      unpack(pyodide);
      pyodide.runPython(IMPORTS);
      stage("snapshot-restored");
      return pyodide;
    } catch {
      stage("snapshot-failed");
      await keepSnapshot(key, null);
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  stage("pyodide-started");
  post({ kind: "status", text: "loading lazytree…" });
  unpack(pyodide);
  pyodide.runPython(IMPORTS);
  stage("lazytree-imported");
  const snapshot = pyodide.makeMemorySnapshot();
  void keepSnapshot(key, snapshot);
  return pyodide;
}

async function start(
  service: string,
  query: string,
  base: string,
  interrupt?: Int32Array,
): Promise<void> {
  post({ kind: "status", text: "loading Python (Pyodide)…" });
  const pyodide = await python(base);
  post({ kind: "status", text: service === "game" ? "starting the game…" : "searching…" });
  const local = pyodide.pyimport("lazytree.server.local");
  game = local.open_service(service, query) as unknown as Game;
  stage("service-opened");
  if (interrupt && game.listen_for_stop) {
    // (a cross-origin isolated page: its Stop interrupts the search, see service.ts)
    pyodide.setInterruptBuffer(interrupt);
    game.listen_for_stop();
  }
}

let stepping = false;

/**
 * The AI plays while it is its turn, a step at a time, each step's update posted as it
 * is made; the page's messages are let in between two steps.
 */
function aiTurns(): void {
  if (stepping || !game?.ai_busy) return;
  stepping = true;
  for (const text of fromPython(game.ai_step())) post({ kind: "message", text });
  setTimeout(() => {
    stepping = false;
    aiTurns();
  }, 0);
}

function handle(message: ToWorker): void {
  if (!game) return;
  if (message.kind === "message") {
    for (const text of fromPython(game.receive(message.text))) post({ kind: "message", text });
    setTimeout(aiTurns, 0); // (the answers above reach the page first)
  } else if (message.kind === "request") {
    // (a body of null is given as undefined: Pyodide hands Python None for that, not JsNull)
    const [status, text] = fromPython(game.request(message.path, message.body ?? undefined));
    post({ kind: "answer", id: message.id, status, text });
    setTimeout(aiTurns, 0);
  }
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.kind === "start") {
    start(message.service, message.query, message.base, message.interrupt).then(
      () => {
        post({ kind: "ready", stages });
        for (const waiting of queue.splice(0)) handle(waiting);
      },
      (error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        // a Python error's message ends with its last line: the one to show
        const last = text.trim().split("\n").pop() ?? text;
        const what = message.service === "game" ? "the game" : "the search";
        post({ kind: "failed", error: `${what} could not start: ${last}` });
      },
    );
  } else if (game) {
    handle(message);
  } else {
    queue.push(message);
  }
};
