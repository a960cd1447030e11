// A simple grid board (tic-tac-toe, checkers, knights): one rect per cell (data-cell="N");
// each legal move is the list of cells a click goes through (`path`).
const S = 48;

export class GridBoard {
  constructor(svg) {
    this.svg = svg;
    this.key = null;
  }

  build(view) {
    this.key = `grid/${view.rows}/${view.cols}`;
    this.width = view.cols * S + 8;
    this.height = view.rows * S + 8;
    const parts = [];
    for (let i = 0; i < view.rows * view.cols; i++) {
      const x = 4 + (i % view.cols) * S, y = 4 + Math.floor(i / view.cols) * S;
      parts.push(`<g data-cell="${i}" transform="translate(${x},${y})"><rect width="${S}" height="${S}"/>` +
        `<text x="${S / 2}" y="${S / 2 + 7}"></text></g>`);
    }
    this.svg.innerHTML = parts.join("");
    this.cells = Array.from(this.svg.querySelectorAll("[data-cell]"));
  }

  render(view, selected) {
    if (this.key !== `grid/${view.rows}/${view.cols}`) this.build(view);
    const starts = new Set(view.moves.map((m) => m.path[0]));
    const targets = new Set(
      view.moves.filter((m) => m.path.length > 1 && m.path[0] === selected).map((m) => m.path[m.path.length - 1]));
    const single = new Set(view.moves.filter((m) => m.path.length === 1).map((m) => m.path[0]));
    view.cells.forEach((cell, i) => {
      let c = "cell";
      if (cell.dark) c += " dark";
      if (cell.visited) c += " visited";
      if (cell.owner >= 0) c += ` p${cell.owner}`;
      if (single.has(i) || (starts.has(i) && selected === null)) c += " can";
      if (i === selected) c += " sel";
      if (targets.has(i)) c += " target";
      this.cells[i].setAttribute("class", c);
      this.cells[i].lastChild.textContent = cell.label;
    });
    // outlined cells go on top, so their neighbours do not hide half the outline
    for (const g of this.svg.querySelectorAll(".can, .sel, .target")) this.svg.appendChild(g);
  }

  // The move a click on cell `i` makes, or the new selection.
  click(view, selected, i) {
    const single = view.moves.find((m) => m.path.length === 1 && m.path[0] === i);
    if (single) return { move: single.text };
    if (selected !== null) {
      const m = view.moves.find((m) => m.path[0] === selected && m.path[m.path.length - 1] === i);
      if (m) return { move: m.text };
    }
    const starts = view.moves.some((m) => m.path[0] === i);
    return { select: starts ? i : null };
  }

  cellAt(target) {
    const g = target.closest && target.closest("[data-cell]");
    return g ? Number(g.dataset.cell) : null;
  }
}
