// A real HTTP webhook subscriber on loopback for tests and benchmarks: records every request and
// answers what `respond` decides (status, optional delay).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  /** Date.now() when the request body arrived. */
  at: number;
  /** High-resolution epoch ms when the request body arrived (latency measurements). */
  arrivedAt: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

export type Responder = (req: Received, n: number) => { status: number; delayMs?: number; body?: string } | Promise<{ status: number; delayMs?: number; body?: string }>;

export interface Subscriber {
  url: string;
  port: number;
  received: Received[];
  /** Requests currently being answered, by webhook-id (to catch concurrent sends). */
  inFlight: Map<string, number>;
  maxConcurrentSameId: number;
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
    respond,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(sub.received)) {
        if (Date.now() > deadline) throw new Error(`subscriber: condition not met within ${timeoutMs} ms; received ${sub.received.length} requests`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return sub.received;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
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
      const r: Received = { at: Date.now(), arrivedAt: performance.now() + performance.timeOrigin, path: req.url ?? "/", headers: req.headers, body, json };
      const id = String(req.headers["webhook-id"] ?? "");
      const now = (sub.inFlight.get(id) ?? 0) + 1;
      sub.inFlight.set(id, now);
      sub.maxConcurrentSameId = Math.max(sub.maxConcurrentSameId, now);
      const answer = await sub.respond(r, ++count);
      if (answer.delayMs) await new Promise((x) => setTimeout(x, answer.delayMs));
      sub.inFlight.set(id, (sub.inFlight.get(id) ?? 1) - 1);
      sub.received.push(r);
      if (res.destroyed) return;
      res.writeHead(answer.status, { "content-type": "text/plain" });
      res.end(answer.body ?? (answer.status < 300 ? "ok" : "nope"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  sub.port = (server.address() as AddressInfo).port;
  sub.url = `http://127.0.0.1:${sub.port}`;
  return sub;
}
