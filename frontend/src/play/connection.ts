/**
 * The page's live connection: a WebSocket on /ws/GAME that says hello with the moves the
 * page has and its seat's token, is sent every change, sends the page's moves, and
 * reconnects with back-off when it drops (lazytree/server/live.py). An update's arrival
 * is marked `lazytree:board-data` (Performance API) before it is parsed.
 */
import type { ServerMessage } from "./types";

/** What the connection tells the page. */
export interface ConnectionEvents {
  /** The hello to send: the page's moves, epoch and seat token. */
  hello(): { ply: number; seat: string | null; epoch: number };
  message(message: ServerMessage): void;
  /** The connection's state as text ("" when connected). */
  status(text: string): void;
  /** The connection closed (any move in flight is lost). */
  closed(): void;
}

/** The wait before reconnection attempt `retry` (ms): doubling to 10 s, jittered. */
export function backoff(retry: number, random: number = Math.random()): number {
  return Math.min(10000, 300 * 2 ** retry) * (0.75 + random / 2);
}

/** A live connection to game `session`. */
export class Connection {
  private socket: WebSocket | null = null;
  private retry = 0;

  constructor(
    private readonly session: string,
    private readonly events: ConnectionEvents,
  ) {}

  /** Open the connection (again). */
  connect(): void {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${window.location.host}/ws/${this.session}`);
    this.socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ hello: this.events.hello() }));
    ws.onmessage = (event: MessageEvent<string>) => {
      const raw = event.data;
      // a position's data arrived: the draw time counts its parsing too
      if (raw.startsWith('{"type":"update"')) performance.mark("lazytree:board-data");
      const message = JSON.parse(raw) as ServerMessage;
      if (message.type === "update") {
        this.retry = 0;
        this.events.status("");
      }
      this.events.message(message);
    };
    ws.onclose = (event) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.events.closed();
      if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
        this.events.status("not connected: this page's link was refused");
        return;
      }
      const wait = backoff(this.retry);
      this.retry += 1;
      this.events.status(`connection lost: reconnecting in ${(wait / 1000).toFixed(1)} s…`);
      setTimeout(() => this.connect(), wait);
    };
  }

  /** Whether a message can be sent now. */
  get open(): boolean {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Whether the page has a connection (open or opening). */
  get exists(): boolean {
    return this.socket !== null;
  }

  /** Send `data` as JSON. */
  send(data: unknown): void {
    this.socket?.send(JSON.stringify(data));
  }

  /** Close it because the page cannot go on with it (it reconnects). */
  abort(reason: string): void {
    this.socket?.close(4000, reason);
  }

  /** Close it for good (the page is left). */
  close(): void {
    const ws = this.socket;
    this.socket = null;
    ws?.close(1000, "page closed");
  }
}
