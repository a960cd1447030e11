// The Dice of Doom board: one SVG group per territory (data-territory="N"), drawn once
// per board size in the book's offset rows, then updated in place (classes and dice).
const SVG = "http://www.w3.org/2000/svg";
const R = 20;                      // hex radius
const W = Math.sqrt(3) * R;        // hex width
const H = 1.5 * R;                 // row height

// a hexagon around (0, 0) as a relative path (one <path> per territory draws faster
// than <use> references, which Chromium expands into shadow trees)
const HEX = (() => {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push([R * Math.cos(a), R * Math.sin(a)]);
  }
  let d = `m${pts[0][0].toFixed(2)},${pts[0][1].toFixed(2)}`;
  for (let i = 1; i < 6; i++) {
    d += `l${(pts[i][0] - pts[i - 1][0]).toFixed(2)},${(pts[i][1] - pts[i - 1][1]).toFixed(2)}`;
  }
  return d + "z";
})();

export class HexBoard {
  constructor(svg, onClick) {
    this.svg = svg;
    this.onClick = onClick;
    this.key = null;
    this.cells = [];
    this.centres = [];
    this.owners = [];
    this.dice = [];
  }

  centre(i, size, layout) {
    const row = Math.floor(i / size), col = i % size;
    const shift = layout === "lisp" ? (size - 1 - row) * W / 2 : (row % 2 === 0 ? W / 2 : 0);
    return [col * W + shift + W / 2 + 4, row * H + R + 4];
  }

  build(view) {
    const { size, layout } = view;
    this.key = `${size}/${layout}`;
    const n = size * size;
    const cols = layout === "lisp" ? size + (size - 1) / 2 : size + 0.5;
    this.width = cols * W + 8;
    this.height = (size - 1) * H + 2 * R + 8;
    const parts = [`<defs>`,
      `<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`,
      `<g id="cells">`];
    this.centres = [];
    const { owners, dice } = view;  // drawn into the markup: no second pass over the cells
    for (let i = 0; i < n; i++) {
      const [x, y] = this.centre(i, size, layout);
      this.centres.push([x, y]);
      parts.push(`<g data-territory="${i}" class="t p${owners[i]}"><path d="M${x.toFixed(1)},${y.toFixed(1)}${HEX}"/>` +
        `<text x="${x.toFixed(1)}" y="${(y + 5).toFixed(1)}">${dice[i]}</text></g>`);
    }
    parts.push(`</g><g id="arrows"></g>`);
    this.svg.innerHTML = parts.join("");
    this.cells = Array.from(this.svg.querySelectorAll("#cells > g"));
    this.texts = this.cells.map((g) => g.lastChild);
    this.arrows = this.svg.querySelector("#arrows");
    this.owners = owners.slice();
    this.dice = dice.slice();
    this.marked = new Set();
    this.svg.classList.toggle("small-text", size > 20);
  }

  // Draw `view` (the server's board), `selected` territory, and the last turn's attacks.
  render(view, selected, lastTurn) {
    if (this.key !== `${view.size}/${view.layout}`) this.build(view);
    const { owners, dice } = view;
    for (let i = 0; i < owners.length; i++) {
      if (owners[i] !== this.owners[i]) {
        this.cells[i].setAttribute("class", `t p${owners[i]}`);
        this.owners[i] = owners[i];
      }
      if (dice[i] !== this.dice[i]) {
        this.texts[i].textContent = String(dice[i]);
        this.dice[i] = dice[i];
      }
    }
    this.sources = new Map();
    for (const [src, dst] of view.attacks) {
      if (!this.sources.has(src)) this.sources.set(src, []);
      this.sources.get(src).push(dst);
    }
    const marks = new Map();
    const add = (i, c) => marks.set(i, (marks.get(i) || "") + " " + c);
    for (const src of this.sources.keys()) add(src, "can");
    for (const m of lastTurn) if (m.src !== undefined) { add(m.src, "last"); add(m.dst, "last"); }
    if (selected !== null && this.sources.has(selected)) {
      add(selected, "sel");
      for (const dst of this.sources.get(selected)) add(dst, "target");
    }
    for (const i of this.marked) if (!marks.has(i)) this.cells[i].setAttribute("class", `t p${owners[i]}`);
    for (const [i, c] of marks) this.cells[i].setAttribute("class", `t p${owners[i]}${c}`);
    this.marked = new Set(marks.keys());
    // the selection, its targets and the last turn on top: their outlines show whole
    const top = [];
    for (const [i, c] of marks) if (c !== " can") top.push(this.cells[i]);
    if (top.length) this.svg.querySelector("#cells").append(...top);
    const lines = [];
    for (const m of lastTurn) {
      if (m.src === undefined) continue;
      const [x1, y1] = this.centres[m.src], [x2, y2] = this.centres[m.dst];
      const k = 0.7;
      lines.push(`<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${(x1 + (x2 - x1) * k).toFixed(1)}" ` +
        `y2="${(y1 + (y2 - y1) * k).toFixed(1)}" marker-end="url(#arrow)"/>`);
    }
    this.arrows.innerHTML = lines.join("");
  }

  territoryAt(target) {
    const g = target.closest && target.closest("[data-territory]");
    return g ? Number(g.dataset.territory) : null;
  }
}
