// Invoice CSV export: 100 000 items streamed over REST; time, size and memory while streaming.
import type { Benchmark } from "./run.js";
import { startTestService, type TestService } from "../support/server.js";
import { newId } from "../../src/core/ids.js";

async function seedInvoice(svc: TestService, store: string, items: number) {
  const prisma = svc.services.db.prisma;
  const id = newId("inv");
  const start = Date.parse("2026-01-01T00:00:00Z");
  await prisma.invoice.create({ data: { id, storeId: store, status: "issued", periodStart: new Date(start), periodEnd: new Date(start + 31 * 86_400_000) } });
  for (let done = 0; done < items; done += 5000) {
    await prisma.invoiceItem.createMany({
      data: Array.from({ length: Math.min(5000, items - done) }, (_, k) => ({
        id: `ivi_${id.slice(-6)}_${String(done + k).padStart(8, "0")}`,
        invoiceId: id,
        occurredAt: new Date(start + (done + k) * 20_000),
        type: k % 2 ? "return_label" : "return_processing",
        description: k % 7 ? `Prepaid return label, "UPS Ground" #${done + k}` : `=HYPERLINK("x") ${done + k}`,
        orderName: `#${10000 + done + k}`,
        returnId: `ret_${done + k}`,
        quantity: 1,
        unitAmount: 795,
        amount: 795,
        currency: "USD",
      })),
    });
  }
  return id;
}

async function download(svc: TestService, key: string, id: string) {
  const gc = (globalThis as any).gc as (() => void) | undefined;
  gc?.();
  const before = process.memoryUsage();
  const mem = { rss: before.rss, heap: before.heapUsed };
  let ticks = 0;
  // Live heap: sampled right after a forced GC (npm run bench passes --expose-gc), every 100 ms.
  const sample = () => {
    if (++ticks % 5 !== 0 || !gc) return;
    gc();
    const m = process.memoryUsage();
    mem.rss = Math.max(mem.rss, m.rss);
    mem.heap = Math.max(mem.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const t0 = performance.now();
  const res = await fetch(`${svc.url}/v2.2/invoices/${id}/items.csv`, { headers: { authorization: `Bearer ${key}` } });
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  return { ms, firstByteMs, bytes, lines, heapPeakDeltaMb: (mem.heap - before.heapUsed) / 1e6, rssPeakDeltaMb: (mem.rss - before.rss) / 1e6 };
}

const bench: Benchmark = {
  name: "invoice-csv",
  description: "GET /v2.2/invoices/{id}/items.csv for 10 000 and 100 000 items on SQLite (pages of 1000 through GraphQL). Memory is of the whole process (server and client): live heap measured right after a forced GC every 100 ms while streaming.",
  async run() {
    const provider = (process.env.BENCH_DB as "sqlite" | "postgresql") ?? "sqlite";
    const svc = await startTestService(provider);
    try {
      const store = (await svc.createStore("CSV bench")).id;
      const key = (await svc.createApiClient(store, ["invoices_read"])).secret;
      const small = await seedInvoice(svc, store, 10_000);
      const big = await seedInvoice(svc, store, 100_000);
      await download(svc, key, small); // warm-up
      const s = await download(svc, key, small);
      const b = await download(svc, key, big);
      const fmt = (r: Awaited<ReturnType<typeof download>>) =>
        `${(r.ms / 1000).toFixed(2)} s, first byte ${r.firstByteMs.toFixed(0)} ms, ${(r.bytes / 1e6).toFixed(1)} MB, ${r.lines - 1} rows, live heap peak +${r.heapPeakDeltaMb.toFixed(1)} MB, RSS peak +${r.rssPeakDeltaMb.toFixed(1)} MB`;
      return { database: provider, "10 000 items": fmt(s), "100 000 items": fmt(b), "rows per second (100k)": Math.round((b.lines - 1) / (b.ms / 1000)) };
    } finally {
      await svc.close();
    }
  },
};

export default bench;
