// Issue 25, review fix 2: the merchant's draft list (`draftReturns`, also the compat door's list) evaluates
// every draft of the page from the same statements, never a few queries per row: a page of 20 drafts and a
// page of 50 (each of its own order, with an item) cost the same number of SQL statements.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { statementCounter } from "../../support/statement-counter.js";
import { draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";
import { DRAFT_SELECTION } from "../../../facades/compat/drafts/format.js";

const PAGE = `query($s: ID!, $first: Int) { draftReturns(storeId: $s, first: $first) { nodes { ${DRAFT_SELECTION} } pageInfo { hasNextPage } } }`;
const INIT = `mutation($s: ID!, $i: DraftLookupInput!) { initializeDraftReturn(storeId: $s, input: $i) { draft { id } } }`;
const ADD = `mutation($id: ID, $i: DraftItemInput!) { addDraftReturnItem(id: $id, input: $i) { id } }`;

describe.each(providers)("draft list statement count (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  const counter = statementCounter();

  beforeAll(async () => {
    svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS },
      { onQuery: counter.onQuery },
    );
    s = await draftStore(svc);
    // 50 drafts, each of its own order, each with the exchangeable line (offers, variants) as an item.
    // Lookups are throttled per key (30 per 15 minutes): a key per 25 drafts.
    let key = s.secret;
    for (let i = 0; i < 50; i++) {
      if (i === 25) key = (await svc.createApiClient(s.storeId, "all")).secret;
      const order = await draftOrder(svc, s);
      const id = (
        expectNoErrors(
          await svc.http.graphql(INIT, { s: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } }, key),
        ) as any
      ).initializeDraftReturn.draft.id;
      expectNoErrors(await svc.http.graphql(ADD, { id, i: { lineItemId: order.lineItems[0]!.id, quantity: 1 } }, key));
    }
  }, 240_000);
  afterAll(() => svc?.close());

  async function countPage(first: number) {
    expectNoErrors(await svc.http.graphql(PAGE, { s: s.storeId, first: 1 }, s.secret)); // warm up (auth's lastUsedAt write)
    const { statements, result } = await counter.count(async () =>
      expectNoErrors(await svc.http.graphql(PAGE, { s: s.storeId, first }, s.secret)),
    );
    const data: any = result;
    expect(data.draftReturns.nodes).toHaveLength(first);
    // Every draft was evaluated: its line's offers and exchange variants are there.
    for (const d of data.draftReturns.nodes) {
      expect(d.items).toHaveLength(1);
      expect(d.lines[0].exchangeVariants.map((v: { sku: string }) => v.sku)).toEqual(["TEE-S", "TEE-M", "TEE-L"]);
    }
    return statements;
  }

  it("is constant in the page size", { timeout: 120_000 }, async () => {
    const for20 = await countPage(20);
    const for50 = await countPage(50);
    console.log(`statements per draftReturns page (${provider}): 20 → ${for20}, 50 → ${for50}`);
    expect(for20).toBe(for50);
    // auth, the page, orders, items, the policy, lines, fulfillments (and their lines), families, returned
    // units, exchange variants and their stock
    expect(for20).toBeLessThanOrEqual(14);
  });
});
