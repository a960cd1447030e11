// Bundle the front end with esbuild: `node frontend/build.mjs [OUTDIR]` (`make bundle`).
//
// The bundles are committed (the package is installed and its tests run without Node);
// tests/explorer/test_bundle.py builds them again into a temporary folder and checks
// they equal the committed files byte for byte. Without OUTDIR each goes where the package
// serves it from; with OUTDIR, all of them go there. No code is in two bundles:
//
//   boards.js     the code the pages share, once (frontend/src/shared.ts: the board
//                 renderer and the game service): a plain script that sets the global
//                 `lazytreeBoards` (lazytree/static, served at /lib/boards.js)
//   explorer.js   the explorer page (a plain script, after boards.js: `lazytree explore
//                 --format html` and `lazytree serve`'s /explore, where
//                 lazytree/explorer/html.py inlines both; the static site's explore.html).
//                 It sets the global `lazytreeExplorerWidget`, the Jupyter widget's front
//                 end: lazytree/explorer/widget.py makes the widget's ES module of
//                 boards.js, explorer.js and an export line (in lazytree/explorer/static)
//   app.js        the play page (after boards.js: `lazytree serve`'s /play, lazytree/server/static)
//   worker.js     the play page's Web Worker in the static site (Python in Pyodide
//                 answering the page: frontend/site.py copies it; there too)
//
// The pages' bundles read what boards.js holds from its global: an import (from a page's
// module) of a module that boards.js bundles is answered by one line,
// `var { Board, ... } = lazytreeBoards;`, and a name boards.js does not export fails the build.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = process.argv[2];
const place = (dir, name) => join(outdir ?? join(root, dir), name);

// d3-hierarchy's licence (ISC) asks for its notice in every copy: the explorer starts with it
const d3Licence = readFileSync(join(root, "node_modules/d3-hierarchy/LICENSE"), "utf8").trim();
const banner = `// Built by frontend/build.mjs from frontend/src (edit those, then run \`make bundle\`).
// It includes d3-hierarchy, under this licence:
${d3Licence
  .split("\n")
  .map((line) => `//   ${line}`.trimEnd())
  .join("\n")}`;

const common = {
  absWorkingDir: root,
  bundle: true,
  target: "es2022",
  charset: "utf8",
  legalComments: "none",
  logLevel: "warning",
};
const own = {
  ...common,
  banner: {
    js: "// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).",
  },
};

// the shared module: what it exports (an ES module build, not written) and which sources
// it holds, then the plain script that sets the global
const SHARED = "frontend/src/shared.ts";
const GLOBAL = "lazytreeBoards";
const probe = await esbuild.build({
  ...common,
  entryPoints: [SHARED],
  format: "esm",
  write: false,
  metafile: true,
  outfile: "shared.js",
});
const sharedNames = Object.values(probe.metafile.outputs)[0].exports.sort();
const sharedSources = new Set(Object.keys(probe.metafile.inputs).map((input) => join(root, input)));
await esbuild.build({
  ...own,
  entryPoints: [SHARED],
  format: "iife",
  globalName: GLOBAL,
  outfile: place("lazytree/static", "boards.js"),
});

/** Imports of the shared module's sources, from outside it, answered by its global. */
const fromShared = {
  name: "from-shared",
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === "plain" || sharedSources.has(args.importer)) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "plain",
      });
      if (found.errors.length > 0 || !sharedSources.has(found.path)) return found;
      return { path: GLOBAL, namespace: "shared" };
    });
    build.onLoad({ filter: /.*/, namespace: "shared" }, () => ({
      contents: `export const { ${sharedNames.join(", ")} } = ${GLOBAL};`,
      loader: "js",
    }));
  },
};

await esbuild.build({
  ...common,
  // d3-hierarchy's licence (ISC) asks for its notice in every copy
  banner: { js: banner },
  plugins: [fromShared],
  entryPoints: ["frontend/src/explorer/page.ts"],
  format: "iife",
  outfile: place("lazytree/explorer/static", "explorer.js"),
});
await esbuild.build({
  ...own,
  plugins: [fromShared],
  entryPoints: ["frontend/src/play/page.ts"],
  format: "iife",
  outfile: place("lazytree/server/static", "app.js"),
});
await esbuild.build({
  ...own,
  entryPoints: ["frontend/src/play/worker.ts"],
  format: "esm",
  outfile: place("lazytree/server/static", "worker.js"),
});
