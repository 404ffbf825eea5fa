// 7. Compat list: GET /api/v1/warehouse/return/list?paginate=true&pageSize=750 (the warehouse-compat
// door) on the shared store of 800 returns: req/s (autocannon, child process, 2 connections) and SQL
// statements per request. Reports n/a while the compat list route is not present (it answers 404).
import { readFixture } from "./fixtures.js";
import { load, round, type Measure } from "./lib.js";

const PATH = "/api/v1/warehouse/return/list?paginate=true&pageSize=750";

const measure: Measure = {
  id: 7,
  name: "Compat list pageSize=750",
  async run(ctx) {
    const fx = await readFixture(ctx);
    const url = `${ctx.svc.url}${PATH}`;
    const headers = { "x-authorization": fx.secret };
    const base = { measure: 7, name: "Compat list pageSize=750", db: ctx.provider, unit: "req/s", target: "none (reported)" };
    const probe = await fetch(url, { headers });
    if (probe.status === 404) {
      await probe.body?.cancel();
      return [{ ...base, value: null, met: null, reason: "n/a: compat list route not present", details: {} }];
    }
    const text = await probe.text();
    if (probe.status !== 200) throw new Error(`GET ${PATH}: ${probe.status} ${text.slice(0, 300)}`);
    const { statements } = await ctx.countStatements(async () => {
      const res = await fetch(url, { headers });
      await res.text();
      if (res.status !== 200) throw new Error(`GET ${PATH}: ${res.status}`);
    });
    const r = await load(url, { connections: 2, seconds: ctx.quick ? 1 : 8, headers });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx + r.errors} failed requests`);
    return [
      {
        ...base,
        value: round(r.rps, 1),
        met: null,
        details: {
          "SQL statements/request": statements,
          "p50/p99 ms": `${round(r.p50, 1)}/${round(r.p99, 1)}`,
          "response KB": round(text.length / 1024),
        },
      },
    ];
  },
};

export default measure;
