// lazytree play page: the new-game form, or one game drawn from what the server pushes.
// The board is the game's `board` (a lazytree-board/1 document) drawn by boards.js,
// the renderer the explorer uses too. A game page holds a WebSocket on /ws/GAME (see
// lazytree/server/live.py): it says hello with the moves it has (data-ply) and its seat's
// token, is sent every change at once, sends its moves over it, and reconnects with
// back-off when the connection drops. Every text from the server is inserted as text
// (textContent, elements built by el()), never as markup.
import { Board, moveButton, moveButtonNodes, textBoard } from "/lib/boards.js";

const $ = (sel) => document.querySelector(sel);
const app = $("#app");
const sessionId = app.dataset.session;
const seatToken = app.dataset.seat || null;
const NAMES = ["red", "blue", "green", "orange", "purple", "teal", "pink", "olive"];

// Timings the browser test reads (Performance API measures, in milliseconds).
window.lazytree = { timings: [], view: null, ready: false };
function measure(name, start) {
  const m = performance.measure(name, { start, end: performance.now() });
  window.lazytree.timings.push({ name, ms: m.duration });
  // and once the browser has laid out and painted the change (the next frame)
  requestAnimationFrame(() => setTimeout(() => {
    const p = performance.measure(`${name}-painted`, { start, end: performance.now() });
    window.lazytree.timings.push({ name: `${name}-painted`, ms: p.duration });
  }, 0));
}

// An element: its attributes (`dataset` keys as data-*) and its children, strings as
// text nodes (never parsed as markup).
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "className") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== ""));
  return node;
}

function showError(message) {
  const el = $("#error");
  el.textContent = message || "";
  el.hidden = !message;
}

async function api(path, body) {
  const headers = seatToken ? { "X-Lazytree-Seat": seatToken } : {};
  const options = body === undefined ? { headers } : {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(`/api/sessions/${path}`, options);
  // a response carrying a board arrived (boards.js marks lazytree:board-drawn once drawn)
  if (path === sessionId || /\/(move|ai|undo|redo)$/.test(path)) performance.mark("lazytree:board-data");
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

// -- the new-game form ------------------------------------------------------------------
// Every registered game, with its options as form fields (app.dataset.games: the
// server's lazytree.server.app.game_forms). Fields left empty are not sent: the game's
// default applies.
function optionField(game, opt) {
  const label = document.createElement("label");
  label.textContent = `${opt.name.replaceAll("_", " ")} `;
  label.title = opt.help;
  const input = document.createElement("input");
  input.name = opt.name;
  input.type = opt.type === "int" ? "number" : "text";
  input.dataset.option = opt.name;
  if (opt.default !== null && opt.default !== undefined) input.value = String(opt.default);
  const help = document.createElement("small");
  help.className = "note";
  help.textContent = ` ${opt.help}`;
  label.append(input, help);
  return label;
}

function setupForm() {
  $("#newgame").hidden = false;
  const games = JSON.parse(app.dataset.games);
  const gameSel = $("#f-game");
  const box = $("#f-options");
  for (const [name, g] of Object.entries(games)) {
    gameSel.add(new Option(`${name}: ${g.summary}`, name));
    const set = document.createElement("div");
    set.dataset.game = name;
    for (const opt of g.options) set.append(optionField(name, opt));
    if (!g.options.length) set.textContent = "(no options)";
    box.append(set);
  }
  const current = () => box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
  const players = () => {
    const field = current().querySelector("[data-option=players]");
    const n = field ? Number(field.value) : games[gameSel.value].players;
    return Math.max(1, Math.min(8, n || games[gameSel.value].players));
  };
  const seats = () => {
    const box = $("#f-seats");
    const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
    box.replaceChildren();
    for (let p = 0; p < players(); p++) {
      const label = document.createElement("label");
      label.className = `seat p${p}`;
      label.textContent = `Player ${p} (${NAMES[p]}) `;
      // the game's seat choices (the server's seat_choices: agents of the registry,
      // named as in lazytree play --seats and arena --players)
      const sel = document.createElement("select");
      for (const choice of games[gameSel.value].agents) sel.add(new Option(choice.label, choice.value));
      const keep = old[p] && Array.from(sel.options).some((o) => o.value === old[p]);
      sel.value = keep ? old[p] : (p === 0 ? "human" : "ai");
      label.append(sel);
      box.append(label);
    }
  };
  const toggle = () => {
    for (const set of box.querySelectorAll("[data-game]")) {
      const on = set === current();
      set.hidden = !on;
      for (const input of set.querySelectorAll("input")) input.disabled = !on;
    }
    $("#f-summary").textContent = `Moves: ${games[gameSel.value].notation || "see the buttons"}`;
    seats();
  };
  gameSel.addEventListener("change", toggle);
  box.addEventListener("input", (e) => { if (e.target.dataset.option === "players") seats(); });
  $("#newgame-form").addEventListener("submit", () => {
    $("#f-seats-value").value = Array.from($("#f-seats").querySelectorAll("select")).map((s) => s.value).join(",");
    for (const input of box.querySelectorAll("input")) if (input.value === "") input.disabled = true;
  });
  toggle();
  $("[data-action=load-file-home]").addEventListener("change", loadFile);
}

async function loadFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const text = await file.text();
    let data;
    try { data = JSON.parse(text); } catch (e) { throw new Error(`${file.name} is not JSON: ${e.message}`); }
    const made = await api("load", data);
    window.location.href = made.url;
  } catch (e) {
    showError(`cannot load ${file.name}: ${e.message}`);
  }
}

