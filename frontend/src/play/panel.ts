/**
 * The side panel drawn from the state: who this page is and its links, whose turn, the
 * scores, the AI's progress, the legal moves as buttons, the replay bar and the log. Every
 * text from the server goes in as text.
 */
import { describeCell, movesFrom } from "../board/document";
import { moveButton, moveButtonNodes } from "../board/dom";
import { hasCells } from "../board/types";
import { el, must } from "./el";
import { replayButtons, replayCaption } from "./replay";
import { COLOUR_NAMES, type PlayState } from "./state";
import type { LastSearch, View } from "./types";

/** More legal moves than this: the panel lists the selected cell's only. */
export const MANY_MOVES = 24;

/**
 * Put `nodes` in `box` unless it shows the same already (the same elements, texts and
 * move attributes): a button pressed while an update comes keeps its element, so the
 * press is not lost.
 */
function replaceIfChanged(box: Element, nodes: Node[]): void {
  const sign = (n: Node) =>
    n instanceof HTMLElement
      ? `${n.tagName}|${n.className}|${n.dataset.move ?? ""}|${n.textContent}`
      : `#${n.textContent}`;
  const now = Array.from(box.childNodes, sign);
  const next = nodes.map(sign);
  if (now.length === next.length && now.every((s, i) => s === next[i])) return;
  box.replaceChildren(...nodes);
}

/** A player's swatch and name (nodes: a seat's label is text from the server). */
export function playerName(view: View, p: number): (Node | string)[] {
  const seat = view.seats[p];
  const who = !seat || seat.kind === "human" ? "human" : (seat.label ?? "AI");
  return [
    el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
    `player ${p} (${COLOUR_NAMES[p % COLOUR_NAMES.length]}, ${who})`,
  ];
}

function positionBookText(s: LastSearch): (Node | string)[] {
  if (!s.position_book_hits) return [];
  const which =
    s.position_book_hits === s.moves
      ? s.moves === 1
        ? ""
        : ": every move"
      : `: ${s.position_book_hits} of ${s.moves} moves`;
  return [
    " · ",
    el(
      "span",
      { dataset: { role: "position-book", positionBook: "hit" } },
      `position book hit${which}`,
    ),
  ];
}

/**
 * The legal moves of this page's player as buttons (data-move): all of them when they are
 * few, else those of the selected cell and the moves no click makes (pass).
 */
export function renderMoves(state: PlayState): void {
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
  const nodes: Node[] = shown.map((m) => moveButton(m.move));
  if (many && selected === null) {
    nodes.push(
      el(
        "span",
        { className: "note" },
        ` ${b.moves.length} moves: select a cell to list its moves`,
      ),
    );
  }
  if (b.more) nodes.push(el("span", { className: "lt-more-moves" }, `and ${b.more} more moves`));
  replaceIfChanged(box, nodes);
  box.setAttribute(
    "aria-label",
    selected === null
      ? "Moves"
      : `Moves from ${describeCell(b, selected).split(",")[0]}: ${movesFrom(b, selected).length}`,
  );
}

function renderWho(state: PlayState): void {
  const { you, links } = state;
  const view = state.view as View;
  let who: (Node | string)[];
  if (you.role === "seat" && you.seat !== null)
    who = ["You play ", ...playerName(view, you.seat), "."];
  else if (you.role === "host") who = ["Your game: you play the human seats nobody else took."];
  else who = ["You are watching this game."];
  must("#who").replaceChildren(...who);
  const box = must<HTMLDetailsElement>("#links");
  box.hidden = !links;
  if (!links) return;
  // the links of this page's own origin only (a link is a path the server made)
  const origin = window.location.origin;
  const abs = (url: string) => new URL(url, origin).href;
  const safe = (url: string) => (new URL(url, origin).origin === origin ? abs(url) : "#");
  const items = links.seats.map((l) =>
    el(
      "div",
      { className: "seat-link" },
      el("span", { className: `swatch p${l.seat}`, "aria-hidden": "true" }),
      `player ${l.seat}${l.mine ? " (yours)" : ""}: `,
      el("a", { dataset: { seatLink: String(l.seat) }, href: safe(l.url) }, abs(l.url)),
    ),
  );
  items.push(
    el(
      "div",
      { className: "seat-link" },
      "watchers: ",
      el("a", { dataset: { watchLink: "" }, href: safe(links.watch) }, abs(links.watch)),
    ),
  );
  must("#link-list").replaceChildren(...items);
  must("summary", box).textContent =
    you.role === "host"
      ? "Invite: send each friend their seat's link"
      : "Your seat's link (keep it to yourself)";
}

