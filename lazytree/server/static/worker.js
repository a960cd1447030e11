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
var stages = [];
function stage(name) {
  stages.push({ name, at: performance.timeOrigin + performance.now() });
}
async function wheels(base) {
  const response = await fetch(new URL("wheels/index.json", base));
  if (!response.ok) throw new Error(`wheels/index.json: ${response.status}`);
  const names = await response.json();
  return Promise.all(
    names.map(async (name) => {
      const got = await fetch(new URL(`wheels/${encodeURIComponent(name)}`, base));
      if (!got.ok) throw new Error(`${name}: ${got.status}`);
      return { name, bytes: await got.arrayBuffer() };
    })
  );
}
var SNAPSHOTS = "lazytree-pyodide-snapshot";
var PRELOAD = ["lazytree.server.local", "lazytree.games.dice_of_doom"];
var IMPORTS = `import ${PRELOAD.join(", ")}`;
async function snapshotKey(base, version, found) {
  const parts = await Promise.all(
    found.map(async (w) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", w.bytes));
      return `${w.name}:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    })
  );
  const query = new URLSearchParams({
    pyodide: version,
    preload: PRELOAD.join(","),
    wheels: parts.join(",")
  });
  return new URL(`pyodide/snapshot?${query}`, base).href;
}
async function storedSnapshot(key) {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match(key);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
async function keepSnapshot(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    if (snapshot === null) await cache.delete(key);
    else await cache.put(key, new Response(snapshot));
  } catch {
  }
}
async function python(base) {
  const runtime = new URL("pyodide/pyodide.mjs", base).href;
  const [module, found] = await Promise.all([
    import(runtime),
    wheels(base)
  ]);
  const { loadPyodide, version } = module;
  const options = {
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {
    },
    stderr: () => {
    }
  };
  const unpack = (pyodide2) => {
    for (const w of found) pyodide2.unpackArchive(w.bytes.slice(0), "wheel");
  };
  const key = await snapshotKey(base, version, found);
  const stored = await storedSnapshot(key);
  stage(stored ? "snapshot-read" : "no-snapshot");
  if (stored) {
    try {
      const pyodide2 = await loadPyodide({ ...options, _loadSnapshot: stored });
      unpack(pyodide2);
      pyodide2.runPython(IMPORTS);
      stage("snapshot-restored");
      return pyodide2;
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
async function start(service, query, base, interrupt) {
  post({ kind: "status", text: "loading Python (Pyodide)…" });
  const pyodide = await python(base);
  post({ kind: "status", text: service === "game" ? "starting the game…" : "searching…" });
  const local = pyodide.pyimport("lazytree.server.local");
  game = local.open_service(service, query);
  stage("service-opened");
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
        post({ kind: "ready", stages });
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
