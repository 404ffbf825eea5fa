// One webhook POST over the dispatcher's kept-alive agents: the URL policy checked before connecting
// and again at DNS lookup (ssrf.ts), a timeout that lets an answer already waiting be read first, and
// only the first RESPONSE_BODY_LIMIT bytes of the answer kept for the delivery log.
import http from "node:http";
import https from "node:https";
import { connectProblem, guardedLookup, type UrlPolicy } from "./ssrf.js";

const RESPONSE_BODY_LIMIT = 2048;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** The answer's Retry-After header (a registered format's retry policy may honour it). */
  retryAfter?: string | null;
  body: string | null;
  error: string | null;
  latencyMs: number;
}

/** What a POST goes through: the URL policy and one agent per scheme (pooling per origin). */
export interface PostVia {
  policy: UrlPolicy;
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

/** A callback URL parsed once per cache load (null: unparseable, refused at delivery). */
export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export function postJson(
  via: PostVia,
  url: URL | null,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    if (!url) return resolve({ ok: false, statusCode: null, body: null, error: "invalid callback URL", latencyMs: 0 });
    const refused = connectProblem(url, via.policy);
    if (refused) return resolve({ ok: false, statusCode: null, body: null, error: `refused: ${refused}`, latencyMs: 0 });
    const https_ = url.protocol === "https:";
    let settled = false;
    const settle = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = (https_ ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: https_ ? via.httpsAgent : via.httpAgent,
      lookup: guardedLookup(via.policy),
      signal,
    });
    // On expiry, let I/O that is already waiting run first (setImmediate comes after the poll phase):
    // when this process was stalled (CPU, a synchronous SQLite lock wait), an answer that arrived in
    // time is read, not thrown away as a timeout and sent again.
    const timer = setTimeout(() => {
      setImmediate(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    }, timeoutMs);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answered = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8").slice(0, RESPONSE_BODY_LIMIT);
        const status = res.statusCode ?? 0;
        const retryAfter = res.headers["retry-after"];
        settle({
          ok: status >= 200 && status < 300,
          statusCode: status,
          retryAfter: typeof retryAfter === "string" ? retryAfter : null,
          body: text,
          error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
          latencyMs: elapsed(),
        });
      };
      res.on("data", (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        // Only the first bytes are kept: stop reading there rather than download what the subscriber sends.
        if (size >= RESPONSE_BODY_LIMIT) {
          answered();
          res.destroy();
        }
      });
      res.on("end", answered);
      res.on("error", (err) =>
        settle({ ok: false, statusCode: res.statusCode ?? null, body: null, error: err.message, latencyMs: elapsed() }),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      settle({
        ok: false,
        statusCode: null,
        body: null,
        error: err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message,
        latencyMs: elapsed(),
      });
    });
    req.end(body);
  });
}
