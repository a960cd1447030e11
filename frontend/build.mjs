// Bundle the front end with esbuild: `node frontend/build.mjs [OUTDIR]` (`make bundle`).
//
// The bundles are committed (the package is installed and its tests run without Node);
// tests/explorer/test_bundle.py builds them again into a temporary folder and checks
// they equal the committed files byte for byte. OUTDIR defaults to where the package
// serves them from.
//
//   explorer.js         the explorer page (an IIFE: `lazytree explore --format html`,
//                       `lazytree serve`'s /explore); lazytree/explorer/html.py inlines it
//   explorer-widget.js  the Jupyter widget (an ES module whose default export anywidget
//                       renders); lazytree/explorer/widget.py ships it
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = process.argv[2] ?? join(root, "lazytree/explorer/static");

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
  outfile: join(outdir, "explorer.js"),
});
await esbuild.build({
  ...common,
  entryPoints: ["frontend/src/explorer/widget.ts"],
  format: "esm",
  outfile: join(outdir, "explorer-widget.js"),
});