/** The AI's progress, its last search, the position book's note, the last rolls. */
export function renderProgress(state: PlayState): void {
  const view = state.view as View;
  const p = view.progress;
  const progress: (Node | string)[] = [];
  const thinking = (...parts: (Node | string)[]) =>
    el("span", { dataset: { role: "thinking" } }, ...parts);
  if (view.waiting) {
    progress.push(
      thinking(
        ...playerName(view, view.to_move),
        " waits for a free AI (the server runs a few at once)",
      ),
    );
  } else if (p) {
    progress.push(
      thinking(
        ...playerName(view, p.player),
        ` is thinking: depth ${p.depth ?? "-"}, ${Number(p.nodes).toLocaleString()} nodes forced, ` +
          `${Number(p.seconds).toFixed(1)} s`,
      ),
    );
  } else if (view.last_search) {
    const s = view.last_search;
    progress.push(
      `AI's last turn: ${s.moves} moves, searched up to depth ${s.depth ?? "end"}, ` +
        `${Number(s.nodes).toLocaleString()} nodes forced${s.stopped === "stop" ? " (stopped by you)" : ""}`,
      ...positionBookText(s),
      " · ",
      el(
        "a",
        {
          href: `/explore/ai/${encodeURIComponent(view.id)}`,
          target: "_blank",
          rel: "noopener",
          dataset: { action: "explore" },
        },
        "explore its last search",
      ),
    );
  }
  const note = view.position_book?.note;
  if (note) {
    progress.push(
      el("br"),
      el("span", { className: "note", dataset: { role: "position-book-note" } }, String(note)),
    );
  }
  if (view.error) progress.push(el("br"), el("span", { className: "error" }, String(view.error)));
  const rolls = view.log.filter((m) => m.note);
  if (rolls.length) {
    progress.push(
      el(
        "div",
        { dataset: { role: "rolls" } },
        rolls.slice(-4).map((m) => el("div", { className: "roll" }, `\u2684 ${m.note}`)),
      ),
    );
  }
  must("#progress").replaceChildren(...progress);
}

/** The replay bar: the slider at the move shown, the buttons that work. */
export function renderReplayBar(state: PlayState): void {
  const view = state.view as View;
  const range = must<HTMLInputElement>("[data-action=replay]");
  range.max = String(view.moves_made);
  if (state.replayAt === null) range.value = String(view.moves_made);
  must("[data-action=replay-live]").hidden = state.replayAt === null;
  const can = replayButtons(state.replayAt, view.moves_made);
  must<HTMLButtonElement>("[data-action=replay-prev]").disabled = !can.prev;
  must<HTMLButtonElement>("[data-action=replay-next]").disabled = !can.next;
  if (state.replayAt === null)
    must("#replay-text").textContent = replayCaption(null, view.moves_made);
}

function button(action: string): HTMLButtonElement {
  return must<HTMLButtonElement>(`[data-action=${action}]`);
}

/** The whole panel. */
export function renderPanel(state: PlayState, sessionId: string): void {
  const view = state.view as View;
  const b = view.board;
  must("#title").textContent = `${view.game} ${Object.entries(view.options)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")}`;
  renderWho(state);
  let status: (Node | string)[];
  const human = state.isHumanTurn();
  if (view.over) {
    const w = view.winners;
    status =
      w.length === 1
        ? ["Game over: ", ...playerName(view, w[0] as number), " wins."]
        : [`Game over: a tie between players ${w.join(", ")}.`];
  } else {
    status = [`Turn ${view.turn}: `, ...playerName(view, view.to_move), " to move."];
    if (human && b.kind === "text") status.push(" Choose a move below or type it.");
    else if (human) {
      status.push(
        state.selected === null
          ? " Click an outlined cell, or type a move."
          : " Click a highlighted cell to move there.",
      );
    } else if (view.seats[view.to_move]?.kind === "human" && !view.thinking) {
      status.push(" Waiting for their move.");
    }
  }
  for (const note of b.notes ?? []) status.push(el("br"), String(note));
  const statusBox = must("#status");
  statusBox.replaceChildren(...status);
  statusBox.dataset.toMove = String(view.to_move);
  const scores: (Node | string)[] = [];
  if (b.score) {
    b.score.values.forEach((n, p) => {
      scores.push(
        el(
          "span",
          { className: "score" },
          el("span", { className: `swatch p${p}`, "aria-hidden": "true" }),
          `player ${p}: ${n}`,
        ),
        " ",
      );
    });
    scores.push(String(b.score.name));
  }
  must("#scores").replaceChildren(...scores);
  // a seat moves and may hurry the AI; the host also paces it, undoes and redoes
  const controls = state.you.role !== "watcher";
  const host = state.you.role === "host";
  must<HTMLSelectElement>("[data-action=speed]").closest("label")?.toggleAttribute("hidden", !host);
  button("stop").hidden = !controls;
  button("undo").hidden = !host;
  button("redo").hidden = !host;
  button("stop").disabled = !view.can_stop;
  button("stop").title =
    view.thinking && !view.can_stop
      ? "the book's AI searches a fixed depth: it has no shallower move to play now"
      : "";
  const aiIdle = !view.over && !view.thinking && view.seats[view.to_move]?.kind === "ai";
  button("ai").hidden = !aiIdle || !controls;
  button("undo").disabled = !view.can_undo;
  button("redo").disabled = !view.can_redo;
  must<HTMLSelectElement>("[data-action=speed]").value = String(view.delay);
  renderProgress(state);
  renderMoves(state);
  renderReplayBar(state);
  const log = must<HTMLOListElement>("#log");
  const first = view.moves_made - view.log.length;
  log.replaceChildren(
    ...view.log.map((m, i) => {
      const li = document.createElement("li");
      li.value = first + i + 1;
      li.className = m.player >= 0 ? `p${m.player}` : "chance";
      li.textContent = m.note || (m.player >= 0 ? `player ${m.player}: ${m.text}` : m.text);
      return li;
    }),
  );
  log.scrollTop = log.scrollHeight;
  must<HTMLAnchorElement>("#save").href = `/api/sessions/${sessionId}/save`;
}
