// The draft flow's refusals that carry what another part of the core decided are codes with parameters, not
// prose (issue 35): a line the policy does not let return carries the policy's decision (the portal words it in
// the shopper's language), and a submission the return's creation refuses carries the creation path's code
// (the draft stays open). The APIs' English is the sentence they always answered: the warehouse door's message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decisionOfParams } from "../../../src/core/decisions/codes.js";
import { readerFormat, shopperWords } from "../../../src/core/decisions/render.js";
import { say } from "../../../src/core/words/index.js";
import { INVENTORY_REFUSALS } from "../../../src/inventory/refusals.js";
import { POLICY_REFUSALS } from "../../../src/policy/refusals.js";
import { RETURN_REFUSALS } from "../../../src/returns/refusals.js";
import { DRAFT_FIELDS, draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import type { OrderFixture } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token draftId } }`;
const ADD = `mutation($i: DraftItemInput!) { addDraftReturnItem(input: $i) { ${DRAFT_FIELDS} } }`;
const UPDATE = `mutation($item: ID!, $i: DraftItemUpdateInput!) { updateDraftReturnItem(itemId: $item, input: $i) { ${DRAFT_FIELDS} } }`;
const FINALIZE = `mutation { finalizeDraftReturnItems { ${DRAFT_FIELDS} } }`;
const CREDIT = `mutation($c: DraftCreditType!) { setDraftReturnCreditType(creditType: $c) { ${DRAFT_FIELDS} } }`;
const SUBMIT = `mutation { submitDraftReturn { ${DRAFT_FIELDS} } }`;
const GET = `query { draftReturn { state returnId } }`;

type Refusal = { code: string; params: Record<string, string | number> };

describe.each(providers)("draft refusals that carry another part's decision (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc, "Submit refusals");
  });
  afterAll(async () => {
    await svc?.close();
  });

  const gql = (q: string, v: Record<string, unknown>, token?: string | null) =>
    svc.http.graphql(q, v, token) as Promise<{ data: any; errors: any[] }>;
  const ok = async (q: string, v: Record<string, unknown>, token: string) => expectNoErrors(await gql(q, v, token)) as any;
  const open = async (order: OrderFixture) =>
    expectNoErrors(await gql(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } })).openShopperSession
      .token as string;
  /** A return of the order's first line through the merchant's API: `quantity` units, exchanged for TEE-M when asked. */
  const merchantReturn = (order: OrderFixture, quantity: number, exchange: boolean) =>
    svc.http.post(
      `/v2.2/stores/${s.storeId}/returns`,
      {
        data: {
          provider: "custom",
          externalOrderId: order.externalId,
          items: [
            {
              lineItemId: order.lineItems[0]!.id,
              quantity,
              reason: "Too small",
              reasonCode: "too_small",
              compensation: exchange ? "exchange" : "refund",
              ...(exchange ? { exchangeSku: "TEE-M" } : {}),
            },
          ],
        },
      },
      { token: s.secret },
    );

  it("refuses a final-sale line with the policy's decision as data, why as its code, its French from it", async () => {
    const order = await draftOrder(svc, s);
    const token = await open(order);
    const res = await gql(ADD, { i: { lineItemId: order.lineItems[2]!.id } }, token);
    const err = res.errors[0];
    expect(err.extensions).toMatchObject({ status: 422, type: "drafts/line-not-returnable", field: "input.lineItemId" });
    expect(err.extensions.decision).toEqual({ code: "FINAL_SALE", params: { windowDays: "0" } });
    const refusal = err.extensions.refusal as Refusal;
    expect(refusal).toEqual({
      code: "LINE_NOT_RETURNABLE",
      params: {
        field: "input.lineItemId",
        line: order.lineItems[2]!.id,
        refusal: "FINAL_SALE",
        decision: "FINAL_SALE",
        "decision.windowDays": "0",
      },
    });
    expect(err.message).toBe(`Line item ${order.lineItems[2]!.id} cannot be returned: This item is final sale and cannot be returned.`);
    // What the portal shows a French shopper: the code's sentence with the decision in French.
    const policy = shopperWords(decisionOfParams(refusal.params)!, readerFormat("fr"));
    expect(say("fr", "refusal.LINE_NOT_RETURNABLE", { policy })).toBe(
      "Cet article ne peut pas être retourné. Cet article est en vente finale et ne peut pas être retourné.",
    );
  });

  it("answers a submission whose units another return took meanwhile with the creation path's code; the draft stays open", async () => {
    const order = await draftOrder(svc, s);
    const token = await open(order);
    const d = (await ok(ADD, { i: { lineItemId: order.lineItems[0]!.id, quantity: 2, reasonCode: "too_small" } }, token))
      .addDraftReturnItem;
    await ok(UPDATE, { item: d.items[0].id, i: { answer: "M" } }, token);
    await ok(FINALIZE, {}, token);
    await ok(CREDIT, { c: "refund" }, token);
    expect((await merchantReturn(order, 1, false)).status).toBe(201);

    const err = (await gql(SUBMIT, {}, token)).errors[0];
    expect(err.extensions).toMatchObject({ status: 422, type: "drafts/policy-refused" });
    const refusal = err.extensions.refusal as Refusal;
    expect(refusal.code).toBe("RETURN_NOT_ACCEPTED");
    expect(["POLICY_REFUSED", "RETURN_QUANTITY_EXCEEDED"]).toContain(refusal.params.cause);
    // The English is the creation path's own for its code, as the warehouse door always answered it.
    const { cause, ...params } = refusal.params;
    const list = cause === "POLICY_REFUSED" ? POLICY_REFUSALS : RETURN_REFUSALS;
    expect(err.message).toBe((list.detail as unknown as (c: string, p: typeof params) => string)(String(cause), params));
    expect(err.message).toContain(order.lineItems[0]!.id);
    expect((await ok(GET, {}, token)).draftReturn).toEqual({ state: "items_finalized", returnId: null });
  });

  it("answers a submission whose exchange variant went out of stock meanwhile with the inventory's code and English", async () => {
    const order = await draftOrder(svc, s);
    const token = await open(order);
    const d = (await ok(ADD, { i: { lineItemId: order.lineItems[0]!.id, reasonCode: "too_small" } }, token)).addDraftReturnItem;
    await ok(UPDATE, { item: d.items[0].id, i: { answer: "M", outcome: "exchange", exchangeVariant: "TEE-M" } }, token);
    await ok(FINALIZE, {}, token);
    // The store's three TEE-M are held by two other orders' exchanges.
    for (const units of [2, 1]) expect((await merchantReturn(await draftOrder(svc, s), units, true)).status).toBe(201);

    const err = (await gql(SUBMIT, {}, token)).errors[0];
    expect(err.extensions).toMatchObject({ status: 422, type: "drafts/exchange-variant-unavailable", field: "items" });
    const refusal = err.extensions.refusal as Refusal;
    expect(refusal).toEqual({
      code: "EXCHANGE_NOT_HELD",
      params: { field: "items", at: expect.stringMatching(/items\[0\]$/), line: order.lineItems[0]!.id, sku: "TEE-M", units: 1 },
    });
    const p = refusal.params;
    expect(err.message).toBe(
      INVENTORY_REFUSALS.detail("EXCHANGE_OUT_OF_STOCK", { field: String(p.at), lineItemId: String(p.line), quantity: 1, sku: "TEE-M" }),
    );
    expect(err.message).toMatch(/fewer than 1 unit\(s\) of SKU TEE-M/);
    expect((await ok(GET, {}, token)).draftReturn).toEqual({ state: "items_finalized", returnId: null });
  });
});
