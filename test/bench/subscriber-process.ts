// The webhook benchmark's subscriber in a process of its own, so the dispatching process spends its CPU
// on dispatching only. Child side (run as a forked script): a loopback subscriber answering 200
// (test/support/subscriber.ts, every event payload checked against the OpenAPI document); what it
// received goes to the parent over IPC in batches every ~10 ms (one message per delivery would cost the
// parent as much as the HTTP exchange). Parent side: `startSubscriberProcess`, the same `received`,
// `waitFor` and `close` as an in-process subscriber, with the fields the benchmarks check.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** One request as the parent sees it. */
export interface Arrival {
  /** The `webhook-id` header. */
  id: string;
  /** The event's subject (`return.id` of the payload) and its `x-retour-sequence` header. */
  subject: string;
  sequence: number;
  /** High-resolution epoch ms when the body arrived. */
  arrivedAt: number;
}

export interface SubscriberProcess {
  url: string;
  received: Arrival[];
  waitFor(predicate: (received: Arrival[]) => boolean, timeoutMs?: number): Promise<Arrival[]>;
  close(): Promise<void>;
}

type FromChild = { url: string } | { batch: Arrival[] } | { invalid: string } | { closed: true };

export async function startSubscriberProcess(): Promise<SubscriberProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--child"], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const received: Arrival[] = [];
  const invalid: string[] = [];
  let exited: string | null = null;
  let onClosed = () => {};
  const url = await new Promise<string>((resolve, reject) => {
    child.on("message", (m: FromChild) => {
      if ("url" in m) resolve(m.url);
      else if ("batch" in m) for (const a of m.batch) received.push(a);
      else if ("invalid" in m) invalid.push(m.invalid);
      else if ("closed" in m) onClosed();
    });
    child.once("exit", (code, signal) => {
      exited = `subscriber process exited (code ${code}, signal ${signal})`;
      reject(new Error(exited));
      onClosed();
    });
  });
  const sub: SubscriberProcess = {
    url,
    received,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (invalid.length) throw new Error(invalid[0]);
        if (exited) throw new Error(exited);
        if (Date.now() > deadline) throw new Error(`subscriber: condition not met within ${timeoutMs} ms; received ${received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    async close() {
      if (!exited) {
        // The child flushes what it still holds, then says it closed.
        await new Promise<void>((resolve) => {
          onClosed = resolve;
          child.send("close");
        });
        child.disconnect();
      }
      if (invalid.length) throw new Error(invalid[0]);
    },
  };
  return sub;
}

async function runChild(): Promise<void> {
  const { startSubscriber } = await import("../support/subscriber.js");
  const sub = await startSubscriber(() => ({ status: 200 }));
  let sent = 0;
  let reported = 0;
  const flush = () => {
    // The in-process subscriber's own check of every event payload, reported once per problem.
    for (; reported < sub.invalidPayloads.length; reported++) process.send!({ invalid: sub.invalidPayloads[reported] });
    if (sent === sub.received.length) return;
    const batch: Arrival[] = [];
    for (; sent < sub.received.length; sent++) {
      const r = sub.received[sent];
      batch.push({
        id: String(r.headers["webhook-id"]),
        subject: String(r.json?.return?.id),
        sequence: Number(r.headers["x-retour-sequence"]),
        arrivedAt: r.arrivedAt,
      });
    }
    process.send!({ batch });
  };
  const timer = setInterval(flush, 10);
  process.on("message", async (m) => {
    if (m !== "close") return;
    clearInterval(timer);
    flush();
    sub.invalidPayloads.length = 0; // already reported to the parent
    await sub.close();
    process.send!({ closed: true }, () => process.exit(0));
  });
  process.send!({ url: sub.url });
}

if (process.argv.includes("--child")) await runChild();
