/**
 * The play page's calls to the server's session API (fetch), and loading a saved game
 * from a file the user picked.
 */
import { showError } from "./el";

/** A call of the session API (a GET, or a POST of `body`), its JSON answer or its error. */
export async function api<T>(
  path: string,
  body: unknown,
  seat: string | null,
  session: string,
): Promise<T> {
  const headers: Record<string, string> = seat ? { "X-Lazytree-Seat": seat } : {};
  const options: RequestInit =
    body === undefined
      ? { headers }
      : {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        };
  const response = await fetch(`/api/sessions/${path}`, options);
  if (path === session || /\/(move|ai|undo|redo)$/.test(path))
    performance.mark("lazytree:board-data");
  const data = (await response
    .json()
    .catch(() => ({ error: `${response.status} ${response.statusText}` }))) as { error?: string };
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data as T;
}

/** Start the game saved in the file `event`'s input picked, and go to its page. */
export async function loadFile(event: Event, seat: string | null): Promise<void> {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (!file) return;
  try {
    const text = await file.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new Error(`${file.name} is not JSON: ${(e as Error).message}`);
    }
    const made = await api<{ url: string }>("load", data, seat, "");
    window.location.href = made.url;
  } catch (e) {
    showError(`cannot load ${file.name}: ${(e as Error).message}`);
  }
}