// -- the game ---------------------------------------------------------------------------
let view = null;
let you = { role: "watcher", seat: null };
let links = null;
let selected = null;
let board = null;
let busy = false;
let socket = null;
let retry = 0;            // reconnection attempts since the last good connection
let connectedAt = null;   // when the first connection began (the "fetch" timing)
let pendingMove = null;   // when this page's last move was sent (the "move" timing)
let replayAt = null;      // the move number the replay shows (null: the game now)
let moveTexts = [];       // every move of the game, as pushed (ply by ply)
const svg = $("#board");
const viewBox = { x: 0, y: 0, w: 100, h: 100 };
const MANY_MOVES = 24;    // more legal moves than this: the panel lists the selected cell's

function setViewBox() {
  svg.setAttribute("viewBox", `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`);
}

function fit() {
  if (!board) return;
  Object.assign(viewBox, { x: 0, y: 0, w: board.width, h: board.height });
  setViewBox();
}

function zoom(factor, cx, cy) {
  const x = cx ?? viewBox.x + viewBox.w / 2, y = cy ?? viewBox.y + viewBox.h / 2;
  const w = Math.max(60, Math.min(viewBox.w * factor, (board ? board.width : 100) * 4));
  const k = w / viewBox.w;
  viewBox.x = x - (x - viewBox.x) * k;
  viewBox.y = y - (y - viewBox.y) * k;
  viewBox.w = w;
  viewBox.h *= k;
  setViewBox();
}

function svgPoint(event) {
  const r = svg.getBoundingClientRect();
  const scale = Math.max(viewBox.w / r.width, viewBox.h / r.height);
  // preserveAspectRatio xMidYMid meet: the drawing is centred in the element
  const ox = (r.width * scale - viewBox.w) / 2, oy = (r.height * scale - viewBox.h) / 2;
  return [viewBox.x - ox + (event.clientX - r.left) * scale, viewBox.y - oy + (event.clientY - r.top) * scale, scale];
}

// whether this page may move for `player`: its own seat, or (the host's page) a human
// seat nobody else took
function mayMove(player) {
  if (view.seats[player].kind !== "human") return false;
  if (you.role === "seat") return you.seat === player;
  return you.role === "host" && view.taken[player] !== "seat";
}

function isHumanTurn() {
  return view && replayAt === null && !view.over && !view.thinking && mayMove(view.to_move);
}

function lastPaths() {
  return view.last_turn.filter((m) => m.path).map((m) => m.path);
}

