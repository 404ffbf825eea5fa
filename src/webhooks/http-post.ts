// One webhook POST through the dispatcher's undici Agent (a keep-alive pool per origin): the URL policy
// checked before connecting and again at DNS lookup (ssrf.ts), a timeout that lets an answer already
// waiting be read first, only the first RESPONSE_BODY_LIMIT bytes of the answer kept for the delivery
// log, redirects never followed (the Agent has no redirect handler: a 3xx is a failed attempt).
// Client measured in instructions (callgrind, the client process alone, subscriber in another process;
// 2 000 and 6 000 POSTs of a 1.5 KB body 32 at a time over keep-alive, difference ÷ 4 000): node:http's
// request with a keep-alive Agent 0.60 M per POST; undici's raw dispatch (a handler object: no streams,
// no IncomingMessage, no per-request socket bookkeeping) 0.25 M. Decision: undici.
import { Agent, type Dispatcher } from "undici";
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

/** What a POST goes through: the URL policy and the Agent (one pool per origin, kept-alive connections). */
export interface PostVia {
  policy: UrlPolicy;
  agent: Agent;
}

/** At most `connectionsPerOrigin` connections to one origin; DNS answers checked by the policy; only our timeout applies. */
export function postVia(policy: UrlPolicy, connectionsPerOrigin: number): PostVia {
  const lookup = guardedLookup(policy);
  return {
    policy,
    agent: new Agent({
      connections: connectionsPerOrigin,
      headersTimeout: 0,
      bodyTimeout: 0,
      ...(lookup ? { connect: { lookup } } : {}),
    }),
  };
}

/** A callback URL parsed once per cache load (null: unparseable, refused at delivery). */
export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The wording node:http used for a connection closed mid-exchange, kept for the delivery log. */
const WORDING: Record<string, string> = { UND_ERR_SOCKET: "ECONNRESET: socket hang up" };

function errorText(err: NodeJS.ErrnoException): string {
  const code = typeof err.code === "string" ? err.code : ""; // a DOMException's code is a number
  if (WORDING[code]) return WORDING[code];
  return code && !err.message.includes(code) && !code.startsWith("UND_ERR") ? `${code}: ${err.message}` : String(err.message);
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
    let settled = false;
    const settle = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(r);
    };
    // undici hands out its abort once the request is on a connection; an abort before that is kept and
    // applied then (the request is never written).
    let abortNow: ((err: Error) => void) | null = null;
    let abortedWith: Error | null = null;
    const abort = (err: Error) => {
      if (abortNow) abortNow(err);
      else {
        abortedWith = err;
        settle({ ok: false, statusCode: null, body: null, error: errorText(err), latencyMs: elapsed() });
      }
    };
    const onAbort = () => abort(signal.reason instanceof Error ? signal.reason : new Error("The operation was aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    // On expiry, let I/O that is already waiting run first (setImmediate comes after the poll phase):
    // when this process was stalled (CPU, a synchronous SQLite lock wait), an answer that arrived in
    // time is read, not thrown away as a timeout and sent again.
    const timer = setTimeout(() => {
      setImmediate(() => abort(new Error(`timed out after ${timeoutMs} ms`)));
    }, timeoutMs);
    let status = 0;
    let retryAfter: string | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const answered = () => {
      const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8").slice(0, RESPONSE_BODY_LIMIT);
      const ok = status >= 200 && status < 300;
      settle({ ok, statusCode: status, retryAfter, body: text, error: ok ? null : `HTTP ${status}`, latencyMs: elapsed() });
    };
    const handler: Dispatcher.DispatchHandlers = {
      onConnect(abortRequest) {
        if (abortedWith) return abortRequest(abortedWith);
        abortNow = abortRequest;
      },
      onHeaders(statusCode, raw) {
        status = statusCode;
        // Raw headers alternate name and value.
        for (let i = 0; i < raw.length; i += 2)
          if (raw[i].length === 11 && raw[i].toString("latin1").toLowerCase() === "retry-after") retryAfter = raw[i + 1].toString("latin1");
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        size += chunk.length;
        // Only the first bytes are kept: stop reading there rather than download what the subscriber sends.
        if (size >= RESPONSE_BODY_LIMIT) {
          answered();
          abortNow?.(new Error("answer cut at its first bytes"));
          return false;
        }
        return true;
      },
      onComplete: answered,
      onError(err) {
        settle({ ok: false, statusCode: status || null, body: null, error: errorText(err), latencyMs: elapsed() });
      },
    };
    via.agent.dispatch({ origin: url.origin, path: url.pathname + url.search, method: "POST", headers, body }, handler);
  });
}
