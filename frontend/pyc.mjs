// Compile to bytecode, with Pyodide's own Python in Node, the modules of the wheel
// unpacked in DIR that the play page's worker imports: `node frontend/pyc.mjs DIR`
// (frontend/site.py runs it on the wheel it ships).
//
// The modules are found by doing what the worker does (a game made from a link, an AI
// move); each gets its __pycache__/*.cpython-3XX.pyc (unchecked-hash: used without
// reading its source's time). The browser then never compiles them at each load, which
// took most of the time from Pyodide loaded to the first board. Only Pyodide's Python
// can write them: its version is not the machine's.
import { loadPyodide } from "pyodide";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node frontend/pyc.mjs DIR");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, "/src");
pyodide.runPython(`
import importlib.util, py_compile, sys
sys.path.insert(0, "/src")
from lazytree.server.local import LocalGame

game = LocalGame.from_query("game=dice-of-doom&size=3&seats=ai,human&ai=0.05")
while game.ai_busy:
    game.ai_step()
game.receive('{"hello": {"ply": 0}}')
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith("/src/") and path.endswith(".py"):
        cache = importlib.util.cache_from_source(path)
        py_compile.compile(path, cache, path[5:], doraise=True, invalidation_mode=mode)
`);