function drawBoard(b, interactive) {
  const text = b.kind === "text";
  svg.toggleAttribute("hidden", text);
  $(".zoom").hidden = text;
  $("#text-board").hidden = !text;
  if (text) {
    $("#text-board").replaceChildren(textBoard(b));
    return;
  }
  if (!board) board = new Board(svg);
  const fresh = board.key !== board.shapeKey(b);
  board.render(b, {
    selected: interactive ? selected : null,
    last: replayAt === null ? lastPaths() : [],
    interactive,
    onSelect: (cell) => { selected = cell; renderMoves(); },
  });
  if (fresh) fit();
}

function render(started) {
  const t0 = started ?? performance.now();
  if (replayAt === null) drawBoard(view.board, isHumanTurn());
  svg.classList.toggle("your-turn", isHumanTurn());
  app.dataset.version = view.version;
  app.dataset.toMove = view.to_move;
  app.dataset.thinking = view.thinking;
  app.dataset.over = view.over;
  app.dataset.moves = view.moves_made;
  app.dataset.ply = view.moves_made;
  app.dataset.role = you.role;
  renderSide();
  window.lazytree.view = view;
  window.lazytree.ready = true;
  measure(`draw-${view.board.kind}`, t0);
}

// a player's swatch and name (nodes: the seat's label is text from the server)
function playerName(p) {
  const seat = view.seats[p];
  return [el("span", { className: `swatch p${p}` }), `player ${p} (${NAMES[p]}, ${seat.kind === "human" ? "human" : seat.label})`];
}

// serve --book: say when the AI's moves came from the position book (no search at all)
function bookText(s) {
  if (!s.book_hits) return [];
  const which = s.book_hits === s.moves ? (s.moves === 1 ? "" : ": every move") : `: ${s.book_hits} of ${s.moves} moves`;
  return [" · ", el("span", { dataset: { role: "book", book: "hit" } }, `book hit${which}`)];
}

// the legal moves of this page's player as buttons (data-move): all of them when they are
// few, else those of the selected cell and the moves no click makes (pass)
function renderMoves() {
  const box = $("#moves");
  if (!view || !isHumanTurn()) { box.replaceChildren(); return; }
  const b = view.board;
  if (b.kind === "text") { box.replaceChildren(...moveButtonNodes(b)); return; }
  const many = b.moves.length > MANY_MOVES;
  const shown = b.moves.filter((m) => !many || m.path.length === 0 || m.path[0] === selected);
  const nodes = shown.map((m) => moveButton(m.move));
  if (many && selected === null) nodes.push(el("span", { className: "note" }, ` ${b.moves.length} moves: select a territory to list its moves`));
  if (b.more) nodes.push(el("span", { className: "lt-more-moves" }, `and ${b.more} more moves`));
  box.replaceChildren(...nodes);
}

function renderWho() {
  let who;
  if (you.role === "seat") who = ["You play ", ...playerName(you.seat), "."];
  else if (you.role === "host") who = ["Your game: you play the human seats nobody else took."];
  else who = ["You are watching this game."];
  $("#who").replaceChildren(...who);
  const box = $("#links");
  box.hidden = !links;
  if (!links) return;
  // the links of this page's own origin only (a link is a path the server made)
  const abs = (url) => new URL(url, window.location.origin).href;
  const safe = (url) => (new URL(url, window.location.origin).origin === window.location.origin ? abs(url) : "#");
  const items = links.seats.map((l) => el("div", { className: "seat-link" },
    el("span", { className: `swatch p${l.seat}` }),
    `player ${l.seat}${l.mine ? " (yours)" : ""}: `,
    el("a", { dataset: { seatLink: String(l.seat) }, href: safe(l.url) }, abs(l.url))));
  items.push(el("div", { className: "seat-link" }, "watchers: ",
    el("a", { dataset: { watchLink: "" }, href: safe(links.watch) }, abs(links.watch))));
  $("#link-list").replaceChildren(...items);
  box.querySelector("summary").textContent = you.role === "host"
    ? "Invite: send each friend their seat's link" : "Your seat's link (keep it to yourself)";
}

