// 2. GraphQL list cost: one `returns` connection page of 20 and of 500, each return with its items and
// its order (every field the REST door shows). SQL statements per request are counted from the Prisma
// client's query events (the whole request: auth, rate-limit counter, the page, its relations) and must
// not grow with the page (countStatements quiesces ≥ 250 ms first, so PostgreSQL's rate-limit sync is
// always counted); req/s (autocannon in a child process, 1 and 32 connections) is reported as a
// ratio to the raw-driver reference (raw.ts) reading the same rows and writing the same JSON, the two
// sides alternating in one run.
import { ORDER_FIELDS, RETURN_FIELDS } from "../../facades/rest/documents.js";
import { readFixture } from "./fixtures.js";
import { round, type Measure, type Result } from "./lib.js";
import { rawServer } from "./raw.js";
import { alternate } from "./rest-read.bench.js";

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
    const statements: Record<number, number> = {};
    const templates = new Map<number, unknown>();
    for (const size of [20, 500]) {
      const body = JSON.stringify({ query: QUERY, variables: { storeId: fx.storeId, first: size } });
      const once = async () => {
        const res = await fetch(url, { method: "POST", headers, body });
        const json: any = await res.json();
        if (res.status !== 200 || json.errors || json.data.returns.nodes.length !== size)
          throw new Error(`list ${size}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        return json;
      };
      templates.set(size, await once()); // also the warm-up (auth's lastUsedAt write, caches)
      statements[size] = (await ctx.countStatements(once)).statements;
    }
    const raw = await rawServer(ctx.svc, { list: templates });
    const out: Result[] = [];
    try {
      const figures: Record<string, string | number> = {};
      for (const size of [20, 500]) {
        const body = JSON.stringify({ query: QUERY, variables: { storeId: fx.storeId, first: size } });
        const rawBody = JSON.stringify({ storeId: fx.storeId, first: size });
        const check = await fetch(`${raw.url}/raw/list`, { method: "POST", headers, body: rawBody });
        if (check.status !== 200 || JSON.stringify(await check.json()) !== JSON.stringify(templates.get(size)))
          throw new Error("the raw list does not answer the same JSON");
        const seconds = ctx.quick ? (size === 20 ? 1 : 2) : size === 20 ? 5 : 8;
        const runs = await alternate(
          ctx,
          { raw: { url: `${raw.url}/raw/list`, method: "POST", body: rawBody }, graphql: { url, method: "POST", body } },
          headers,
          seconds,
        );
        for (const [connections, f] of runs) {
          figures[`req/s @${size} ${connections} conn`] = round(f.graphql.rps, 1);
          figures[`raw req/s @${size} ${connections} conn`] = round(f.raw.rps, 1);
          figures[`× raw @${size} ${connections} conn`] =
            f.raw.rps > 0 ? round(f.graphql.rps / f.raw.rps, 2) : "n/a (no answer within the run)";
        }
      }
      const worst = Math.max(statements[20], statements[500]);
      // auth, the page, orders, items, tags (one join), line items, gift cards (one batch per page), and on
      // PostgreSQL the rate-limit sync, cold here (test/http/graphql/list-statements.test.ts asserts the 7).
      const bound = ctx.provider === "postgresql" ? 8 : 7;
      const met = worst <= bound && statements[20] === statements[500];
      out.push({
        measure: 2,
        name: "GraphQL list cost",
        db: ctx.provider,
        value: worst,
        unit: "SQL statements/request",
        target: `same at 20 and 500, ≤ ${bound}`,
        met,
        ...(met
          ? {}
          : {
              reason:
                statements[20] === statements[500]
                  ? `${worst} statements at both sizes, more than ${bound}`
                  : `statements grow with the page (${statements[20]} at 20, ${statements[500]} at 500)`,
            }),
        details: { "statements @20/@500": `${statements[20]}/${statements[500]}`, ...figures },
      });
    } finally {
      await raw.close();
    }
    return out;
  },
};

export default measure;
