// 5. Invoice CSV: GET /v2.2/invoices/{id}/items.csv of 100 000 items (--quick: 5 000), streamed over
// REST; time to the last byte and peak growth of the process's memory while streaming (server and
// client are this one process: RSS and the live heap, sampled after a forced GC every 100 ms; npm run
// bench passes --expose-gc).
import type { TestService } from "../support/server.js";
import { newId } from "../../src/core/ids.js";
import { round, type Measure } from "./lib.js";

async function seedInvoice(svc: TestService, store: string, items: number) {
  const prisma = svc.services.db.prisma;
  const id = newId("inv");
  const start = Date.parse("2026-01-01T00:00:00Z");
  await prisma.invoice.create({
    data: { id, storeId: store, status: "issued", periodStart: new Date(start), periodEnd: new Date(start + 31 * 86_400_000) },
  });
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
  const sample = () => {
    const m = process.memoryUsage();
    mem.rss = Math.max(mem.rss, m.rss);
    if (++ticks % 5 !== 0 || !gc) return;
    gc();
    mem.heap = Math.max(mem.heap, process.memoryUsage().heapUsed);
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
    mem.rss = Math.max(mem.rss, process.memoryUsage.rss()); // also per chunk: the timer can starve while streaming
    for (const b of value) if (b === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  sample();
  return {
    ms,
    firstByteMs,
    bytes,
    rows: lines - 1,
    heapPeakDeltaMb: (mem.heap - before.heapUsed) / 1e6,
    rssPeakDeltaMb: (mem.rss - before.rss) / 1e6,
  };
}

const measure: Measure = {
  id: 5,
  name: "Invoice CSV 100 000 items",
  async run(ctx) {
    const { svc } = ctx;
    const n = ctx.quick ? 5_000 : 100_000;
    const store = (await svc.createStore("CSV bench")).id;
    const key = (await svc.createApiClient(store, ["invoices_read"])).secret;
    const small = await seedInvoice(svc, store, 2_000);
    const big = await seedInvoice(svc, store, n);
    await download(svc, key, small); // warm-up
    const r = await download(svc, key, big);
    if (r.rows !== n) throw new Error(`expected ${n} rows, got ${r.rows}`);
    const met = r.rssPeakDeltaMb <= 50;
    return [
      {
        measure: 5,
        name: `Invoice CSV ${n.toLocaleString("en")} items`,
        db: ctx.provider,
        value: round(r.rssPeakDeltaMb, 1),
        unit: "MB RSS growth",
        target: "≤ 50 MB",
        met,
        ...(met ? {} : { reason: "memory grew past the bound while streaming" }),
        details: {
          "last byte s": round(r.ms / 1000, 2),
          "first byte ms": round(r.firstByteMs),
          "size MB": round(r.bytes / 1e6, 1),
          "live heap peak +MB": round(r.heapPeakDeltaMb, 1),
          "rows/s": round(r.rows / (r.ms / 1000)),
        },
      },
    ];
  },
};

export default measure;
