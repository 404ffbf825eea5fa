// A GraphQL `returns` page with every field the REST door shows (items, order and its lines) costs the
// same number of SQL statements for 20 and for 500 returns: relations resolve through DataLoader in
// batches, never one query per row or per chunk of rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { statementCounter } from "../../support/statement-counter.js";
import { seedReturns } from "../../support/returns-seed.js";
import { ORDER_FIELDS, RETURN_FIELDS } from "../../../facades/rest/documents.js";

const PAGE = `query($storeId: ID!, $first: Int) {
  returns(storeId: $storeId, first: $first) {
    nodes { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe.each(providers)("GraphQL returns page statement count (%s)", (provider) => {
  let svc: TestService;
  const counter = statementCounter();

  beforeAll(async () => {
    // No dispatcher (its polling would be counted), no rate limits (PostgreSQL's limiter syncs on a timer).
    svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS },
      { onQuery: counter.onQuery },
    );
  });
  afterAll(() => svc?.close());

  async function countPage(size: number) {
    const { storeId, secret } = await seedReturns(svc, `gql-count-${size}`, size);
    expectNoErrors(await svc.http.graphql(PAGE, { storeId, first: 1 }, secret)); // warm up (auth's lastUsedAt write)
    const { statements, result } = await counter.count(async () =>
      expectNoErrors(await svc.http.graphql(PAGE, { storeId, first: size }, secret)),
    );
    const data: any = result;
    expect(data.returns.nodes).toHaveLength(size);
    return statements;
  }

  it("is constant in the page size", { timeout: 120_000 }, async () => {
    const for20 = await countPage(20);
    const for500 = await countPage(500);
    console.log(`statements per GraphQL returns page (${provider}): 20 → ${for20}, 500 → ${for500}`);
    expect(for20).toBe(for500);
    // auth, the page, orders, items, tags (one join), line items, gift cards (one batch per page)
    expect(for20).toBeLessThanOrEqual(7);
  });
});
