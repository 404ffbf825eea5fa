// Product bulk upload: 1000 families × 5 variants through REST on SQLite (created, then re-uploaded).
import type { Benchmark } from "./run.js";
import { startTestService } from "../support/server.js";

const families = (priceBase: number) =>
  Array.from({ length: 1000 }, (_, i) => ({
    title: `Bench family ${i}`,
    external_id: `bench-${i}`,
    vendor: "Bench",
    tags: ["bench"],
    variants: Array.from({ length: 5 }, (_, v) => ({ sku: `BENCH-${i}-${v}`, price: priceBase + v, currency: "USD", weight: 100, weight_unit: "g" })),
  }));

const bench: Benchmark = {
  name: "bulk-upload",
  description: "POST /v2.2/stores/{id}/products/bulk-upload with 1000 families × 5 variants on SQLite (file database, in-process server).",
  async run() {
    const provider = (process.env.BENCH_DB as "sqlite" | "postgresql") ?? "sqlite";
    const svc = await startTestService(provider);
    try {
      const store = (await svc.createStore("Bench")).id;
      const key = (await svc.createApiClient(store, ["products_write"])).secret;
      const post = async (body: unknown) => {
        const t0 = performance.now();
        const res = await fetch(`${svc.url}/v2.2/stores/${store}/products/bulk-upload`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        const json: any = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200 || json.error_count) throw new Error(`upload failed: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        return { ms, json };
      };
      const created = await post({ products: families(1000) });
      const same = await post({ products: families(1000) });
      const changed = await post({ products: families(2000) });
      const count = await svc.services.db.prisma.product.count({ where: { storeId: store } });
      const statuses = (j: any) => [...new Set(j.results.map((r: any) => r.status))].join(",");
      return {
        database: provider,
        "families × variants": "1000 × 5",
        "products in store": count,
        "first upload (all created)": `${(created.ms / 1000).toFixed(2)} s  [${statuses(created.json)}]`,
        "re-upload, identical (all updated)": `${(same.ms / 1000).toFixed(2)} s  [${statuses(same.json)}]`,
        "re-upload, every price changed": `${(changed.ms / 1000).toFixed(2)} s  [${statuses(changed.json)}]`,
      };
    } finally {
      await svc.close();
    }
  },
};

export default bench;
