// lazytree play page: the new-game form, or one game session drawn from the server's JSON.
// The board is the session's `board` (a lazytree-board/1 document) drawn by boards.js,
// the renderer the explorer uses too.
import { Board, moveButtons, textMarkup } from "/lib/boards.js";

const $ = (sel) => document.querySelector(sel);
const app = $("#app");
const sessionId = app.dataset.session;
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

function showError(message) {
  const el = $("#error");
  el.textContent = message || "";
  el.hidden = !message;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
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
    box.innerHTML = "";
    for (let p = 0; p < players(); p++) {
      const label = document.createElement("label");
      label.className = `seat p${p}`;
      label.textContent = `Player ${p} (${NAMES[p]}) `;
      // agents of the registry, named as in lazytree play --seats and arena --players
      const sel = document.createElement("select");
      sel.add(new Option("human", "human"));
      sel.add(new Option("AI (its strength below)", "ai"));
      sel.add(new Option("mcts: Monte Carlo, 1 s a move", "mcts:time=1:clock=wall"));
      sel.add(new Option("random moves", "random"));
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
let selected = null;
let board = null;
let polling = null;
let busy = false;
const svg = $("#board");
const viewBox = { x: 0, y: 0, w: 100, h: 100 };

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

function isHumanTurn() {
  return view && !view.over && !view.thinking && view.seats[view.to_move].kind === "human";
}

function lastPaths() {
  return view.last_turn.filter((m) => m.path).map((m) => m.path);
}

function render(started) {
  const t0 = started ?? performance.now();
  const b = view.board;
  const text = b.kind === "text";
  svg.toggleAttribute("hidden", text);
  $(".zoom").hidden = text;
  $("#text-board").hidden = !text;
  if (text) {
    $("#text-board").innerHTML = textMarkup(b);
  } else {
    if (!board) board = new Board(svg);
    const fresh = board.key !== board.shapeKey(b);
    board.render(b, { selected: isHumanTurn() ? selected : null, last: lastPaths(), interactive: isHumanTurn() });
    if (fresh) fit();
  }
  svg.classList.toggle("your-turn", isHumanTurn());
  app.dataset.version = view.version;
  app.dataset.toMove = view.to_move;
  app.dataset.thinking = view.thinking;
  app.dataset.over = view.over;
  app.dataset.moves = view.moves_made;
  renderSide();
  window.lazytree.view = view;
  window.lazytree.ready = true;
  measure(`draw-${b.kind}`, t0);
}

function playerName(p) {
  const seat = view.seats[p];
  return `<span class="swatch p${p}"></span>player ${p} (${NAMES[p]}, ${seat.kind === "human" ? "human" : seat.label})`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// serve --book: say when the AI's moves came from the position book (no search at all)
function bookText(s) {
  if (!s.book_hits) return "";
  const which = s.book_hits === s.moves ? (s.moves === 1 ? "" : ": every move") : `: ${s.book_hits} of ${s.moves} moves`;
  return ` · <span data-role="book" data-book="hit">book hit${which}</span>`;
}

function renderSide() {
  const b = view.board;
  $("#title").textContent = `${view.game} ${Object.entries(view.options).map(([k, v]) => `${k}=${v}`).join(" ")}`;
  let status;
  if (view.over) {
    const w = view.winners;
    status = w.length === 1 ? `Game over: ${playerName(w[0])} wins.` : `Game over: a tie between players ${w.join(", ")}.`;
  } else {
    status = `Turn ${view.turn}: ${playerName(view.to_move)} to move.`;
    if (isHumanTurn() && b.kind === "text") status += " Click a move below.";
    else if (isHumanTurn()) status += selected === null
      ? " Click an outlined cell." : " Click a highlighted cell to move there.";
  }
  for (const note of b.notes ?? []) status += `<br>${escapeHtml(note)}`;
  $("#status").innerHTML = status;
  $("#status").dataset.toMove = view.to_move;
  $("#scores").innerHTML = b.score
    ? b.score.values.map((n, p) => `<span class="score"><span class="swatch p${p}"></span>${n}</span>`).join(" ") + ` ${escapeHtml(b.score.name)}`
    : "";
  const human = isHumanTurn();
  $("[data-action=stop]").disabled = !view.can_stop;
  $("[data-action=stop]").title = view.thinking && !view.can_stop
    ? "the book's AI searches a fixed depth: it has no shallower move to play now" : "";
  const aiIdle = !view.over && !view.thinking && view.seats[view.to_move].kind === "ai";
  $("[data-action=ai]").hidden = !aiIdle;
  $("[data-action=undo]").disabled = !view.can_undo;
  $("[data-action=redo]").disabled = !view.can_redo;
  $("[data-action=speed]").value = String(view.delay);
  const p = view.progress;
  let progress = "";
  if (p) progress = `<span data-role="thinking">${playerName(p.player)} is thinking: depth ${p.depth ?? "-"}, ` +
    `${p.nodes.toLocaleString()} nodes forced, ${p.seconds.toFixed(1)} s</span>`;
  else if (view.last_search) {
    const s = view.last_search;
    progress = `AI's last turn: ${s.moves} moves, searched up to depth ${s.depth ?? "end"}, ` +
      `${s.nodes.toLocaleString()} nodes forced` + (s.stopped === "stop" ? " (stopped by you)" : "") +
      bookText(s) +
      ` · <a href="/explore/ai/${view.id}" target="_blank" data-action="explore">explore its last search</a>`;
  }
  const book = view.book;
  if (book && book.note) progress += `<br><span class="note" data-role="book-note">${escapeHtml(book.note)}</span>`;
  if (view.error) progress += `<br><span class="error">${escapeHtml(view.error)}</span>`;
  const rolls = view.log.filter((m) => m.note);
  if (rolls.length) {
    progress += `<div data-role="rolls">` +
      rolls.slice(-4).map((m) => `<div class="roll">\u2684 ${m.note}</div>`).join("") + `</div>`;
  }
  $("#progress").innerHTML = progress;
  // the moves no click on the board makes (every move of the generic view) as buttons
  $("#moves").innerHTML = human ? moveButtons(b) : "";
  const log = $("#log");
  log.innerHTML = "";
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

async function refresh() {
  try {
    const t0 = performance.now();
    const fresh = await api(sessionId);
    if (!view) measure("fetch", t0);
    const changed = !view || fresh.version !== view.version || fresh.thinking !== view.thinking;
    view = fresh;
    if (changed) selected = null;
    if (changed) render(t0); else renderSide();
    schedule();
  } catch (e) {
    showError(e.message);
  }
}

function schedule() {
  clearTimeout(polling);
  if (view.thinking) polling = setTimeout(refresh, 250);
}

async function send(path, body, started) {
  if (busy) return;
  busy = true;
  const t0 = started ?? performance.now();
  try {
    view = await api(`${sessionId}/${path}`, body ?? {});
    selected = null;
    showError("");
    render(t0);
    if (path === "move") measure("move", t0);
    schedule();
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
  if (what.move) { send("move", { move: what.move }, t0); return; }
  selected = what.select;
  board.render(view.board, { selected, last: lastPaths(), interactive: true });
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
    if (button) send("move", { move: button.dataset.move });
  });
  // closing the tab stops this game's AI
  window.addEventListener("pagehide", () => navigator.sendBeacon(`/api/sessions/${sessionId}/close`));
}

async function startGame() {
  $("#game").hidden = false;
  setupBoard();
  await refresh();
  // an AI to move starts (or goes on) thinking; a turn cancelled when this page was
  // last closed or reloaded is started again
  if (view && !view.over && view.seats[view.to_move].kind === "ai") await send("ai");
  // the URL now names this session, so reloading the page shows the same game
  history.replaceState(null, "", `/play?session=${sessionId}`);
}

showError(app.dataset.error);
if (sessionId) startGame();
else if (!app.dataset.error || !sessionId) setupForm();
