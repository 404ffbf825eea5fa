// The core draft flow through /graphql (issue 25): a shopper session opened by order name and email or
// postal code (unknown order and wrong input answer alike; throttled), bound to its one draft; eligibility
// per line from the published policy (final sale, unfulfilled); the state machine with every refusal naming
// its field and changing nothing; submit through the returns creation path, once, also when raced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { startTestService, type TestService } from "../../support/server.js";
import { DRAFT_FIELDS, draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token expiresAt draftId } }`;
const INIT = `mutation($s: ID!, $i: DraftLookupInput!) { initializeDraftReturn(storeId: $s, input: $i) { shopperToken draft { ${DRAFT_FIELDS} } } }`;
const GET = `query($id: ID, $t: String) { draftReturn(id: $id, shopperToken: $t) { ${DRAFT_FIELDS} } }`;
const ADD = `mutation($id: ID, $i: DraftItemInput!) { addDraftReturnItem(id: $id, input: $i) { ${DRAFT_FIELDS} } }`;
const UPDATE = `mutation($id: ID, $item: ID!, $i: DraftItemUpdateInput!) { updateDraftReturnItem(id: $id, itemId: $item, input: $i) { ${DRAFT_FIELDS} } }`;
const REMOVE = `mutation($id: ID, $item: ID!) { removeDraftReturnItem(id: $id, itemId: $item) { ${DRAFT_FIELDS} } }`;
const FINALIZE = `mutation($id: ID) { finalizeDraftReturnItems(id: $id) { ${DRAFT_FIELDS} } }`;
const CREDIT = `mutation($id: ID, $c: DraftCreditType!) { setDraftReturnCreditType(id: $id, creditType: $c) { ${DRAFT_FIELDS} } }`;
const METHOD = `mutation($id: ID, $m: DraftReturnMethod!) { setDraftReturnMethod(id: $id, method: $m) { ${DRAFT_FIELDS} } }`;
const ADDRESS = `mutation($id: ID, $a: DraftAddressInput!) { setDraftReturnAddress(id: $id, address: $a) { ${DRAFT_FIELDS} } }`;
const SUBMIT = `mutation($id: ID) { submitDraftReturn(id: $id) { ${DRAFT_FIELDS} } }`;
const CANCEL = `mutation($id: ID) { cancelDraftReturn(id: $id) { state allowedActions } }`;
const RETURN = `query($id: ID!) { return(id: $id) { status createdBy { type name } items { quantity compensation reasonCode exchangeItem { variant { name } } } } }`;

describe.each(providers)("draft returns over GraphQL (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const gql = (q: string, v: Record<string, unknown>, token?: string | null) =>
    svc.http.graphql(q, v, token) as Promise<{ data: any; errors: any[] }>;
  const ok = async (q: string, v: Record<string, unknown>, token?: string | null) => expectNoErrors(await gql(q, v, token)) as any;
  const open = async (orderName: string, secondaryInput: string) =>
    (await ok(OPEN, { st: s.storeId, i: { orderName, secondaryInput } })).openShopperSession;

  it("opens a shopper session by order name and email or postal code; unknown order and wrong input answer alike", async () => {
    const order = await draftOrder(svc, s);
    const session = await open(order.name, "JANE@example.test ");
    expect(session.token).toMatch(/^rtr_sh_/);
    const byZip = await open(order.name.slice(1), "62 701");
    expect(byZip.draftId).not.toBe(session.draftId);
    const wrong = await gql(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "someone@else.test" } });
    const unknown = await gql(OPEN, { st: s.storeId, i: { orderName: "#NOPE-1", secondaryInput: "jane@example.test" } });
    const otherStore = await gql(OPEN, { st: "st_nope", i: { orderName: order.name, secondaryInput: "jane@example.test" } });
    expect(wrong.errors[0]).toEqual(unknown.errors[0]);
    expect(otherStore.errors[0]).toEqual(unknown.errors[0]);
    expect(unknown.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/order-not-found", field: "input.secondaryInput" });
    // The token is stored hashed only.
    const row = await svc.services.db.prisma.draftReturn.findUniqueOrThrow({ where: { id: session.draftId } });
    expect(row.tokenHash).not.toContain(session.token.split("_")[3]);
    expect(JSON.stringify(row)).not.toContain(session.token);
  });

  it("shows each line's eligibility: final sale, the outcomes with the bonus, exchange variants with stock", async () => {
    const order = await draftOrder(svc, s);
    const { token } = await open(order.name, "jane@example.test");
    const d = (await ok(GET, {}, token)).draftReturn;
    expect(d).toMatchObject({
      state: "created",
      orderName: order.name,
      currency: "USD",
      customerEmail: "jane@example.test",
      openedBy: "shopper",
    });
    expect(d.allowedActions).toEqual(["add_item", "set_address", "set_customer", "cancel"]);
    const [tee, second, sale] = d.lines;
    expect(tee).toMatchObject({ lineItemId: order.lineItems[0]!.id, returnableQuantity: 2, refusalCode: null });
    expect(tee.outcomes).toContainEqual({ outcome: "store_credit", total: { amount: "44.00" }, bonus: { amount: "4.00" } });
    // Line 1 is prod-1 at 40.00: its variants at that price, with what is on hand.
    expect(tee.exchangeVariants.map((v: any) => [v.sku, v.inStock])).toEqual([
      ["TEE-S", false],
      ["TEE-M", true],
      ["TEE-L", false],
    ]);
    expect(second.returnableQuantity).toBe(1);
    expect(sale).toMatchObject({
      returnableQuantity: 0,
      refusalCode: "FINAL_SALE",
      shopperMessage: expect.stringMatching(/final sale/),
    });
    expect(d.shippingAddress).toMatchObject({ line1: "1 Main St", postalCode: "62701", country: "US" });
  });

  it("offers an exchange for another variant, never the one returned", async () => {
    const order = await draftOrder(svc, s, { firstSku: "TEE-M" });
    const { token } = await open(order.name, "jane@example.test");
    const d = (await ok(GET, {}, token)).draftReturn;
    expect(d.lines[0].exchangeVariants.map((v: any) => v.sku)).toEqual(["TEE-S", "TEE-L"]);
    const added = (await ok(ADD, { i: { lineItemId: order.lineItems[0]!.id, reasonCode: "too_small" } }, token)).addDraftReturnItem;
    const same = await gql(UPDATE, { item: added.items[0].id, i: { outcome: "exchange", exchangeVariant: "TEE-M" } }, token);
    expect(same.errors[0].extensions).toMatchObject({
      status: 400,
      field: "input.exchangeVariant",
      refusal: { code: "VARIANT_NOT_OFFERED" },
    });
  });

  it("an unfulfilled order opens with nothing returnable", async () => {
    const order = await draftOrder(svc, s, { fulfilled: false });
    const { token } = await open(order.name, "jane@example.test");
    const d = (await ok(GET, {}, token)).draftReturn;
    expect(d.lines.map((l: any) => [l.returnableQuantity, l.refusalCode])).toEqual([
      [0, "NOT_FULFILLED"],
      [0, "NOT_FULFILLED"],
      [0, "NOT_FULFILLED"],
    ]);
  });

  it("walks the state machine as a shopper: refusals name the field and change nothing; submit makes one return", async () => {
    const order = await draftOrder(svc, s);
    const { token, draftId } = await open(order.name, "jane@example.test");
    const [l1, l2, l3] = order.lineItems.map((l) => l.id);
    const before = (await ok(GET, {}, token)).draftReturn;
    const refused = async (q: string, v: Record<string, unknown>, field: string | null, type?: string) => {
      const res = await gql(q, v, token);
      expect(res.errors?.[0]?.extensions?.field ?? null).toBe(field);
      if (type) expect(res.errors[0].extensions.type).toBe(type);
      return res.errors[0];
    };
    const sale = await refused(ADD, { i: { lineItemId: l3 } }, "input.lineItemId", "drafts/line-not-returnable");
    expect(sale.extensions.decision).toEqual({ code: "FINAL_SALE", params: { windowDays: "0" } });
    await refused(ADD, { i: { lineItemId: "nope" } }, "input.lineItemId");
    await refused(ADD, { i: { lineItemId: l1, quantity: 3 } }, "input.quantity");
    await refused(FINALIZE, {}, "items");
    expect((await ok(GET, {}, token)).draftReturn).toEqual(before);

    let d = (await ok(ADD, { i: { lineItemId: l1, quantity: 1, reasonCode: "too_small" } }, token)).addDraftReturnItem;
    const tee = d.items[0];
    await refused(ADD, { i: { lineItemId: l1 } }, "input.lineItemId");
    await refused(UPDATE, { item: tee.id, i: { reasonCode: "bogus" } }, "input.reasonCode");
    await refused(UPDATE, { item: tee.id, i: { exchangeVariant: "TEE-M" } }, "input.exchangeVariant");
    await refused(
      UPDATE,
      { item: tee.id, i: { outcome: "exchange", exchangeVariant: "TEE-L" } },
      "input.exchangeVariant",
      "drafts/exchange-variant-unavailable",
    );
    await refused(UPDATE, { item: tee.id, i: { outcome: "exchange", exchangeVariant: "NOPE" } }, "input.exchangeVariant");
    const mid = (await ok(GET, {}, token)).draftReturn;
    expect(mid.items[0]).toMatchObject({ reasonCode: "too_small", outcome: null, exchangeSku: null });
    expect(mid.lines[0].exchangeVariants).toEqual([
      { sku: "TEE-S", inStock: false, variantId: "9000" },
      { sku: "TEE-M", inStock: true, variantId: "9001" },
      { sku: "TEE-L", inStock: false, variantId: "9002" },
    ]);
    d = (await ok(UPDATE, { item: tee.id, i: { outcome: "exchange", exchangeVariant: "9001" } }, token)).updateDraftReturnItem;
    expect(d.items[0]).toMatchObject({ outcome: "exchange", exchangeSku: "TEE-M" });
    d = (await ok(ADD, { i: { lineItemId: l2, reasonCode: "changed_mind" } }, token)).addDraftReturnItem;
    const second = d.items[1];
    await refused(UPDATE, { item: second.id, i: { outcome: "exchange" } }, "input.outcome");
    // Finalizing asks for the too_small reason's answer first.
    const finalize = await refused(FINALIZE, {}, "items[0].answer");
    expect(finalize.message).toMatch(/What size do you usually wear/);
    await ok(UPDATE, { item: tee.id, i: { answer: "M" } }, token);
    await refused(CREDIT, { c: "refund" }, null, "drafts/wrong-state");
    d = (await ok(FINALIZE, {}, token)).finalizeDraftReturnItems;
    expect(d.state).toBe("items_finalized");
    expect(d.allowedActions).toEqual(["set_address", "set_customer", "set_credit_type", "set_return_method", "cancel"]);
    await refused(ADD, { i: { lineItemId: l2 } }, null, "drafts/wrong-state");
    await refused(ADDRESS, { a: { line1: "2 Elm St", city: "Paris", country: "France" } }, "address.country");
    d = (await ok(CREDIT, { c: "store_credit" }, token)).setDraftReturnCreditType;
    expect(d.allowedActions).toContain("submit");
    expect(d.totals).toEqual({
      returnTotal: { amount: "65.00", currency: "USD" },
      bonus: { amount: "2.50" },
      refund: { amount: "0.00" },
      storeCredit: { amount: "27.50" },
      exchange: { amount: "40.00" },
    });
    d = (await ok(METHOD, { m: "drop_off" }, token)).setDraftReturnMethod;
    expect(d.returnMethod).toBe("drop_off");

    const submitted = (await ok(SUBMIT, {}, token)).submitDraftReturn;
    expect(submitted).toMatchObject({
      state: "submitted",
      returnId: expect.stringMatching(/^ret_/),
      returnNumber: expect.any(Number),
      allowedActions: [],
    });
    const again = (await ok(SUBMIT, {}, token)).submitDraftReturn;
    expect(again.returnId).toBe(submitted.returnId);
    await refused(CANCEL, {}, null, "drafts/closed");
    // The merchant sees the return, created by the shopper, with the reasons and the held exchange.
    const ret = (await ok(RETURN, { id: submitted.returnId }, s.staff)).return;
    expect(ret.createdBy).toEqual({ type: "shopper", name: "Shopper" });
    expect(ret.items).toEqual([
      { quantity: 1, compensation: "exchange", reasonCode: "too_small", exchangeItem: { variant: { name: "M" } } },
      { quantity: 1, compensation: "store_credit", reasonCode: "changed_mind", exchangeItem: null },
    ]);
    // The session reaches its draft only: not another draft, not the store's returns.
    const other = await open(order.name, "jane@example.test");
    expect((await gql(GET, { id: other.draftId }, token)).errors[0].extensions.status).toBe(404);
    expect((await gql(RETURN, { id: submitted.returnId }, token)).errors[0].extensions.status).toBe(403);
    expect(draftId).toBe(submitted.id);
  });

  it("removes items and cancels; a cancelled draft refuses every action as terminal", async () => {
    const order = await draftOrder(svc, s);
    const { token } = await open(order.name, "jane@example.test");
    const d = (await ok(ADD, { i: { lineItemId: order.lineItems[1]!.id } }, token)).addDraftReturnItem;
    expect((await ok(REMOVE, { item: d.items[0].id }, token)).removeDraftReturnItem.items).toEqual([]);
    expect((await ok(CANCEL, {}, token)).cancelDraftReturn).toEqual({ state: "cancelled", allowedActions: [] });
    const res = await gql(ADD, { i: { lineItemId: order.lineItems[1]!.id } }, token);
    expect(res.errors[0].extensions).toMatchObject({ status: 422, type: "drafts/closed" });
  });

  it("merchant keys see every draft; storefront keys get the token and must send it; submit raced makes one return", async () => {
    const order = await draftOrder(svc, s);
    const storefront = (await svc.createApiClient(s.storeId, ["draft_returns_read", "draft_returns_write", "draft_returns_storefront"]))
      .secret;
    const init = (await ok(INIT, { s: s.storeId, i: { orderName: order.name, secondaryInput: "62701" } }, storefront))
      .initializeDraftReturn;
    expect(init.shopperToken).toMatch(/^rtr_sh_/);
    expect(init.draft.openedBy).toBe("shopper");
    const id = String(init.draft.number);
    expect((await gql(GET, { id }, storefront)).errors[0].extensions.status).toBe(404);
    expect(
      (await gql(GET, { id, t: "rtr_sh_AAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, storefront)).errors[0].extensions.status,
    ).toBe(404);
    expect((await ok(GET, { id, t: init.shopperToken }, storefront)).draftReturn.id).toBe(init.draft.id);
    // A merchant key: no token given, none needed.
    const merchant = (await ok(INIT, { s: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } }, s.secret))
      .initializeDraftReturn;
    expect(merchant.shopperToken).toBeNull();
    expect(merchant.draft.openedBy).toBe("merchant");
    const mid = merchant.draft.id;
    expect((await ok(GET, { id: init.draft.id }, s.secret)).draftReturn.number).toBe(init.draft.number);
    await ok(
      ADD,
      { id: mid, i: { lineItemId: order.lineItems[0]!.id, quantity: 2, reasonCode: "changed_mind", outcome: "refund" } },
      s.secret,
    );
    await ok(FINALIZE, { id: mid }, s.secret);
    const results = await Promise.all([1, 2, 3].map(() => gql(SUBMIT, { id: mid }, s.secret)));
    const ids = results.map((r) => expectNoErrors(r as any) as any).map((r) => r.submitDraftReturn.returnId);
    expect(new Set(ids).size).toBe(1);
    const returns = await svc.services.db.prisma.return.count({ where: { order: { externalId: order.externalId } } });
    expect(returns).toBe(1);
  });

  it("a shopper token lives 2 hours from its last use; a lapsed draft is expired (terminal); a lapsed token is refused", async () => {
    const order = await draftOrder(svc, s);
    const { token, draftId } = await open(order.name, "jane@example.test");
    const prisma = svc.services.db.prisma;
    // Used with 10 minutes left, the token runs 2 hours from this use.
    await prisma.draftReturn.update({ where: { id: draftId }, data: { tokenExpiresAt: new Date(Date.now() + 600_000) } });
    await ok(GET, {}, token);
    const refreshed = (await prisma.draftReturn.findUniqueOrThrow({ where: { id: draftId } })).tokenExpiresAt.getTime();
    expect(refreshed).toBeGreaterThan(Date.now() + 2 * 3_600_000 - 60_000);
    await prisma.draftReturn.update({ where: { id: draftId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await gql(ADD, { i: { lineItemId: order.lineItems[0]!.id } }, token);
    expect(res.errors[0].extensions).toMatchObject({ status: 422, type: "drafts/closed" });
    expect((await ok(GET, {}, token)).draftReturn).toMatchObject({ state: "expired", allowedActions: [] });
    await prisma.draftReturn.update({ where: { id: draftId }, data: { tokenExpiresAt: new Date(Date.now() - 1000) } });
    expect((await gql(GET, {}, token)).errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("caps the open drafts of an order, also when lookups race", async () => {
    const order = await draftOrder(svc, s);
    const prisma = svc.services.db.prisma;
    const row = await prisma.order.findFirstOrThrow({ where: { storeId: s.storeId, externalId: order.externalId } });
    const future = new Date(Date.now() + 86_400_000);
    await prisma.draftReturn.createMany({
      data: Array.from({ length: 18 }, (_, i) => ({
        id: `dr_cap_${provider}_${i}`,
        storeId: s.storeId,
        compatId: 900_000 + i + (provider === "sqlite" ? 0 : 100),
        orderId: row.id,
        tokenLookupId: `cap${provider}${i}`.padEnd(12, "x"),
        tokenHash: "0".repeat(64),
        tokenExpiresAt: future,
        expiresAt: future,
        openedBy: "shopper",
      })),
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => gql(INIT, { s: s.storeId, i: { orderName: order.name, secondaryInput: "62701" } }, s.secret)),
    );
    const opened = results.filter((r) => !r.errors).length;
    expect(opened).toBe(2);
    for (const r of results.filter((x) => x.errors))
      expect(r.errors[0].extensions).toMatchObject({ status: 409, type: "drafts/too-many-open-drafts" });
    expect(await prisma.draftReturn.count({ where: { orderId: row.id, state: "created" } })).toBe(20);
  });

  it("throttles lookups per order name", async () => {
    const order = await draftOrder(svc, s);
    let last: any;
    for (let i = 0; i < 11; i++)
      last = await gql(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: `x${i}@example.test` } });
    expect(last.errors[0].extensions).toMatchObject({ status: 429, type: "drafts/order-lookup-throttled" });
  });
});
