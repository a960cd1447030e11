/**
 * The live explorer's connection to the server (`lazytree serve`'s `/explore` pages): a
 * force request is POSTed as JSON, the answer is a new document or an error.
 */

/** What a click asks the server (or the Jupyter kernel) to do below a node. */
export interface ForceRequest {
  node: number;
  edge?: number;
  generate?: boolean;
  serial?: number;
  depth?: number;
}

/** The server's answer: a new document and a status line, or an error. */
export interface ForceReply<D> {
  data?: D;
  status?: string;
  error?: string;
}

/** POST `request` to `url` and read the JSON answer (a failed request is an error reply). */
export async function postForce<D>(url: string, request: ForceRequest): Promise<ForceReply<D>> {
  try {
    const answer = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    return (await answer.json()) as ForceReply<D>;
  } catch (error) {
    return { error: `the request failed: ${String(error)}` };
  }
}