function renderSide() {
  const b = view.board;
  $("#title").textContent = `${view.game} ${Object.entries(view.options).map(([k, v]) => `${k}=${v}`).join(" ")}`;
  renderWho();
  let status;
  if (view.over) {
    const w = view.winners;
    status = w.length === 1 ? ["Game over: ", ...playerName(w[0]), " wins."] : [`Game over: a tie between players ${w.join(", ")}.`];
  } else {
    status = [`Turn ${view.turn}: `, ...playerName(view.to_move), " to move."];
    if (isHumanTurn() && b.kind === "text") status.push(" Click a move below.");
    else if (isHumanTurn()) status.push(selected === null
      ? " Click an outlined cell." : " Click a highlighted cell to move there.");
    else if (view.seats[view.to_move].kind === "human" && !view.thinking) status.push(" Waiting for their move.");
  }
  for (const note of b.notes ?? []) status.push(el("br"), String(note));
  $("#status").replaceChildren(...status);
  $("#status").dataset.toMove = view.to_move;
  const scores = [];
  if (b.score) {
    b.score.values.forEach((n, p) => scores.push(el("span", { className: "score" }, el("span", { className: `swatch p${p}` }), String(n)), " "));
    scores.push(String(b.score.name));
  }
  $("#scores").replaceChildren(...scores);
  // a seat moves and may hurry the AI; the host (the game's creator) also paces it,
  // undoes and redoes
  const controls = you.role !== "watcher";
  const host = you.role === "host";
  $("[data-action=speed]").closest("label")?.toggleAttribute("hidden", !host);
  $("[data-action=stop]").hidden = !controls;
  $("[data-action=undo]").hidden = !host;
  $("[data-action=redo]").hidden = !host;
  $("[data-action=stop]").disabled = !view.can_stop;
  $("[data-action=stop]").title = view.thinking && !view.can_stop
    ? "the book's AI searches a fixed depth: it has no shallower move to play now" : "";
  const aiIdle = !view.over && !view.thinking && view.seats[view.to_move].kind === "ai";
  $("[data-action=ai]").hidden = !aiIdle || !controls;
  $("[data-action=undo]").disabled = !view.can_undo;
  $("[data-action=redo]").disabled = !view.can_redo;
  $("[data-action=speed]").value = String(view.delay);
  renderProgress();
  renderMoves();
  renderReplayBar();
  const log = $("#log");
  log.replaceChildren();
  const first = view.moves_made - view.log.length;
  view.log.forEach((m, i) => {
    const li = document.createElement("li");
    li.value = first + i + 1;
    li.className = m.player >= 0 ? `p${m.player}` : "chance";
    li.textContent = m.note || (m.player >= 0 ? `player ${m.player}: ${m.text}` : m.text);
    log.append(li);
  });
  log.scrollTop = log.scrollHeight;
  $("#save").href = `/api/sessions/${sessionId}/save`;
}

function renderProgress() {
  const p = view.progress;
  const progress = [];
  const thinking = (...parts) => el("span", { dataset: { role: "thinking" } }, ...parts);
  if (view.waiting) progress.push(thinking(...playerName(view.to_move), " waits for a free AI (the server runs a few at once)"));
  else if (p) progress.push(thinking(...playerName(p.player), ` is thinking: depth ${p.depth ?? "-"}, ` +
    `${Number(p.nodes).toLocaleString()} nodes forced, ${Number(p.seconds).toFixed(1)} s`));
  else if (view.last_search) {
    const s = view.last_search;
    progress.push(`AI's last turn: ${s.moves} moves, searched up to depth ${s.depth ?? "end"}, ` +
      `${Number(s.nodes).toLocaleString()} nodes forced` + (s.stopped === "stop" ? " (stopped by you)" : ""),
    ...bookText(s), " · ",
    el("a", { href: `/explore/ai/${encodeURIComponent(view.id)}`, target: "_blank", rel: "noopener", dataset: { action: "explore" } }, "explore its last search"));
  }
  const book = view.book;
  if (book && book.note) progress.push(el("br"), el("span", { className: "note", dataset: { role: "book-note" } }, String(book.note)));
  if (view.error) progress.push(el("br"), el("span", { className: "error" }, String(view.error)));
  const rolls = view.log.filter((m) => m.note);
  if (rolls.length) {
    progress.push(el("div", { dataset: { role: "rolls" } },
      rolls.slice(-4).map((m) => el("div", { className: "roll" }, `\u2684 ${m.note}`))));
  }
  $("#progress").replaceChildren(...progress);
}

