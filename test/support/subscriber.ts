// A real HTTP webhook subscriber on loopback for tests and benchmarks: records every request and
// answers what `respond` decides (status, optional delay).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { compatValidator, restValidator } from "./openapi.js";

export interface Received {
  /** Date.now() when the request body arrived. */
  at: number;
  /** High-resolution epoch ms when the request body arrived (latency measurements). */
  arrivedAt: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** Set when the answer was written: the status sent and when (Date.now()). */
  status?: number;
  answeredAt?: number;
  /** A 2xx answer written to a connection the sender still held open (it may still crash before recording it). */
  acknowledged?: boolean;
  /** For a streamed answer (`streamBytes`): the bytes the sender took before it hung up or the body ended. */
  bytesSent?: number;
}

/** `streamBytes`: answer with a body of that many bytes, written as fast as the sender reads it. */
export type Answer = { status: number; delayMs?: number; body?: string; streamBytes?: number };
export type Responder = (req: Received, n: number) => Answer | Promise<Answer>;

export interface Subscriber {
  url: string;
  port: number;
  received: Received[];
  /** Requests currently being answered, by webhook-id (to catch concurrent sends). */
  inFlight: Map<string, number>;
  maxConcurrentSameId: number;
  /** Event payloads that are not the OpenAPI document's event; `waitFor` and `close` fail on any. */
  invalidPayloads: string[];
  respond: Responder;
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startSubscriber(respond: Responder = () => ({ status: 200 })): Promise<Subscriber> {
  const sub: Subscriber = {
    url: "",
    port: 0,
    received: [],
    inFlight: new Map(),
    maxConcurrentSameId: 0,
    invalidPayloads: [],
    respond,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(sub.received)) {
        if (sub.invalidPayloads.length) throw new Error(sub.invalidPayloads[0]);
        if (Date.now() > deadline)
          throw new Error(`subscriber: condition not met within ${timeoutMs} ms; received ${sub.received.length} requests`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return sub.received;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (sub.invalidPayloads.length) throw new Error(sub.invalidPayloads[0]);
    },
  };
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {}
      // A delivered event (the envelope's `merchantName` marks it) must be the documented one.
      if (json && typeof json === "object" && "merchantName" in json) {
        try {
          restValidator.checkEvent("giftCard" in json || json.topic === "gift_card" ? "gift_card" : "return", json);
        } catch (err) {
          sub.invalidPayloads.push((err as Error).message);
        }
      } else if (
        json &&
        typeof json === "object" &&
        req.headers["x-loop-signature"] &&
        typeof json.topic === "string" &&
        json.test !== true
      ) {
        // The warehouse platform's format: the compat door's documented event of its topic (test events are Retour's own).
        try {
          compatValidator.checkEvent(json.topic, json);
        } catch (err) {
          sub.invalidPayloads.push((err as Error).message);
        }
      }
      const r: Received = {
        at: Date.now(),
        arrivedAt: performance.now() + performance.timeOrigin,
        path: req.url ?? "/",
        headers: req.headers,
        body,
        json,
      };
      const id = String(req.headers["webhook-id"] ?? "");
      const now = (sub.inFlight.get(id) ?? 0) + 1;
      sub.inFlight.set(id, now);
      sub.maxConcurrentSameId = Math.max(sub.maxConcurrentSameId, now);
      let gone = false; // the sender hung up (timed out, or crashed) before our answer
      res.on("close", () => {
        if (!res.writableFinished) gone = true;
      });
      const answer = await sub.respond(r, ++count);
      if (answer.delayMs) await new Promise((x) => setTimeout(x, answer.delayMs));
      sub.inFlight.set(id, (sub.inFlight.get(id) ?? 1) - 1);
      sub.received.push(r);
      if (res.destroyed || gone) return;
      r.status = answer.status;
      r.answeredAt = Date.now();
      r.acknowledged = answer.status >= 200 && answer.status < 300;
      res.writeHead(answer.status, { "content-type": "text/plain" });
      if (answer.streamBytes) r.bytesSent = await stream(res, answer.streamBytes);
      else res.end(answer.body ?? (answer.status < 300 ? "ok" : "nope"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  sub.port = (server.address() as AddressInfo).port;
  sub.url = `http://127.0.0.1:${sub.port}`;
  return sub;
}

/** Writes `total` bytes in 64 KB chunks, waiting for the sender to read each; stops when it hangs up. */
async function stream(res: http.ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, "x");
  let sent = 0;
  while (sent < total && !res.destroyed) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
    const more = res.write(piece);
    sent += piece.length;
    if (!more)
      await new Promise<void>((resolve) => {
        res.once("drain", resolve);
        res.once("close", resolve);
      });
  }
  if (!res.destroyed) res.end();
  return sent;
}

/**
 * An unreliable subscriber (chaos tests): fails `failRate` of the requests with a 5xx (after a short
 * random delay) and answers `hangRate` of them only after `hangMs` (longer than the sender's
 * timeout, so the sender gives up first); the rest get a 200 within a few milliseconds.
 */
export function flakyResponder(opts: { failRate: number; hangRate: number; hangMs: number; random?: () => number }): Responder {
  const random = opts.random ?? Math.random;
  return () => {
    const x = random();
    if (x < opts.hangRate) return { status: 200, delayMs: opts.hangMs };
    if (x < opts.hangRate + opts.failRate) return { status: random() < 0.5 ? 500 : 503, delayMs: Math.floor(random() * 5) };
    return { status: 200, delayMs: Math.floor(random() * 5) };
  };
}
