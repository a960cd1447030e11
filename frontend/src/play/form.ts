/**
 * The new-game form: every registered game with its options as fields (the server's
 * `game_forms`, in the page's data-games), its seats' choices, the AI's strength. Fields
 * left empty are not sent: the game's default applies. A whole-number option's field
 * takes what the server takes (its `min` and `max`); a form the server refused comes back
 * filled with what was typed (the page's data-typed).
 */
import { COLOUR_NAMES } from "./state";

/** A game's option as the form shows it. */
interface OptionSpec {
  name: string;
  type: string;
  help: string;
  default?: unknown;
  min?: number;
  max?: number;
}

/** A game as the form offers it. */
interface GameSpec {
  summary: string;
  notation?: string;
  players: number;
  options: OptionSpec[];
  agents: { label: string; value: string }[];
}

function optionField(opt: OptionSpec): HTMLLabelElement {
  const label = document.createElement("label");
  label.textContent = `${opt.name.replaceAll("_", " ")} `;
  label.title = opt.help;
  const input = document.createElement("input");
  input.name = opt.name;
  input.type = opt.type === "int" ? "number" : "text";
  input.dataset.option = opt.name;
  if (opt.type === "int") {
    input.step = "1";
    if (opt.min !== undefined) input.min = String(opt.min);
    if (opt.max !== undefined) input.max = String(opt.max);
  }
  if (opt.default !== null && opt.default !== undefined) input.value = String(opt.default);
  const help = document.createElement("small");
  help.className = "note";
  help.textContent = ` ${opt.help}`;
  label.append(input, help);
  return label;
}

function find<T extends Element>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`the page has no ${selector}`);
  return found;
}

/**
 * Fill and wire the new-game form from `games` (the page's data-games), with the values
 * `typed` (a refused form's fields, by name) put back.
 */
export function setupForm(
  games: Record<string, GameSpec>,
  typed: Record<string, string> = {},
): void {
  find<HTMLElement>(document, "#newgame").hidden = false;
  const gameSel = find<HTMLSelectElement>(document, "#f-game");
  const box = find<HTMLFieldSetElement>(document, "#f-options");
  const seatBox = find<HTMLElement>(document, "#f-seats");
  for (const [name, g] of Object.entries(games)) {
    gameSel.add(new Option(`${name}: ${g.summary}`, name));
    const set = document.createElement("div");
    set.dataset.game = name;
    for (const opt of g.options) set.append(optionField(opt));
    if (!g.options.length) set.textContent = "(no options)";
    box.append(set);
  }
  const game = () => games[gameSel.value] as GameSpec;
  const current = () => box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
  const players = () => {
    const field = current()?.querySelector<HTMLInputElement>("[data-option=players]");
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
      const keep = was !== undefined && Array.from(sel.options).some((o) => o.value === was);
      sel.value = keep ? (was as string) : p === 0 ? "human" : "ai";
      label.append(sel);
      seatBox.append(label);
    }
  };
  const toggle = () => {
    for (const set of box.querySelectorAll<HTMLElement>("[data-game]")) {
      const on = set === current();
      set.hidden = !on;
      for (const input of set.querySelectorAll("input")) input.disabled = !on;
    }
    find<HTMLElement>(document, "#f-summary").textContent =
      `Moves: ${game().notation || "see the buttons"}`;
    seats();
  };
  gameSel.addEventListener("change", toggle);
  box.addEventListener("input", (e) => {
    if ((e.target as HTMLElement).dataset.option === "players") seats();
  });
  find<HTMLFormElement>(document, "#newgame-form").addEventListener("submit", () => {
    find<HTMLInputElement>(document, "#f-seats-value").value = Array.from(
      seatBox.querySelectorAll("select"),
    )
      .map((s) => s.value)
      .join(",");
    for (const input of box.querySelectorAll("input"))
      if (input.value === "") input.disabled = true;
  });
  restore(typed, gameSel, box, seatBox);
  toggle();
  const seatsTyped = typed.seats?.split(",") ?? [];
  seatBox.querySelectorAll("select").forEach((sel, p) => {
    const want = seatsTyped[p];
    if (want !== undefined && Array.from(sel.options).some((o) => o.value === want))
      sel.value = want;
  });
}

/** Put back what was typed: the game, its options' fields, the AI's strength and pace. */
function restore(
  typed: Record<string, string>,
  gameSel: HTMLSelectElement,
  box: HTMLElement,
  seatBox: HTMLElement,
): void {
  const game = typed.game;
  if (game === undefined) return;
  if (Array.from(gameSel.options).some((o) => o.value === game)) gameSel.value = game;
  const set = box.querySelector(`[data-game="${CSS.escape(gameSel.value)}"]`);
  for (const input of set?.querySelectorAll<HTMLInputElement>("input[data-option]") ?? []) {
    const value = typed[input.dataset.option ?? ""];
    if (value !== undefined) input.value = value;
  }
  const form = seatBox.closest("form");
  for (const name of ["ai", "speed"]) {
    const sel = form?.querySelector<HTMLSelectElement>(`select[name=${name}]`);
    const value = typed[name];
    if (sel && value !== undefined && Array.from(sel.options).some((o) => o.value === value))
      sel.value = value;
  }
}

/** A refused form's fields (the page's data-typed), as strings by name; {} if none. */
export function typedFields(text: string | undefined): Record<string, string> {
  try {
    const data: unknown = JSON.parse(text || "{}");
    if (!data || typeof data !== "object" || Array.isArray(data)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(data)) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    return {};
  }
}
