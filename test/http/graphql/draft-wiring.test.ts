// The draft flow wired to the store's portal settings and the shipping side (issue 25): the lookup by the
// store's method, the return method among those offered, a submit that issues the label (or drop-off code)
// in its transaction so the draft, the return and the confirmation mail carry it, and kept items.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { startTestService, type TestService } from "../../support/server.js";
import { DRAFT_FIELDS, DRAFT_POLICY, draftOrder, draftPortal, draftStore, type DraftStore } from "../../support/drafts.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token draftId } }`;
const ADD = `mutation($i: DraftItemInput!) { addDraftReturnItem(input: $i) { ${DRAFT_FIELDS} } }`;
const FINALIZE = `mutation { finalizeDraftReturnItems { state } }`;
const CREDIT = `mutation($c: DraftCreditType!) { setDraftReturnCreditType(creditType: $c) { state } }`;
const METHOD = `mutation($m: DraftReturnMethod!) { setDraftReturnMethod(method: $m) { returnMethod } }`;
const SUBMIT = `mutation { submitDraftReturn { state returnId returnNumber shipping { method carrier trackingNumber dropOffCode } } }`;
const GET = `query { draftReturn { returnMethod state } }`;
const RETURN = `query($id: ID!) { return(id: $id) { status origin shipment { carrier tracker } shipping { method trackingNumber }
  createdBy { type } items { compensation } } }`;
const OUTBOX = `query($s: ID!) { emailOutbox(storeId: $s) { kind returnNumber text status } }`;

