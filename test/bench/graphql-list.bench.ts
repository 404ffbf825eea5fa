// 2. GraphQL list cost: one `returns` connection page of 20 and of 500, each return with its items and
// its order (every field the REST door shows). SQL statements per request are counted from the Prisma
// client's query events (the whole request: auth, rate-limit counter, the page, its relations);
// req/s is measured by autocannon (child process, 4 connections).
import { ORDER_FIELDS, RETURN_FIELDS } from "../../src/returns/documents.js";
import { readFixture } from "./fixtures.js";
import { load, round, type Measure } from "./lib.js";

const QUERY = `query BenchList($storeId: ID!, $first: Int) {
  returns(storeId: $storeId, first: $first) {
    nodes { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const measure: Measure = {
  id: 2,
  name: "GraphQL list cost",
  async run(ctx) {
    const fx = await readFixture(ctx);
    const headers = { authorization: `Bearer ${fx.secret}`, "content-type": "application/json" };
    const url = `${ctx.svc.coreUrl}/graphql`;
    const figures: Record<number, { statements: number; rps: number; p50: number }> = {};
    for (const size of [20, 500]) {
      const body = JSON.stringify({ query: QUERY, variables: { storeId: fx.storeId, first: size } });
      const once = async () => {
        const res = await fetch(url, { method: "POST", headers, body });
        const json: any = await res.json();
        if (res.status !== 200 || json.errors || json.data.returns.nodes.length !== size) throw new Error(`list ${size}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      };
      await once(); // warm-up (auth's lastUsedAt write, caches)
      const { statements } = await ctx.countStatements(once);
      const r = await load(url, { connections: 4, seconds: ctx.quick ? (size === 20 ? 1 : 3) : size === 20 ? 5 : 8, headers, method: "POST", body });
      if (r.non2xx || r.errors) throw new Error(`list ${size}: ${r.non2xx + r.errors} failed requests`);
      figures[size] = { statements, rps: r.rps, p50: r.p50 };
    }
    const worst = Math.max(figures[20].statements, figures[500].statements);
    const met = worst <= 6 && figures[20].statements === figures[500].statements;
    return [
      {
        measure: 2,
        name: "GraphQL list cost",
        db: ctx.provider,
        value: worst,
        unit: "SQL statements/request",
        target: "≤ 6, same at 20 and 500",
        met,
        ...(met ? {} : { reason: `statements grow with the page (${figures[20].statements} at 20, ${figures[500].statements} at 500)` }),
        details: {
          "statements @20/@500": `${figures[20].statements}/${figures[500].statements}`,
          "req/s @20": round(figures[20].rps),
          "req/s @500": round(figures[500].rps, 1),
          "p50 ms @20/@500": `${round(figures[20].p50, 1)}/${round(figures[500].p50, 1)}`,
        },
      },
    ];
  },
};

export default measure;
