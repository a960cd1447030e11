// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).

// frontend/src/play/worker.ts
function fromPython(list) {
  try {
    return list.toJs();
  } finally {
    list.destroy();
  }
}
var scope = self;
var game = null;
var queue = [];
function post(message) {
  scope.postMessage(message);
}
async function wheels(base) {
  const response = await fetch(new URL("wheels/index.json", base));
  if (!response.ok) throw new Error(`wheels/index.json: ${response.status}`);
  return await response.json();
}
async function start(service, query, base, interrupt) {
  post({ kind: "status", text: "loading Python (Pyodide)…" });
  const runtime = new URL("pyodide/pyodide.mjs", base).href;
  const { loadPyodide } = await import(runtime);
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {
    },
    stderr: () => {
    }
  });
  post({ kind: "status", text: "loading lazytree…" });
  for (const name of await wheels(base)) {
    const response = await fetch(new URL(`wheels/${encodeURIComponent(name)}`, base));
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  }
  post({ kind: "status", text: service === "game" ? "starting the game…" : "searching…" });
  const local = pyodide.pyimport("lazytree.server.local");
  game = local.open_service(service, query);
  if (interrupt && game.listen_for_stop) {
    pyodide.setInterruptBuffer(interrupt);
    game.listen_for_stop();
  }
}
var stepping = false;
function aiTurns() {
  if (stepping || !game?.ai_busy) return;
  stepping = true;
  for (const text of fromPython(game.ai_step())) post({ kind: "message", text });
  setTimeout(() => {
    stepping = false;
    aiTurns();
  }, 0);
}
function handle(message) {
  if (!game) return;
  if (message.kind === "message") {
    for (const text of fromPython(game.receive(message.text))) post({ kind: "message", text });
    setTimeout(aiTurns, 0);
  } else if (message.kind === "request") {
    const [status, text] = fromPython(game.request(message.path, message.body ?? void 0));
    post({ kind: "answer", id: message.id, status, text });
    setTimeout(aiTurns, 0);
  }
}
scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === "start") {
    start(message.service, message.query, message.base, message.interrupt).then(
      () => {
        post({ kind: "ready" });
        for (const waiting of queue.splice(0)) handle(waiting);
      },
      (error) => {
        const text = error instanceof Error ? error.message : String(error);
        const last = text.trim().split("\n").pop() ?? text;
        const what = message.service === "game" ? "the game" : "the search";
        post({ kind: "failed", error: `${what} could not start: ${last}` });
      }
    );
  } else if (game) {
    handle(message);
  } else {
    queue.push(message);
  }
};
