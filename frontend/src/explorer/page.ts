/**
 * The explorer page (`lazytree explore --format html`, `lazytree serve`'s `/explore`):
 * the document is read from the JSON script #explorer-data and drawn into #explorer;
 * where #explorer has a data-force-url, the page is live and POSTs its force requests
 * there. A practice page (`lazytree explore practice`) also has #practice, where the
 * question is asked (practice.ts). A side-by-side page (`--beside RATER`) has a second
 * explorer, #explorer-2 drawn from #explorer-data-2, that steps with the first. In the
 * static site (`make site`) #explorer has `data-service="worker"` and no document: Python
 * in a Web Worker (`data-worker`, the site's worker.js) searches the page's query as the
 * server's `/explore` does and answers its force requests. The handle is
 * `globalThis.lazytreeExplorer`. A document without #explorer (a notebook) starts nothing:
 * there the global `lazytreeExplorerWidget` is the Jupyter widget's front end (widget.ts),
 * which lazytree/explorer/widget.py exports from the widget's module.
 */
import { WorkerService } from "../play/service";
import { type ForceReply, type ForceRequest, postForce } from "./connection";
import { type Explorer, mount } from "./explorer";
import type { ExplorerData } from "./model";
import { mountPractice, type PracticeData, showMarked } from "./practice";
import widget from "./widget";

declare global {
  var lazytreeExplorer: Explorer | undefined;
  var lazytreeExplorerWidget: typeof widget;
}

globalThis.lazytreeExplorerWidget = widget;

/** Mount the explorer of `data`, live where `force` answers its requests. */
function mountLive(
  element: HTMLElement,
  data: ExplorerData,
  force?: (request: ForceRequest) => Promise<ForceReply<ExplorerData>>,
): void {
  const explorer = mount(
    element,
    data,
    force
      ? {
          onForce: async (request) => {
            const reply = await force(request);
            if (reply.data) explorer.update(reply.data);
            else element.classList.remove("lt-busy");
            const status = element.querySelector("[data-matches]");
            if (status) status.textContent = reply.status ?? reply.error ?? "";
          },
        }
      : {},
  );
  globalThis.lazytreeExplorer = explorer;
  explorer.readyAt = performance.now();
}

/** The site's explorer: the tree of the page's query, searched and forced by the worker. */
function fromWorker(element: HTMLElement): void {
  const say = (text: string) => {
    if (!globalThis.lazytreeExplorer && text) element.textContent = text;
  };
  const service = new WorkerService(
    element.dataset.worker ?? "worker.js",
    window.location.search,
    {
      hello: () => ({ ply: 0, seat: null, epoch: 0 }),
      message: () => {},
      status: say,
      closed: () => element.setAttribute("role", "alert"),
    },
    "explore",
  );
  service.connect();
  service.request<ExplorerData>("explore").then(
    (data) => {
      element.textContent = "";
      mountLive(element, data, (request) =>
        service
          .request<ForceReply<ExplorerData>>("explore/force", request)
          .catch((error: Error) => ({ error: error.message })),
      );
    },
    (error: Error) => say(error.message),
  );
}

function start(): void {
  const element = document.getElementById("explorer");
  if (element?.dataset.service === "worker") {
    fromWorker(element);
    return;
  }
  const source = document.getElementById("explorer-data");
  if (!element || !source) throw new Error("the explorer page needs #explorer and #explorer-data");
  const data = JSON.parse(source.textContent ?? "") as ExplorerData;
  const url = element.dataset.forceUrl;
  const practice = (data as { practice?: PracticeData }).practice;
  const panel = document.getElementById("practice");
  if (practice && panel) {
    const explorer = mount(element, data, {
      practice: true,
      onMark: (marked) => showMarked(panel, marked),
    });
    mountPractice(panel, explorer, practice);
    globalThis.lazytreeExplorer = explorer;
    explorer.readyAt = performance.now();
    return;
  }
  const besideElement = document.getElementById("explorer-2");
  const besideSource = document.getElementById("explorer-data-2");
  if (besideElement && besideSource) {
    // side by side: two searches of the same tree, stepping together
    const other = JSON.parse(besideSource.textContent ?? "") as ExplorerData;
    let right: Explorer | null = null;
    // stepping goes on to the longer search's end; each side stops at its own
    const longest = () => Math.max(left.steps, right?.steps ?? 0);
    const left = mount(element, data, { onStep: (k) => right?.goToStep(k), stepLimit: longest });
    right = mount(besideElement, other, { onStep: (k) => left.goToStep(k), stepLimit: longest });
    globalThis.lazytreeExplorer = left;
    left.readyAt = performance.now();
    return;
  }
  mountLive(element, data, url ? (request) => postForce<ExplorerData>(url, request) : undefined);
}

if (document.getElementById("explorer")) {
  try {
    start();
  } catch (error) {
    // a malformed document (a file anyone may have written) is refused, and the page says why
    const element = document.getElementById("explorer");
    if (element) {
      element.classList.remove("lt-explorer");
      element.textContent = error instanceof Error ? error.message : String(error);
      element.setAttribute("role", "alert");
      element.dataset.error = "";
    }
  }
}