// -- replay: step through the game's moves (the board of move K, fetched) --------------
function renderReplayBar() {
  const range = $("[data-action=replay]");
  range.max = String(view.moves_made);
  if (replayAt === null) range.value = String(view.moves_made);
  $("[data-action=replay-live]").hidden = replayAt === null;
  const k = replayAt ?? view.moves_made;
  $("[data-action=replay-prev]").disabled = k <= 0;
  $("[data-action=replay-next]").disabled = replayAt === null;
  if (replayAt === null) $("#replay-text").textContent = view.moves_made ? `move ${view.moves_made} of ${view.moves_made}` : "";
}

async function showReplay(k) {
  if (!view) return;
  k = Math.max(0, Math.min(k, view.moves_made));
  if (k === view.moves_made) { replayAt = null; selected = null; render(); return; }
  replayAt = k;
  try {
    const at = await api(`${sessionId}/at/${k}`);
    if (replayAt !== k) return;
    drawBoard(at.board, false);
    app.dataset.replay = k;
    const what = at.move ? `: ${at.move.player >= 0 ? `player ${at.move.player} ` : ""}${at.move.note || at.move.text}` : "";
    $("#replay-text").textContent = `replay: move ${k} of ${at.moves_made}${what}`;
    $("[data-action=replay]").value = String(k);
    renderSide();
  } catch (e) {
    showError(e.message);
  }
}

// -- the live connection ----------------------------------------------------------------
function connect() {
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  connectedAt ??= performance.now();
  const ws = new WebSocket(`${proto}//${window.location.host}/ws/${sessionId}`);
  socket = ws;
  ws.onopen = () => {
    const ply = view ? view.moves_made : 0;
    ws.send(JSON.stringify({ hello: { ply, seat: seatToken, epoch: view ? view.epoch : -1 } }));
  };
  ws.onmessage = (event) => {
    const raw = event.data;
    if (raw.startsWith('{"type":"update"')) performance.mark("lazytree:board-data");
    const message = JSON.parse(raw);
    if (message.type === "update") onUpdate(message);
    else if (message.type === "progress") onProgress(message);
    else if (message.type === "error") { showError(message.error); busy = false; }
    else if (message.type === "confirmed") busy = false;
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    busy = false;
    if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
      setConnection("not connected: this page's link was refused");
      return;
    }
    const wait = Math.min(10000, 300 * 2 ** retry) * (0.75 + Math.random() / 2);
    retry += 1;
    setConnection(`connection lost: reconnecting in ${(wait / 1000).toFixed(1)} s…`);
    setTimeout(connect, wait);
  };
}

function setConnection(text) {
  const el = $("#connection");
  el.textContent = text || "";
  el.hidden = !text;
  app.dataset.connected = text ? "false" : "true";
}

// an update after the first of a connection carries the board's changes only (the cells
// that changed, the fields set or gone): applied to the board the page has
function withDelta(board, delta) {
  const next = { ...board, ...delta.set };
  for (const key of delta.unset) delete next[key];
  if (board.cells) {  // a text board has none
    next.cells = board.cells.slice();
    for (const [i, cell] of delta.cells) next.cells[i] = cell;
  }
  return next;
}

function onUpdate(message) {
  const t0 = performance.now();
  if (message.delta) {
    if (!view || !view.board) { socket?.close(4000, "no board to change"); return; }
    message.view.board = withDelta(view.board, message.delta);
  }
  if (!view) measure("fetch", connectedAt);
  retry = 0;
  setConnection("");
  // the moves since `from`: the page's list of moves grows ply by ply (an undo restarts it)
  moveTexts.length = Math.min(moveTexts.length, message.from);
  for (const m of message.moves) moveTexts[m.ply] = m.text;
  const changed = !view || message.view.version !== view.version || message.view.moves_made !== view.moves_made;
  const moved = view && message.view.moves_made !== view.moves_made;
  if (message.you) you = message.you;
  links = message.links ?? null;
  view = message.view;
  window.lazytree.moves = moveTexts;
  if (moved) { selected = null; showError(""); }
  render(t0);
  if (changed && pendingMove !== null && moved) { measure("move", pendingMove); pendingMove = null; }
}

