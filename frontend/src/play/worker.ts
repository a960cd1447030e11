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
 */
import type { FromWorker, ToWorker } from "./service";

/** What the worker uses of Pyodide (pyodide.mjs, imported from the site's pyodide/). */
interface PyProxy {
  (...args: unknown[]): unknown;
  destroy?(): void;
}
interface Pyodide {
  unpackArchive(buffer: ArrayBuffer, format: string): void;
  runPython(code: string): unknown;
  setInterruptBuffer(buffer: Int32Array): void;
  pyimport(name: string): { open_service: PyProxy };
}
type LoadPyodide = (options: {
  indexURL: string;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
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

/** The names of the files the site lists in `wheels/index.json` (the pure lazytree wheel). */
async function wheels(base: string): Promise<string[]> {
  const response = await fetch(new URL("wheels/index.json", base));
  if (!response.ok) throw new Error(`wheels/index.json: ${response.status}`);
  return (await response.json()) as string[];
}

async function start(
  service: string,
  query: string,
  base: string,
  interrupt?: Int32Array,
): Promise<void> {
  post({ kind: "status", text: "loading Python (Pyodide)…" });
  // (a module worker: Pyodide's ES module, from the site, never bundled)
  const runtime = new URL("pyodide/pyodide.mjs", base).href;
  const { loadPyodide } = (await import(runtime)) as { loadPyodide: LoadPyodide };
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: () => {},
  });
  post({ kind: "status", text: "loading lazytree…" });
  for (const name of await wheels(base)) {
    const response = await fetch(new URL(`wheels/${encodeURIComponent(name)}`, base));
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  }
  post({ kind: "status", text: service === "game" ? "starting the game…" : "searching…" });
  const local = pyodide.pyimport("lazytree.server.local");
  game = local.open_service(service, query) as unknown as Game;
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
        post({ kind: "ready" });
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
