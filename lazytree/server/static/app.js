// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).
(() => {
  // shared:lazytreeBoards
  var { Board, SCHEMA, ServerService, WorkerService, boardSvg, cellAtPoint, cellClass, clickCell, describeCell, esc, geometry, hasCells, marksOf, moveButton, moveButtonNodes, moveButtons, movesFrom, openService, playerLetter, readPalette, step, textBoard, textMarkup, unpack, withDelta } = lazytreeBoards;

  // frontend/src/play/el.ts
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === void 0 || v === null || v === false) continue;
      if (k === "dataset" && typeof v === "object") Object.assign(node.dataset, v);
      else if (k === "className") node.className = String(v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat())
      if (c !== null && c !== void 0 && c !== false && c !== "") node.append(c);
    return node;
  }
  function must(selector, root = document) {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`the page has no ${selector}`);
    return found;
  }
  function showError(message) {
    const box = must("#error");
    box.textContent = message;
    box.hidden = !message;
  }

  // frontend/src/play/api.ts
  async function api(path, body, seat, session) {
    const headers = seat ? { "X-Lazytree-Seat": seat } : {};
    const options = body === void 0 ? { headers } : {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body)
    };
    const response = await fetch(`/api/sessions/${path}`, options);
    if (path === session || /\/(move|ai|undo|redo)$/.test(path))
      performance.mark("lazytree:board-data");
    const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
    if (!response.ok) throw new Error(data.error || `${response.status}`);
    return data;
  }
  async function loadFile(event, seat) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const text = await file.text();
      let data;
      try {
        data = JSON.parse(text);
      } catch (e) {
        throw new Error(`${file.name} is not JSON: ${e.message}`);
      }
      const made = await api("load", data, seat, "");
      window.location.href = made.url;
    } catch (e) {
      showError(`cannot load ${file.name}: ${e.message}`);
    }
  }

  // frontend/src/play/gestures.ts
  var SLOP = 5;
  var DOUBLE_TAP_MS = 350;
  var DOUBLE_TAP_PX = 24;
  var WHEEL_REST = 150;
  var WHEEL_STEP = 1.2;
  var Gestures = class {
    constructor(board, viewport, commit) {
      this.board = board;
      this.viewport = viewport;
      this.commit = commit;
      const canvas = board.canvas;
      canvas.addEventListener("pointerdown", (e) => this.down(e));
      canvas.addEventListener("pointermove", (e) => this.move(e));
      canvas.addEventListener("pointerup", (e) => this.up(e, true));
      canvas.addEventListener("pointercancel", (e) => this.up(e, false));
      canvas.addEventListener(
        "wheel",
        (e) => {
          e.preventDefault();
          this.turn(e);
        },
        { passive: false }
      );
    }
    board;
    viewport;
    commit;
    /** Whether the last press became a drag or a pinch (its click is not a click). */
    dragged = false;
    gesture = { start: /* @__PURE__ */ new Map(), now: /* @__PURE__ */ new Map() };
    lastTap = null;
    /** A wheel zoom in progress: where it is centred and how far it has zoomed. */
    wheel = null;
    wheelTimer = null;
    /** A turn of the wheel: the picture scaled at once, the view set once it rests. */
    turn(e) {
      if (!e.deltaY) return;
      if (!this.wheel) {
        const [bx, by] = this.board.boardPoint(e.clientX, e.clientY);
        this.wheel = { cx: e.clientX, cy: e.clientY, bx, by, scale: 1 };
      }
      const w = this.wheel;
      const step2 = e.deltaY > 0 ? 1 / WHEEL_STEP : WHEEL_STEP;
      w.scale = this.viewport.w / this.viewport.clampWidth(this.viewport.w / (w.scale * step2));
      this.board.preview(0, 0, w.scale, w.cx, w.cy);
      if (this.wheelTimer !== null) clearTimeout(this.wheelTimer);
      this.wheelTimer = setTimeout(() => this.rest(), WHEEL_REST);
    }
    /** The wheel rested (or a press began): set the view it zoomed to, and draw it. */
    rest() {
      if (this.wheelTimer !== null) clearTimeout(this.wheelTimer);
      this.wheelTimer = null;
      const w = this.wheel;
      this.wheel = null;
      if (!w) return;
      this.board.canvas.style.transform = "";
      this.viewport.zoomAt(1 / w.scale, w.bx, w.by);
      this.commit();
      this.board.draw();
    }
    down(e) {
      this.rest();
      if (e.pointerType === "mouse" && e.button !== 0) return;
      const g = this.gesture;
      if (g.start.size === 0) this.dragged = false;
      for (const [id, p] of g.now) g.start.set(id, p);
      g.start.set(e.pointerId, [e.clientX, e.clientY]);
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      if (g.start.size > 1) this.dragged = true;
      this.board.canvas.setPointerCapture?.(e.pointerId);
    }
    move(e) {
      const g = this.gesture;
      if (!g.now.has(e.pointerId)) return;
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      const { dx, dy, scale, cx, cy } = this.shape();
      if (!this.dragged && Math.hypot(dx, dy) < SLOP && scale === 1) return;
      this.dragged = true;
      this.board.preview(dx, dy, scale, cx, cy);
    }
    up(e, tap) {
      const g = this.gesture;
      if (!g.now.has(e.pointerId)) return;
      g.now.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.dragged) this.apply();
      g.start.delete(e.pointerId);
      g.now.delete(e.pointerId);
      for (const [id, p] of g.now) g.start.set(id, p);
      if (tap && !this.dragged && e.pointerType === "touch") this.tapped(e);
    }
    /** The gesture so far: the pointers' mean moved by (dx, dy), their spread scaled. */
    shape() {
      const g = this.gesture;
      const ids = [...g.now.keys()];
      const mean = (m) => {
        let x = 0;
        let y = 0;
        for (const id of ids) {
          const p = m.get(id) ?? [0, 0];
          x += p[0] / ids.length;
          y += p[1] / ids.length;
        }
        return [x, y];
      };
      const [sx, sy] = mean(g.start);
      const [nx, ny] = mean(g.now);
      let scale = 1;
      if (ids.length >= 2) {
        const [a, b] = ids;
        const d = (m) => {
          const p = m.get(a) ?? [0, 0];
          const q = m.get(b) ?? [0, 0];
          return Math.hypot(p[0] - q[0], p[1] - q[1]);
        };
        const d0 = d(g.start);
        if (d0 > 10) scale = d(g.now) / d0;
      }
      return { dx: nx - sx, dy: ny - sy, scale, cx: sx, cy: sy };
    }
    /** Set the view to what the transform shows, and draw it. */
    apply() {
      const { dx, dy, scale, cx, cy } = this.shape();
      const board = this.board;
      board.canvas.style.transform = "";
      const k = board.view().k;
      const [bx, by] = board.boardPoint(cx, cy);
      this.viewport.panBy(-dx / k, -dy / k);
      if (scale !== 1) this.viewport.zoomAt(1 / scale, bx, by);
      this.commit();
      board.draw();
    }
    tapped(e) {
      const now = e.timeStamp;
      const last = this.lastTap;
      const cell = this.board.cellAt(e);
      if (last && now - last.t < DOUBLE_TAP_MS && Math.hypot(e.clientX - last.x, e.clientY - last.y) < DOUBLE_TAP_PX && cell === last.cell) {
        this.lastTap = null;
        const [x, y] = this.board.boardPoint(e.clientX, e.clientY);
        this.viewport.zoomAt(1 / 2, x, y);
        this.commit();
        return;
      }
      this.lastTap = { t: now, x: e.clientX, y: e.clientY, cell };
    }
  };

  // frontend/src/play/viewport.ts
  var Viewport = class {
    x = 0;
    y = 0;
    w = 100;
    h = 100;
    boardWidth = 100;
    boardHeight = 100;
    /** The whole board. */
    fit(width, height) {
      this.boardWidth = width;
      this.boardHeight = height;
      Object.assign(this, { x: 0, y: 0, w: width, h: height });
    }
    /** Zoom by `factor` (< 1: in) keeping board point (cx, cy) where it is (default: centre). */
    zoomAt(factor, cx, cy) {
      const x = cx ?? this.x + this.w / 2;
      const y = cy ?? this.y + this.h / 2;
      const w = this.clampWidth(this.w * factor);
      const k = w / this.w;
      this.x = x - (x - this.x) * k;
      this.y = y - (y - this.y) * k;
      this.w = w;
      this.h *= k;
    }
    /** `w` within the zoom's limits: from 60 units (the closest) to 4 boards wide. */
    clampWidth(w) {
      return Math.max(60, Math.min(w, this.boardWidth * 4));
    }
    /** Move the view by (dx, dy) board units. */
    panBy(dx, dy) {
      this.x += dx;
      this.y += dy;
    }
    /**
     * Pan as little as needed so the point (px, py) is at least `margin` units inside the
     * rectangle `shown` (what the canvas shows of the view, which may be wider than the box),
     * never to show what lies past the board's edges: a cell on the board's edge is revealed
     * with the edge, and a board already in view never moves. Returns whether it panned.
     */
    reveal(px, py, shown, margin) {
      const dx = shift(px, margin, shown.x, shown.w, this.boardWidth);
      const dy = shift(py, margin, shown.y, shown.h, this.boardHeight);
      if (!dx && !dy) return false;
      this.panBy(dx, dy);
      return true;
    }
    /** The viewBox attribute's text. */
    toString() {
      return `${this.x} ${this.y} ${this.w} ${this.h}`;
    }
  };
  function shift(p, margin, start, size, extent) {
    const low = Math.max(p - margin, Math.min(0, p));
    const high = Math.min(p + margin, Math.max(extent, p));
    if (high - low > size) return p - size / 2 - start;
    if (low < start) return low - start;
    if (high > start + size) return high - (start + size);
    return 0;
  }

  // frontend/src/play/board-view.ts
  var ZOOM = 1.4;
  var BoardView = class {
    canvas = must("#board");
    board = new Board(this.canvas);
    viewport = new Viewport();
    gestures = new Gestures(this.board, this.viewport, () => this.setViewBox());
    constructor() {
      const on = (action, f) => must(`[data-action=${action}]`).addEventListener("click", f);
      on("zoom-in", () => this.zoom(1 / ZOOM));
      on("zoom-out", () => this.zoom(ZOOM));
      on("zoom-fit", () => this.fit());
    }
    /** Is `doc` a new board (another shape than the one drawn)? */
    isNew(doc) {
      return hasCells(doc) && this.board.key !== this.board.shapeKey(doc);
    }
    /**
     * Draw `doc` (of the game `game`) with `options`' marks: a new board whole and fitted,
     * else only `changed` cells (and marks) when given; the generic view as text.
     */
    draw(doc, options, changed, game) {
      const text = !hasCells(doc);
      this.canvas.toggleAttribute("hidden", text);
      must(".zoom").hidden = text;
      must("#board-cursor").hidden = text;
      const textBox = must("#text-board");
      textBox.hidden = !text;
      if (text) {
        textBox.replaceChildren(textBoard(doc));
        return;
      }
      if (this.isNew(doc)) {
        this.board.render(doc, options);
        this.fit();
      } else if (changed) {
        this.board.update(doc, options, changed);
      } else {
        this.board.render(doc, options);
      }
      this.canvas.setAttribute("aria-label", `${game} board, ${doc.cells?.length} cells`);
    }
    /** The canvas shows the viewport's box. */
    setViewBox() {
      this.canvas.setAttribute("viewBox", this.viewport.toString());
    }
    /** Show the whole board. */
    fit() {
      if (!this.board.width) return;
      this.viewport.fit(this.board.width, this.board.height);
      this.setViewBox();
    }
    /** Zoom by `factor` (below 1: in) about cell `cell`'s centre (null: the view's). */
    zoom(factor, cell = null) {
      const c = cell === null ? void 0 : this.board.geo?.centres[cell];
      this.viewport.zoomAt(factor, c?.[0], c?.[1]);
      this.setViewBox();
    }
    /** Pan so cell `cell` is on screen (drawn at once). */
    reveal(cell) {
      const c = cell === null ? void 0 : this.board.geo?.centres[cell];
      if (!c) return;
      const v = this.board.view();
      const shown = {
        x: v.x - v.ox / v.k,
        y: v.y - v.oy / v.k,
        w: this.canvas.clientWidth / v.k,
        h: this.canvas.clientHeight / v.k
      };
      if (this.viewport.reveal(c[0], c[1], shown, 30)) {
        this.setViewBox();
        this.board.draw();
      }
    }
  };

  // frontend/src/play/controller.ts
  var KEYS = {
    ArrowLeft: "left",
    ArrowRight: "right",
    ArrowUp: "up",
    ArrowDown: "down"
  };
  var ZOOM2 = 1.4;
  var BoardController = class {
    /** The keyboard has the board: the cursor shows. */
    focused = false;
    /** The column (board units) the up and down keys keep to. */
    anchorX;
    state;
    cells;
    page;
    /** The controller of the board of `state`, whose cells are `cells`, on `page`. */
    constructor(state, cells, page) {
      this.state = state;
      this.cells = cells;
      this.page = page;
    }
    /** A click (or tap) on cell `c` at time `started`: the cursor goes there, and it acts. */
    click(c, started) {
      this.state.cursor = c;
      if (!this.state.isHumanTurn()) {
        this.page.redrawMarks();
        this.page.describeCursor();
        return;
      }
      this.act(c, started);
    }
    /** Cell `c` chosen (a click, Enter): select it, or play the move it ends. */
    act(c, started) {
      const s = this.state;
      if (!s.view || !s.isHumanTurn()) return;
      const what = this.cells.click(c, s.selected);
      if ("move" in what) {
        this.page.sendMove(what.move, started);
        return;
      }
      s.selected = what.select;
      this.page.redrawMarks();
      this.page.showSelection(started);
    }
    /** The board took the focus; `byKeyboard`: the keyboard brought it (the cursor shows). */
    focus(byKeyboard) {
      this.focused = byKeyboard;
      const doc = this.state.view?.board;
      if (doc && hasCells(doc) && this.state.cursor === null)
        this.state.cursor = this.firstCursor(doc);
      if (this.focused) this.page.redrawMarks();
      this.page.describeCursor();
    }
    /** The board lost the focus. */
    blur() {
      if (!this.focused) return;
      this.focused = false;
      this.page.redrawMarks();
    }
    /** Key `key` pressed at time `started`; true if the page should not do its default. */
    key(key, started) {
      if (!this.focused && key !== "Tab") {
        this.focused = true;
        this.page.redrawMarks();
      }
      const s = this.state;
      const direction = KEYS[key];
      if (direction) {
        this.moveCursor(direction);
        return true;
      }
      if (key === "Enter" || key === " ") {
        this.enter(started);
        return true;
      }
      if (key === "Escape") {
        if (s.selected === null) return false;
        s.selected = null;
        this.page.redrawMarks();
        this.page.showSelection(null);
        return true;
      }
      if (key === "+" || key === "=") this.page.zoom(1 / ZOOM2);
      else if (key === "-") this.page.zoom(ZOOM2);
      else if (key === "0") this.page.fit();
      return false;
    }
    /** Enter or space: act on the cursor's cell (or put the cursor on the board first). */
    enter(started) {
      const s = this.state;
      const doc = s.view?.board;
      if (!doc || !hasCells(doc)) return;
      if (s.cursor === null) {
        this.moveCursor("left");
      } else if (!s.isHumanTurn()) {
        this.page.describeCursor(s.view?.over ? "The game is over." : "It is not your turn.");
      } else {
        this.act(s.cursor, started);
      }
    }
    /** Where the cursor starts: the selection, else the first cell a move starts from. */
    firstCursor(doc) {
      const s = this.state;
      if (s.selected !== null) return s.selected;
      const start = doc.moves.find((m) => m.path.length > 0);
      return start ? start.path[0] : 0;
    }
    /** Move the cursor one cell towards `direction` (onto the board if it is not on it). */
    moveCursor(direction) {
      const s = this.state;
      const doc = s.view?.board;
      const geo = this.cells.geo;
      if (!doc || !hasCells(doc) || !geo) return;
      const from = s.cursor ?? this.firstCursor(doc);
      const vertical = direction === "up" || direction === "down";
      if (!vertical || this.anchorX === void 0) this.anchorX = geo.centres[from]?.[0];
      s.cursor = s.cursor === null ? from : step(doc, geo, this.cells.index, from, direction, this.anchorX);
      if (!vertical) this.anchorX = void 0;
      this.page.revealCursor();
      this.page.redrawMarks();
      this.page.describeCursor();
    }
  };

  // frontend/src/play/state.ts
  var COLOUR_NAMES = ["red", "blue", "green", "orange", "purple", "teal", "pink", "olive"];
  var SHAPE_KEYS = ["kind", "rows", "cols", "offsets", "coords", "colours", "players"];
  var PlayState = class {
    view = null;
    you = { role: "watcher", seat: null };
    links = null;
    selected = null;
    cursor = null;
    /** The move number the replay shows (null: the game now). */
    replayAt = null;
    /** Every move of the game as pushed, ply by ply. */
    moveTexts = [];
    /** Whether this page may move for `player`: its own seat, or a human seat nobody took. */
    mayMove(player) {
      const view = this.view;
      if (view === null || view.seats[player]?.kind !== "human") return false;
      if (this.you.role === "seat") return this.you.seat === player;
      return this.you.role === "host" && view.taken[player] !== "seat";
    }
    /** Whether this page moves now (the game live, not over, a human's turn it may play). */
    isHumanTurn() {
      const v = this.view;
      return v !== null && this.replayAt === null && !v.over && !v.thinking && this.mayMove(v.to_move);
    }
    /** The paths of the last turn's moves (for the arrows). */
    lastPaths() {
      return (this.view?.last_turn ?? []).flatMap((m) => m.path ? [m.path] : []);
    }
    /**
     * Take an update: its delta applied to the board this page has (an error when there is
     * none), its moves appended; the selection cleared when a move was made.
     */
    apply(message) {
      const before = this.view;
      let board;
      let cells = null;
      let reshaped = true;
      const delta = message.delta;
      if (delta) {
        if (!before) throw new Error("an update changes a board this page does not have");
        const next = withDelta(before.board, delta);
        board = next.board;
        cells = next.changed;
        reshaped = SHAPE_KEYS.some((k) => k in delta.set) || delta.unset.some((k) => SHAPE_KEYS.includes(k));
      } else if (message.view.board) {
        board = message.view.board;
      } else {
        throw new Error("an update without a board or its changes");
      }
      const known = this.moveTexts.length;
      const rewound = message.from < known;
      this.moveTexts.length = Math.min(known, message.from);
      for (const m of message.moves) this.moveTexts[m.ply] = m.text;
      const view = { ...message.view, board };
      const changed = !before || view.version !== before.version || view.moves_made !== before.moves_made;
      const moved = before !== null && view.moves_made !== before.moves_made;
      if (message.you) this.you = message.you;
      this.links = message.links ?? null;
      this.view = view;
      if (moved) this.selected = null;
      const fresh = before === null ? [] : message.moves.filter((m) => m.ply >= known || rewound);
      return { moved, changed, cells, reshaped, fresh: rewound ? [] : fresh, rewound };
    }
    /** Player p's name: "player 1 (blue, AI label)" or "player 0 (red, human)". */
    playerName(p) {
      const seat = this.view?.seats[p];
      const who = !seat || seat.kind === "human" ? "human" : seat.label ?? "AI";
      return `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`;
    }
    /**
     * What a screen reader hears after an update: each new move ("player 1 (AI): 3->4"), a
     * roll's note, the game's end or that it is this page's turn.
     */
    announcement(applied) {
      const view = this.view;
      if (!view) return "";
      const parts = [];
      if (applied.rewound) parts.push(`The game went back to move ${view.moves_made}.`);
      for (const m of applied.fresh) {
        if (m.player < 0) parts.push(`${m.note ?? m.text}.`);
        else {
          const seat = view.seats[m.player];
          const who = seat?.kind === "ai" ? "AI" : this.mayMove(m.player) ? "you" : "human";
          parts.push(`Player ${m.player} (${who}): ${m.text}.`);
        }
      }
      if (!applied.moved && !applied.rewound) return parts.join(" ");
      if (view.over) {
        const w = view.winners;
        parts.push(w.length === 1 ? `Game over: player ${w[0]} wins.` : "Game over: a tie.");
      } else if (this.isHumanTurn()) {
        parts.push(`Your turn, player ${view.to_move}.`);
      }
      return parts.join(" ");
    }
  };

  // frontend/src/play/form.ts
  function optionField(opt) {
    const label = document.createElement("label");
    label.textContent = `${opt.name.replaceAll("_", " ")} `;
    label.title = opt.help;
    const input = document.createElement("input");
    input.name = opt.name;
    input.type = opt.type === "int" ? "number" : "text";
    input.dataset.option = opt.name;
    if (opt.type === "int") {
      input.step = "1";
      if (opt.min !== void 0) input.min = String(opt.min);
      if (opt.max !== void 0) input.max = String(opt.max);
    }
    if (opt.default !== null && opt.default !== void 0) input.value = String(opt.default);
    const help = document.createElement("small");
    help.className = "note";
    help.textContent = ` ${opt.help}`;
    label.append(input, help);
    return label;
  }
  function find(root, selector) {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`the page has no ${selector}`);
    return found;
  }
  function setupForm(games, typed = {}) {
    find(document, "#newgame").hidden = false;
    const gameSel = find(document, "#f-game");
    const box = find(document, "#f-options");
    const seatBox = find(document, "#f-seats");
    for (const [name, g] of Object.entries(games)) {
      gameSel.add(new Option(`${name}: ${g.summary}`, name));
      const set = document.createElement("div");
      set.dataset.game = name;
      for (const opt of g.options) set.append(optionField(opt));
      if (!g.options.length) set.textContent = "(no options)";
      box.append(set);
    }
    const game = () => games[gameSel.value];
    const current = () => box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
    const players = () => {
      const field = current()?.querySelector("[data-option=players]");
      const n = field ? Number(field.value) : game().players;
      return Math.max(1, Math.min(8, n || game().players));
    };
    const seats = () => {
      const old = Array.from(seatBox.querySelectorAll("select")).map((s) => s.value);
      seatBox.replaceChildren();
      for (let p = 0; p < players(); p++) {
        const label = document.createElement("label");
        label.className = `seat p${p}`;
        label.textContent = `Player ${p} (${COLOUR_NAMES[p]}) `;
        const sel = document.createElement("select");
        for (const choice of game().agents) sel.add(new Option(choice.label, choice.value));
        const was = old[p];
        const keep = was !== void 0 && Array.from(sel.options).some((o) => o.value === was);
        sel.value = keep ? was : p === 0 ? "human" : "ai";
        label.append(sel);
        seatBox.append(label);
      }
    };
    const toggle = () => {
      for (const set of box.querySelectorAll("[data-game]")) {
        const on = set === current();
        set.hidden = !on;
        for (const input of set.querySelectorAll("input")) input.disabled = !on;
      }
      find(document, "#f-summary").textContent = `Moves: ${game().notation || "see the buttons"}`;
      seats();
    };
    gameSel.addEventListener("change", toggle);
    box.addEventListener("input", (e) => {
      if (e.target.dataset.option === "players") seats();
    });
    find(document, "#newgame-form").addEventListener("submit", () => {
      find(document, "#f-seats-value").value = Array.from(
        seatBox.querySelectorAll("select")
      ).map((s) => s.value).join(",");
      for (const input of box.querySelectorAll("input"))
        if (input.value === "") input.disabled = true;
    });
    restore(typed, gameSel, box, seatBox);
    toggle();
    const seatsTyped = typed.seats?.split(",") ?? [];
    seatBox.querySelectorAll("select").forEach((sel, p) => {
      const want = seatsTyped[p];
      if (want !== void 0 && Array.from(sel.options).some((o) => o.value === want))
        sel.value = want;
    });
  }
  function restore(typed, gameSel, box, seatBox) {
    const game = typed.game;
    if (game === void 0) return;
    if (Array.from(gameSel.options).some((o) => o.value === game)) gameSel.value = game;
    const set = box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
    for (const input of set?.querySelectorAll("input[data-option]") ?? []) {
      const value = typed[input.dataset.option ?? ""];
      if (value !== void 0) input.value = value;
    }
    const form = seatBox.closest("form");
    for (const name of ["ai", "speed"]) {
      const sel = form?.querySelector(`select[name=${name}]`);
      const value = typed[name];
      if (sel && value !== void 0 && Array.from(sel.options).some((o) => o.value === value))
        sel.value = value;
    }
  }
  function typedFields(text) {
    try {
      const data = JSON.parse(text || "{}");
      if (!data || typeof data !== "object" || Array.isArray(data)) return {};
      const out = {};
      for (const [k, v] of Object.entries(data)) if (typeof v === "string") out[k] = v;
      return out;
    } catch {
      return {};
    }
  }

  // frontend/src/play/hooks.ts
  function measure(name, start) {
    const m = performance.measure(name, { start, end: performance.now() });
    window.lazytree.timings.push({ name, ms: m.duration });
    requestAnimationFrame(
      () => setTimeout(() => {
        const p = performance.measure(`${name}-painted`, { start, end: performance.now() });
        window.lazytree.timings.push({ name: `${name}-painted`, ms: p.duration });
      }, 0)
    );
  }

  // frontend/src/play/notation.ts
  function loose(text) {
    return text.replace(/\s+/g, "").toLowerCase();
  }
  function completions(moves, typed, limit = 50) {
    const want = loose(typed);
    const starts = [];
    const contains = [];
    const seen = /* @__PURE__ */ new Set();
    for (const { move } of moves) {
      if (seen.has(move)) continue;
      const text = loose(move);
      if (text.startsWith(want)) {
        starts.push(move);
        seen.add(move);
        if (starts.length >= limit) break;
      } else if (want && contains.length < limit && text.includes(want)) {
        contains.push(move);
        seen.add(move);
      }
    }
    return [...starts, ...contains].slice(0, limit);
  }
  function checkMove(doc, typed) {
    const text = typed.trim();
    if (!text) return { error: "type a move first" };
    const exact = doc.moves.find((m) => m.move === text);
    if (exact) return { move: exact.move };
    const want = loose(text);
    const found = doc.moves.filter((m) => loose(m.move) === want);
    if (found.length === 1) return { move: found[0].move };
    if (doc.more) return { move: text };
    const examples = doc.moves.slice(0, 3).map((m) => m.move);
    const like = examples.length ? `: legal moves look like ${examples.join(", ")}` : "";
    return { error: `${text} is not a legal move here${like}` };
  }

  // frontend/src/play/movebox.ts
  var COMPLETIONS = 50;
  var MoveBox = class {
    constructor(state, sendMove) {
      this.state = state;
      this.sendMove = sendMove;
      must("#move-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.play();
      });
      this.input.addEventListener("input", () => {
        this.error("");
        this.complete(this.state.isHumanTurn() ? this.input.value : null);
      });
    }
    state;
    sendMove;
    /** The text of the move sent from the box (its errors are shown there), or null. */
    typed = null;
    input = must("#move-input");
    /** Show `text` as the box's error ("": none). */
    error(text) {
      const box = must("#move-error");
      box.textContent = text;
      box.hidden = !text;
    }
    /** Show the box as the state's view asks (hidden for a watcher, its hint, its title). */
    render() {
      const s = this.state;
      const view = s.view;
      const input = this.input;
      const can = s.isHumanTurn();
      must("#move-form").hidden = s.you.role === "watcher";
      must("[data-action=play-move]").disabled = !can;
      const moves = view?.board.moves ?? [];
      const example = moves.find((m) => m.path.length > 0) ?? moves[0];
      must("#move-hint").textContent = view ? "In the game's notation; Enter plays it." : "";
      input.placeholder = can && example ? `e.g. ${example.move}` : "";
      input.title = can ? `${moves.length + (view?.board.more ?? 0)} legal moves` : view?.over ? "the game is over" : "not your turn";
      this.complete(can ? input.value : null);
    }
    /**
     * The typed move was made: the box is emptied, unless something else was typed since
     * (the confirmation can come after the update, while the next move is being typed).
     */
    done() {
      if (this.typed !== null && this.input.value === this.typed) this.input.value = "";
      this.typed = null;
    }
    /** Offer the legal moves that complete `typed` (null: none). */
    complete(typed) {
      const list = must("#move-options");
      const moves = typed === null ? [] : this.state.view?.board.moves ?? [];
      const options = completions(moves, typed ?? "", COMPLETIONS).map((text) => {
        const option = document.createElement("option");
        option.value = text;
        return option;
      });
      list.replaceChildren(...options);
    }
    /** Send the typed move, or say why not. */
    play() {
      const s = this.state;
      if (!s.view || !s.isHumanTurn()) {
        this.error(s.view?.over ? "the game is over" : "it is not your turn");
        return;
      }
      const checked = checkMove(s.view.board, this.input.value);
      if ("error" in checked) {
        this.error(checked.error);
        return;
      }
      this.error("");
      this.typed = this.input.value;
      if (!this.sendMove(checked.move)) this.typed = null;
    }
  };

  // frontend/src/play/replay.ts
  function replayTarget(k, total) {
    const at = Math.max(0, Math.min(Math.trunc(k), total));
    return at === total ? null : at;
  }
  function replayStep(at, total, step2) {
    return replayTarget((at ?? total) + step2, total);
  }
  function replayButtons(at, total) {
    const k = at ?? total;
    return { prev: k > 0, next: at !== null };
  }
  function replayCaption(at, total, move) {
    if (at === null) return total ? `move ${total} of ${total}` : "";
    const what = move ? `: ${move.player >= 0 ? `player ${move.player} ` : ""}${move.note || move.text}` : "";
    return `replay: move ${at} of ${total}${what}`;
  }

  // frontend/src/play/panel.ts
  var MANY_MOVES = 24;
  function replaceIfChanged(box, nodes) {
    const sign = (n) => n instanceof HTMLElement ? `${n.tagName}|${n.className}|${n.dataset.move ?? ""}|${n.textContent}` : `#${n.textContent}`;
    const now = Array.from(box.childNodes, sign);
    const next = nodes.map(sign);
    if (now.length === next.length && now.every((s, i) => s === next[i])) return;
    box.replaceChildren(...nodes);
  }
  function playerName(view, p) {
    const seat = view.seats[p];
    const who = !seat || seat.kind === "human" ? "human" : seat.label ?? "AI";
    return [
      el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
      `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`
    ];
  }
  function positionBookText(s) {
    if (!s.position_book_hits) return [];
    const which = s.position_book_hits === s.moves ? s.moves === 1 ? "" : ": every move" : `: ${s.position_book_hits} of ${s.moves} moves`;
    return [
      " · ",
      el(
        "span",
        { dataset: { role: "position-book", positionBook: "hit" } },
        `position book hit${which}`
      )
    ];
  }
  function renderMoves(state) {
    const box = must("#moves");
    const view = state.view;
    if (!view || !state.isHumanTurn()) {
      box.replaceChildren();
      box.setAttribute("aria-label", "Moves");
      return;
    }
    const b = view.board;
    if (!hasCells(b)) {
      replaceIfChanged(box, moveButtonNodes(b));
      box.setAttribute("aria-label", "Moves");
      return;
    }
    const many = b.moves.length > MANY_MOVES;
    const selected = state.selected;
    const shown = b.moves.filter((m) => !many || m.path.length === 0 || m.path[0] === selected);
    const nodes = shown.map((m) => moveButton(m.move));
    if (many && selected === null) {
      nodes.push(
        el(
          "span",
          { className: "note" },
          ` ${b.moves.length} moves: select a cell to list its moves`
        )
      );
    }
    if (b.more) nodes.push(el("span", { className: "lt-more-moves" }, `and ${b.more} more moves`));
    replaceIfChanged(box, nodes);
    box.setAttribute(
      "aria-label",
      selected === null ? "Moves" : `Moves from ${describeCell(b, selected).split(",")[0]}: ${movesFrom(b, selected).length}`
    );
  }
  function renderWho(state) {
    const { you, links } = state;
    const view = state.view;
    let who;
    if (you.role === "seat" && you.seat !== null)
      who = ["You play ", ...playerName(view, you.seat), "."];
    else if (you.role === "host") who = ["Your game: you play the human seats nobody else took."];
    else who = ["You are watching this game."];
    must("#who").replaceChildren(...who);
    const box = must("#links");
    box.hidden = !links;
    if (!links) return;
    const origin = window.location.origin;
    const abs = (url) => new URL(url, origin).href;
    const safe = (url) => new URL(url, origin).origin === origin ? abs(url) : "#";
    const items = links.seats.map(
      (l) => el(
        "div",
        { className: "seat-link" },
        el("span", { className: `swatch p${l.seat}`, "aria-hidden": "true" }),
        `player ${l.seat}${l.mine ? " (yours)" : ""}: `,
        el("a", { dataset: { seatLink: String(l.seat) }, href: safe(l.url) }, abs(l.url))
      )
    );
    items.push(
      el(
        "div",
        { className: "seat-link" },
        "watchers: ",
        el("a", { dataset: { watchLink: "" }, href: safe(links.watch) }, abs(links.watch))
      )
    );
    must("#link-list").replaceChildren(...items);
    must("summary", box).textContent = you.role === "host" ? "Invite: send each friend their seat's link" : "Your seat's link (keep it to yourself)";
  }
  function renderProgress(state) {
    const view = state.view;
    const p = view.progress;
    const progress = [];
    const thinking = (...parts) => el("span", { dataset: { role: "thinking" } }, ...parts);
    if (view.waiting) {
      progress.push(
        thinking(
          ...playerName(view, view.to_move),
          " waits for a free AI (the server runs a few at once)"
        )
      );
    } else if (p) {
      progress.push(
        thinking(
          ...playerName(view, p.player),
          ` is thinking: depth ${p.depth ?? "-"}, ${Number(p.nodes).toLocaleString()} nodes forced, ${Number(p.seconds).toFixed(1)} s`
        )
      );
    } else if (view.last_search) {
      const s = view.last_search;
      progress.push(
        `AI's last turn: ${s.moves} moves, searched up to depth ${s.depth ?? "end"}, ${Number(s.nodes).toLocaleString()} nodes forced${s.stopped === "stop" ? " (stopped by you)" : ""}`,
        ...positionBookText(s),
        " · ",
        el(
          "a",
          {
            href: `/explore/ai/${encodeURIComponent(view.id)}`,
            target: "_blank",
            rel: "noopener",
            dataset: { action: "explore" }
          },
          "explore its last search"
        )
      );
    }
    const note = view.position_book?.note;
    if (note) {
      progress.push(
        el("br"),
        el("span", { className: "note", dataset: { role: "position-book-note" } }, String(note))
      );
    }
    if (view.error) progress.push(el("br"), el("span", { className: "error" }, String(view.error)));
    const rolls = view.log.filter((m) => m.note);
    if (rolls.length) {
      progress.push(
        el(
          "div",
          { dataset: { role: "rolls" } },
          rolls.slice(-4).map((m) => el("div", { className: "roll" }, `⚄ ${m.note}`))
        )
      );
    }
    must("#progress").replaceChildren(...progress);
  }
  function renderReplayBar(state) {
    const view = state.view;
    const range = must("[data-action=replay]");
    range.max = String(view.moves_made);
    if (state.replayAt === null) range.value = String(view.moves_made);
    must("[data-action=replay-live]").hidden = state.replayAt === null;
    const can = replayButtons(state.replayAt, view.moves_made);
    must("[data-action=replay-prev]").disabled = !can.prev;
    must("[data-action=replay-next]").disabled = !can.next;
    if (state.replayAt === null)
      must("#replay-text").textContent = replayCaption(null, view.moves_made);
  }
  function button(action) {
    return must(`[data-action=${action}]`);
  }
  function renderPanel(state, sessionId) {
    const view = state.view;
    const b = view.board;
    must("#title").textContent = `${view.game} ${Object.entries(view.options).map(([k, v]) => `${k}=${v}`).join(" ")}`;
    renderWho(state);
    let status;
    const human = state.isHumanTurn();
    if (view.over) {
      const w = view.winners;
      status = w.length === 1 ? ["Game over: ", ...playerName(view, w[0]), " wins."] : [`Game over: a tie between players ${w.join(", ")}.`];
    } else {
      status = [`Turn ${view.turn}: `, ...playerName(view, view.to_move), " to move."];
      if (human && b.kind === "text") status.push(" Choose a move below or type it.");
      else if (human) {
        status.push(
          state.selected === null ? " Click an outlined cell, or type a move." : " Click a highlighted cell to move there."
        );
      } else if (view.seats[view.to_move]?.kind === "human" && !view.thinking) {
        status.push(" Waiting for their move.");
      }
    }
    for (const note of b.notes ?? []) status.push(el("br"), String(note));
    const statusBox = must("#status");
    statusBox.replaceChildren(...status);
    statusBox.dataset.toMove = String(view.to_move);
    const scores = [];
    if (b.score) {
      b.score.values.forEach((n, p) => {
        scores.push(
          el(
            "span",
            { className: "score" },
            el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
            `player ${p}: ${n}`
          ),
          " "
        );
      });
      scores.push(String(b.score.name));
    }
    must("#scores").replaceChildren(...scores);
    const controls = state.you.role !== "watcher";
    const host = state.you.role === "host";
    must("[data-action=speed]").closest("label")?.toggleAttribute("hidden", !host);
    button("stop").hidden = !controls;
    button("undo").hidden = !host;
    button("redo").hidden = !host;
    button("stop").disabled = !view.can_stop;
    button("stop").title = view.thinking && !view.can_stop ? "the book's AI searches a fixed depth: it has no shallower move to play now" : "";
    const aiIdle = !view.over && !view.thinking && view.seats[view.to_move]?.kind === "ai";
    button("ai").hidden = !aiIdle || !controls;
    button("undo").disabled = !view.can_undo;
    button("redo").disabled = !view.can_redo;
    must("[data-action=speed]").value = String(view.delay);
    renderProgress(state);
    renderMoves(state);
    renderReplayBar(state);
    const log = must("#log");
    const first = view.moves_made - view.log.length;
    log.replaceChildren(
      ...view.log.map((m, i) => {
        const li = document.createElement("li");
        li.value = first + i + 1;
        li.className = m.player >= 0 ? `p${m.player}` : "chance";
        li.textContent = m.note || (m.player >= 0 ? `player ${m.player}: ${m.text}` : m.text);
        return li;
      })
    );
    log.scrollTop = log.scrollHeight;
    must("#save").href = `/api/sessions/${sessionId}/save`;
  }

  // frontend/src/play/page.ts
  var GamePage = class {
    constructor(sessionId, seatToken) {
      this.sessionId = sessionId;
      this.seatToken = seatToken;
      this.moveBox = new MoveBox(this.state, (move) => this.sendMove(move));
      this.controller = new BoardController(this.state, this.board, {
        redrawMarks: () => this.redrawMarks(),
        describeCursor: (text) => this.describeCursor(text),
        showSelection: (started) => {
          renderPanel(this.state, this.sessionId);
          this.moveBox.render();
          this.describeCursor();
          if (started !== null) measure("select", started);
        },
        sendMove: (move, started) => this.sendMove(move, started),
        revealCursor: () => this.shown.reveal(this.state.cursor),
        zoom: (factor) => {
          this.shown.zoom(factor, this.state.cursor);
          this.shown.reveal(this.state.cursor);
        },
        fit: () => this.shown.fit()
      });
      this.connection = openService(
        sessionId,
        {
          hello: () => ({
            ply: this.state.view ? this.state.view.moves_made : 0,
            seat: seatToken,
            epoch: this.state.view ? this.state.view.epoch : -1
          }),
          message: (message) => this.onMessage(message),
          status: (text) => this.setConnection(text),
          closed: () => {
            this.busy = false;
          }
        },
        (path, body) => api(path, body, seatToken, sessionId),
        this.app.dataset
      );
      this.wire();
    }
    sessionId;
    seatToken;
    state = new PlayState();
    app = must("#app");
    shown = new BoardView();
    canvas = this.shown.canvas;
    board = this.shown.board;
    connection;
    controller;
    moveBox;
    busy = false;
    connectedAt = null;
    pendingMove = null;
    start() {
      must("#game").hidden = false;
      this.connectedAt = performance.now();
      this.connection.connect();
      if (this.connection.local) return;
      const seat = this.seatToken ? `&seat=${encodeURIComponent(this.seatToken)}` : "";
      history.replaceState(null, "", `/play?session=${this.sessionId}${seat}`);
    }
    // -- the server ------------------------------------------------------------------------
    async api(path, body) {
      return this.connection.request(path, body);
    }
    onMessage(message) {
      if (message.type === "update") {
        this.onUpdate(message);
      } else if (message.type === "progress") {
        if (!this.state.view) return;
        this.state.view.progress = message.progress;
        this.state.view.waiting = message.waiting;
        renderProgress(this.state);
      } else if (message.type === "error") {
        if (this.moveBox.typed !== null) this.moveBox.error(message.error);
        else showError(message.error);
        this.moveBox.typed = null;
        this.busy = false;
      } else if (message.type === "confirmed") {
        this.moveBox.done();
        this.busy = false;
      }
    }
    onUpdate(message) {
      const t0 = performance.now();
      const first = this.state.view === null;
      let applied;
      try {
        applied = this.state.apply(message);
      } catch {
        this.connection.abort("no board to change");
        return;
      }
      if (first && this.connectedAt !== null) measure("fetch", this.connectedAt);
      window.lazytree.moves = this.state.moveTexts;
      if (applied.moved) {
        this.busy = false;
        this.moveBox.done();
        showError("");
        this.moveBox.error("");
      }
      this.render(t0, applied);
      const said = this.state.announcement(applied);
      if (said) this.announce(said);
      if (applied.changed && applied.moved && this.pendingMove !== null) {
        measure("move", this.pendingMove);
        this.pendingMove = null;
      }
    }
    setConnection(text) {
      const box = must("#connection");
      box.textContent = text;
      box.hidden = !text;
      this.app.dataset.connected = text ? "false" : "true";
    }
    announce(text) {
      const box = must("#announce");
      const line = document.createElement("p");
      line.textContent = text;
      box.replaceChildren(line);
    }
    sendMove(move, started) {
      if (this.busy || !this.connection.open) {
        if (!this.connection.exists)
          showError("not connected: the move was not sent (the page reconnects)");
        return false;
      }
      this.busy = true;
      this.pendingMove = started ?? performance.now();
      this.connection.send({ move });
      return true;
    }
    async send(path, body) {
      if (this.busy) return;
      this.busy = true;
      try {
        await this.api(`${this.sessionId}/${path}`, body ?? {});
        showError("");
      } catch (e) {
        showError(e.message);
      } finally {
        this.busy = false;
      }
    }
    /**
     * The AI's last search in a new window, its explorer page made by the game service (the
     * site's worker: no server has it). The window is opened during the click, as browsers
     * ask; the page is a blob of the site's origin, so the play page's policy allows it.
     */
    exploreHere() {
      const opened = window.open("", "_blank");
      if (!opened) {
        showError("the browser blocked the explorer's window: allow this page's pop-ups");
        return;
      }
      this.connection.request(`${this.sessionId}/explore/ai`).then(
        ({ html }) => {
          const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
          opened.location.href = url;
          setTimeout(() => URL.revokeObjectURL(url), 6e4);
        },
        (error) => {
          opened.close();
          showError(error.message);
        }
      );
    }
    // -- drawing ---------------------------------------------------------------------------
    markOptions(interactive) {
      const s = this.state;
      return {
        selected: interactive ? s.selected : null,
        last: s.replayAt === null ? s.lastPaths() : [],
        interactive,
        cursor: this.controller.focused ? s.cursor : null
      };
    }
    /** Draw `doc`: whole, or only `changed` cells (and marks) when it is the board drawn. */
    drawBoard(doc, interactive, changed) {
      if (this.shown.isNew(doc)) this.state.cursor = null;
      const game = this.state.view?.game ?? "game";
      this.shown.draw(doc, this.markOptions(interactive), changed ?? null, game);
    }
    /** Redraw the marks (selection, cursor) of the board drawn, only the cells they change. */
    redrawMarks() {
      const view = this.state.view;
      if (!view || this.state.replayAt !== null || !hasCells(view.board)) return;
      this.board.update(view.board, this.markOptions(this.state.isHumanTurn()));
    }
    render(started, applied) {
      const t0 = started ?? performance.now();
      const s = this.state;
      const view = s.view;
      const human = s.isHumanTurn();
      if (s.replayAt === null) {
        const incremental = applied && applied.cells !== null && !applied.reshaped ? applied.cells : null;
        this.drawBoard(view.board, human, incremental);
      }
      this.canvas.classList.toggle("your-turn", human);
      const data = this.app.dataset;
      data.version = String(view.version);
      data.toMove = String(view.to_move);
      data.thinking = String(view.thinking);
      data.over = String(view.over);
      data.moves = String(view.moves_made);
      data.ply = String(view.moves_made);
      data.role = s.you.role;
      renderPanel(s, this.sessionId);
      this.moveBox.render();
      this.describeCursor();
      window.lazytree.view = view;
      window.lazytree.ready = true;
      measure(`draw-${view.board.kind}`, t0);
    }
    // -- the cursor ------------------------------------------------------------------------
    /** Say what is under the cursor (or `text` instead), and mark its cell for the tests. */
    describeCursor(text) {
      const s = this.state;
      const box = must("#board-cursor");
      if (text !== void 0) {
        box.textContent = text;
        return;
      }
      if (s.cursor === null) delete this.canvas.dataset.cursor;
      else this.canvas.dataset.cursor = String(s.cursor);
      const doc = s.view?.board;
      if (!doc || !hasCells(doc) || s.cursor === null || s.replayAt !== null) {
        box.textContent = this.controller.focused && doc && hasCells(doc) ? "No cell under the cursor." : "";
        return;
      }
      const marks = this.board.marks.get(s.cursor);
      const what = describeCell(doc, s.cursor, marks);
      const moves = s.isHumanTurn() ? movesFrom(doc, s.cursor).length : 0;
      box.textContent = `Cursor: ${what}${moves ? `; ${moves} moves from here` : ""}.`;
    }
    // -- replay ----------------------------------------------------------------------------
    async showReplay(k) {
      const s = this.state;
      const view = s.view;
      if (!view) return;
      if (k === null) {
        s.replayAt = null;
        s.selected = null;
        this.app.removeAttribute("data-replay");
        this.render();
        return;
      }
      s.replayAt = k;
      try {
        const at = await this.api(`${this.sessionId}/at/${k}`);
        if (s.replayAt !== k) return;
        this.drawBoard(at.board, false);
        this.app.dataset.replay = String(k);
        must("#replay-text").textContent = replayCaption(k, at.moves_made, at.move);
        must("[data-action=replay]").value = String(k);
        renderPanel(s, this.sessionId);
        this.moveBox.render();
        this.describeCursor();
      } catch (e) {
        showError(e.message);
      }
    }
    // -- wiring ----------------------------------------------------------------------------
    wire() {
      const canvas = this.canvas;
      canvas.addEventListener("click", (e) => {
        if (this.shown.gestures.dragged || !this.state.view) return;
        const c = this.board.cellAt(e);
        if (c !== null) this.controller.click(c, e.timeStamp);
      });
      canvas.addEventListener("keydown", (e) => {
        if (this.controller.key(e.key, e.timeStamp)) e.preventDefault();
      });
      canvas.addEventListener("focus", () => this.controller.focus(canvas.matches(":focus-visible")));
      canvas.addEventListener("blur", () => this.controller.blur());
      const on = (action, f, type = "click") => must(`[data-action=${action}]`).addEventListener(type, f);
      on("ai", () => void this.send("ai"));
      on("stop", () => {
        this.api(`${this.sessionId}/stop`, {}).catch((e) => showError(e.message));
      });
      on("undo", () => void this.send("undo"));
      on("redo", () => void this.send("redo"));
      on(
        "speed",
        (e) => {
          const delay = Number(e.target.value);
          this.api(`${this.sessionId}/speed`, { delay }).catch(
            (err) => showError(err.message)
          );
        },
        "change"
      );
      on("load-file", (e) => void loadFile(e, this.seatToken), "change");
      must("#progress").addEventListener("click", (e) => {
        const link = e.target.closest("[data-action=explore]");
        if (!link || !this.connection.local) return;
        e.preventDefault();
        this.exploreHere();
      });
      must("#moves").addEventListener("click", (e) => {
        const button2 = e.target.closest("[data-move]");
        const move = button2?.dataset.move;
        if (move !== void 0) this.sendMove(move);
      });
      const total = () => this.state.view?.moves_made ?? 0;
      on(
        "replay",
        (e) => void this.showReplay(replayTarget(Number(e.target.value), total())),
        "input"
      );
      on("replay-prev", () => void this.showReplay(replayStep(this.state.replayAt, total(), -1)));
      on("replay-next", () => void this.showReplay(replayStep(this.state.replayAt, total(), 1)));
      on("replay-live", () => void this.showReplay(null));
      window.addEventListener("pagehide", () => this.connection.close());
      window.addEventListener("pageshow", (e) => {
        if (e.persisted && !this.connection.exists) this.connection.connect();
      });
    }
  };
  function main() {
    window.lazytree = { timings: [], view: null, ready: false };
    const app = must("#app");
    const sessionId = app.dataset.session ?? "";
    const seatToken = app.dataset.seat || null;
    showError(app.dataset.error ?? "");
    if (sessionId) {
      new GamePage(sessionId, seatToken).start();
    } else {
      setupForm(JSON.parse(app.dataset.games ?? "{}"), typedFields(app.dataset.typed));
      must("[data-action=load-file-home]").addEventListener("change", (e) => void loadFile(e, null));
    }
  }
  main();
})();