function onProgress(message) {
  if (!view) return;
  view.progress = message.progress;
  view.waiting = message.waiting;
  renderProgress();
}

function sendMove(move, started) {
  if (busy || !socket || socket.readyState !== WebSocket.OPEN) {
    if (!socket) showError("not connected: the move was not sent (the page reconnects)");
    return;
  }
  busy = true;
  pendingMove = started ?? performance.now();
  socket.send(JSON.stringify({ move }));
}

async function send(path, body) {
  if (busy) return;
  busy = true;
  try {
    await api(`${sessionId}/${path}`, body ?? {});
    showError("");
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
  }
}

function onBoardClick(event) {
  if (dragged || !view || !isHumanTurn() || !board) return;
  const t0 = event.timeStamp;  // when the click happened
  const c = board.cellAt(event.target);
  if (c === null) return;
  const what = board.click(c, selected);
  if (what.move) { sendMove(what.move, t0); return; }
  selected = what.select;
  board.render(view.board, { selected, last: lastPaths(), interactive: true, onSelect: (cell) => { selected = cell; renderMoves(); } });
  renderSide();
  measure("select", t0);
}

// dragging pans the board; a drag is not a click
let drag = null;
let dragged = false;
function setupBoard() {
  board = new Board(svg);  // made now, it gets the canvas ready while the first data is on its way
  svg.addEventListener("click", onBoardClick);
  svg.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, vx: viewBox.x, vy: viewBox.y, scale: svgPoint(e)[2] };
    dragged = false;
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    dragged = true;
    viewBox.x = drag.vx - dx * drag.scale;
    viewBox.y = drag.vy - dy * drag.scale;
    setViewBox();
  });
  window.addEventListener("pointerup", () => { drag = null; });
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = svgPoint(e);
    zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, x, y);
  }, { passive: false });
  $("[data-action=zoom-in]").addEventListener("click", () => zoom(1 / 1.4));
  $("[data-action=zoom-out]").addEventListener("click", () => zoom(1.4));
  $("[data-action=zoom-fit]").addEventListener("click", fit);
  $("[data-action=ai]").addEventListener("click", () => send("ai"));
  $("[data-action=stop]").addEventListener("click", () => api(`${sessionId}/stop`, {}).catch((e) => showError(e.message)));
  $("[data-action=undo]").addEventListener("click", () => send("undo"));
  $("[data-action=redo]").addEventListener("click", () => send("redo"));
  $("[data-action=speed]").addEventListener("change", (e) =>
    api(`${sessionId}/speed`, { delay: Number(e.target.value) }).catch((err) => showError(err.message)));
  $("[data-action=load-file]").addEventListener("change", loadFile);
  $("#moves").addEventListener("click", (e) => {
    const button = e.target.closest("[data-move]");
    if (button) sendMove(button.dataset.move);
  });
  $("#move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("#move-input").value.trim();
    if (text) sendMove(text);
  });
  $("[data-action=replay]").addEventListener("input", (e) => showReplay(Number(e.target.value)));
  $("[data-action=replay-prev]").addEventListener("click", () => showReplay((replayAt ?? view.moves_made) - 1));
  $("[data-action=replay-next]").addEventListener("click", () => showReplay((replayAt ?? view.moves_made) + 1));
  $("[data-action=replay-live]").addEventListener("click", () => showReplay(view.moves_made));
  // leaving the page closes its connection (the last page of a game to leave stops its
  // AI); a page the browser brings back from its cache connects again
  window.addEventListener("pagehide", () => {
    const ws = socket;
    socket = null;
    if (ws) ws.close(1000, "page closed");
  });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !socket) connect(); });
}

function startGame() {
  $("#game").hidden = false;
  setupBoard();
  connect();  // the server starts an AI to move when a page says hello
  // the URL names this game and seat, so reloading the page shows the same game
  const query = seatToken ? `session=${sessionId}&seat=${encodeURIComponent(seatToken)}` : `session=${sessionId}`;
  history.replaceState(null, "", `/play?${query}`);
}

showError(app.dataset.error);
if (sessionId) startGame();
else if (!app.dataset.error || !sessionId) setupForm();