describe.each(providers)("draft returns wired to the portal and shipping (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, { MAIL_POLL_INTERVAL: "50ms" });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const gql = (q: string, v: Record<string, unknown>, token?: string | null) =>
    svc.http.graphql(q, v, token) as Promise<{ data: any; errors: any[] }>;
  const ok = async (q: string, v: Record<string, unknown>, token?: string | null) => expectNoErrors(await gql(q, v, token)) as any;
  /** A shopper session on a new order, one item added (reason changed_mind) and finalized with a refund. */
  const finalized = async (s: DraftStore, item: Record<string, unknown> = {}) => {
    const order = await draftOrder(svc, s);
    const { token } = (await ok(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } }))
      .openShopperSession;
    await ok(ADD, { i: { lineItemId: order.lineItems[1]!.id, reasonCode: "changed_mind", ...item } }, token);
    await ok(FINALIZE, {}, token);
    await ok(CREDIT, { c: "refund" }, token);
    return { order, token: token as string };
  };

  it("looks orders up by the store's method: a postal-code store answers an email like an unknown order", async () => {
    const s = await draftStore(svc, "Postal store");
    await draftPortal(svc, s, { lookupMethod: "postal_code" });
    const order = await draftOrder(svc, s);
    const byEmail = await gql(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } });
    const unknown = await gql(OPEN, { st: s.storeId, i: { orderName: "#NOPE-9", secondaryInput: "62701" } });
    expect(unknown.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/order-not-found", field: "input.secondaryInput" });
    expect(byEmail.errors[0]).toEqual(unknown.errors[0]);
    expect((await ok(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "62701" } })).openShopperSession.token).toMatch(
      /^rtr_sh_/,
    );
    // An email store refuses the postal code the same way.
    await draftPortal(svc, s, { lookupMethod: "email" });
    const byZip = await gql(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "62701" } });
    expect(byZip.errors[0]).toEqual(unknown.errors[0]);
  });

  it("refuses a return method the store does not offer at that step; submit issues the label the draft, return and mail show", async () => {
    const s = await draftStore(svc, "Label store");
    await draftPortal(svc, s, { returnMethods: ["prepaid_label"] });
    const { token } = await finalized(s);
    const refused = await gql(METHOD, { m: "drop_off" }, token);
    expect(refused.errors[0].extensions).toMatchObject({ status: 422, type: "drafts/return-method-not-offered", field: "method" });
    expect(refused.errors[0].message).toMatch(/choose one of: label/);
    expect((await ok(GET, {}, token)).draftReturn).toEqual({ returnMethod: null, state: "items_finalized" });
    await ok(METHOD, { m: "label" }, token);
    const submitted = (await ok(SUBMIT, {}, token)).submitDraftReturn;
    expect(submitted.shipping).toEqual({
      method: "label",
      carrier: expect.any(String),
      trackingNumber: expect.any(String),
      dropOffCode: null,
    });
    const tracking = submitted.shipping.trackingNumber;
    // Again: the same return and the one label.
    expect((await ok(SUBMIT, {}, token)).submitDraftReturn.shipping.trackingNumber).toBe(tracking);
    const ret = (await ok(RETURN, { id: submitted.returnId }, s.staff)).return;
    expect(ret).toMatchObject({
      origin: "shopper_portal",
      shipment: { tracker: tracking },
      shipping: { method: "prepaid_label", trackingNumber: tracking },
    });
    expect(await svc.services.db.prisma.returnShipping.count({ where: { returnId: submitted.returnId } })).toBe(1);
    const mail = await vi.waitFor(
      async () => {
        const m = (await ok(OUTBOX, { s: s.storeId }, s.secret)).emailOutbox.find(
          (x: any) => x.kind === "confirmation" && x.returnNumber === `R${submitted.returnNumber}` && x.text,
        );
        if (!m) throw new Error("no rendered confirmation yet");
        return m;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(mail.text).toContain(`Tracking number: ${tracking}`);
  });

  it("a store that stops offering the chosen method refuses the submit and the draft stays open", async () => {
    const s = await draftStore(svc, "Changing store");
    const { token } = await finalized(s);
    await ok(METHOD, { m: "drop_off" }, token);
    await draftPortal(svc, s, { returnMethods: ["ship_yourself"] });
    const res = await gql(SUBMIT, {}, token);
    expect(res.errors[0].extensions).toMatchObject({ status: 422, field: "method" });
    expect((await ok(GET, {}, token)).draftReturn.state).toBe("items_finalized");
    expect(await svc.services.db.prisma.return.count({ where: { storeId: s.storeId } })).toBe(0);
    await draftPortal(svc, s);
    const submitted = (await ok(SUBMIT, {}, token)).submitDraftReturn;
    expect(submitted.shipping).toMatchObject({ method: "drop_off", trackingNumber: null, dropOffCode: expect.stringMatching(/^RD-/) });
  });

  it("submits a draft with a kept line: the return keeps it and ships nothing back", async () => {
    const s = await draftStore(svc, "Keep store");
    // Keep items below 30.00 (line 2 is 25.00) when the shopper changed their mind.
    const policy = {
      ...DRAFT_POLICY,
      outcomes: { ...DRAFT_POLICY.outcomes, keepItemBelow: "30.00" },
      reasons: DRAFT_POLICY.reasons.map((r) => (r.code === "changed_mind" ? { ...r, outcomes: [...r.outcomes, "keep_item"] } : r)),
    };
    const put = await svc.http.put(`/v2.2/stores/${s.storeId}/return-policy/draft`, { draft: policy }, { token: s.secret });
    expect(put.status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${s.storeId}/return-policy/publish`, {}, { token: s.secret })).status).toBe(201);
    const { token } = await finalized(s, { outcome: "keep_item" });
    await ok(METHOD, { m: "label" }, token);
    const submitted = (await ok(SUBMIT, {}, token)).submitDraftReturn;
    expect(submitted).toMatchObject({ state: "submitted", returnId: expect.stringMatching(/^ret_/), shipping: null });
    const ret = (await ok(RETURN, { id: submitted.returnId }, s.staff)).return;
    expect(ret).toMatchObject({ createdBy: { type: "shopper" }, items: [{ compensation: "keep_item" }], shipment: null, shipping: null });
  });

  it("records where a return came from: the portal, a storefront's key, the merchant's key, the dashboard", async () => {
    const s = await draftStore(svc, "Origin store");
    const storefront = (await svc.createApiClient(s.storeId, ["draft_returns_read", "draft_returns_write", "draft_returns_storefront"]))
      .secret;
    const submitVia = async (key: string) => {
      const order = await draftOrder(svc, s);
      const init = (
        await ok(
          `mutation($s: ID!, $i: DraftLookupInput!) { initializeDraftReturn(storeId: $s, input: $i) { shopperToken draft { id } } }`,
          { s: s.storeId, i: { orderName: order.name, secondaryInput: "62701" } },
          key,
        )
      ).initializeDraftReturn;
      const v = { id: init.draft.id, t: init.shopperToken };
      const ref = "id: $id, shopperToken: $t";
      const args = "$id: ID, $t: String";
      await ok(
        `mutation(${args}, $i: DraftItemInput!) { addDraftReturnItem(${ref}, input: $i) { id } }`,
        {
          ...v,
          i: { lineItemId: order.lineItems[1]!.id, reasonCode: "changed_mind" },
        },
        key,
      );
      await ok(`mutation(${args}) { finalizeDraftReturnItems(${ref}) { id } }`, v, key);
      await ok(`mutation(${args}) { setDraftReturnCreditType(${ref}, creditType: refund) { id } }`, v, key);
      const returnId = (await ok(`mutation(${args}) { submitDraftReturn(${ref}) { returnId } }`, v, key)).submitDraftReturn.returnId;
      return (await ok(RETURN, { id: returnId }, s.staff)).return;
    };
    expect(await submitVia(storefront)).toMatchObject({ origin: "storefront_api", createdBy: { type: "shopper" } });
    expect(await submitVia(s.secret)).toMatchObject({ origin: "merchant_api", createdBy: { type: "shopper" } });
    expect(await submitVia(s.staff)).toMatchObject({ origin: "dashboard", createdBy: { type: "shopper" } });
  });
});
