// Bundle the front end with esbuild: `node frontend/build.mjs [OUTDIR]` (`make bundle`).
//
// The bundles are committed (the package is installed and its tests run without Node);
// tests/explorer/test_bundle.py builds them again into a temporary folder and checks
// they equal the committed files byte for byte. Without OUTDIR each goes where the package
// serves it from; with OUTDIR, all of them go there.
//
//   explorer.js         the explorer page (an IIFE: `lazytree explore --format html`,
//                       `lazytree serve`'s /explore); lazytree/explorer/html.py inlines it
//                       (in lazytree/explorer/static)
//   explorer-widget.js  the Jupyter widget (an ES module whose default export anywidget
//                       renders); lazytree/explorer/widget.py ships it (there too)
//   app.js              the play page (`lazytree serve`'s /play, lazytree/server/static)
//   worker.js           the play page's Web Worker in the static site (Python in Pyodide
//                       answering the page: frontend/site.py copies it; there too)
//   boards.js           the board renderer as an ES module, for any page
//                       (lazytree/static, served at /lib/boards.js)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = process.argv[2];
const place = (dir, name) => join(outdir ?? join(root, dir), name);

// d3-hierarchy's licence (ISC) asks for its notice in every copy: each bundle starts with it
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
  banner: { js: banner },
  logLevel: "warning",
};

await esbuild.build({
  ...common,
  entryPoints: ["frontend/src/explorer/page.ts"],
  format: "iife",
  outfile: place("lazytree/explorer/static", "explorer.js"),
});
await esbuild.build({
  ...common,
  entryPoints: ["frontend/src/explorer/widget.ts"],
  format: "esm",
  outfile: place("lazytree/explorer/static", "explorer-widget.js"),
});

// the play page's bundles hold no third-party code
const own = {
  ...common,
  banner: {
    js: "// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).",
  },
};
await esbuild.build({
  ...own,
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
await esbuild.build({
  ...own,
  entryPoints: ["frontend/src/board/index.ts"],
  format: "esm",
  outfile: place("lazytree/static", "boards.js"),
});
