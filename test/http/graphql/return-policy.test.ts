// The store's return policy through the real doors: the draft refused naming the field, publishing as
// numbered versions (concurrent publishes never lose one), eligibility per line with the deciding rule,
// and every door's return creation refusing an ineligible line unless the merchant overrides the policy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatClient } from "../../support/compat.js";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days from } } draftUpdatedBy { type name } } }`;
const PUBLISH = `mutation($s: ID!) { publishReturnPolicy(storeId: $s) { number timeZone publishedBy { type name } } }`;
const READ = `query($s: ID!) { returnPolicy(storeId: $s) { timeZone published { number } versions { number publishedBy { name } rules { exclusions { skus } } } } }`;
const ELIGIBILITY = `query($s: ID!, $o: ID!, $items: [EligibilityItemInput!], $at: DateTime) {
  returnEligibility(storeId: $s, orderId: $o, items: $items, at: $at) {
    policyVersion review
    lines { lineItemId asked returnable windowEndsAt decisions { effect rule name shopperMessage merchantExplanation }
      outcomes { outcome value { amount currency } total { amount } bonus { amount { amount } rule } fees { kind amount { amount } rule } } }
    summary { outcome total { amount } fees { kind amount { amount } } bonus { amount { amount } } }
  }
}`;
// The policy: final sale (SKU-2) excluded, a 5.00 fee waived for store credit, a 10% bonus.
const DONE_WHEN = {
  window: { days: 3650, from: "order" },
  windowRules: [{ name: "Final sale", skus: ["SKU-2"], days: 0 }],
  outcomes: { refund: true, storeCredit: true, exchange: true },
  returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
  bonus: { percent: "10", on: ["store_credit", "exchange"] },
};

describe.each(providers)("return policy (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>, token = secret) => svc.http.graphql(query, variables, token);

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Policy store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("creates returns as before while no policy is published", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[1]!.id, quantity: 1 }]),
      { token: secret },
    );
    expect(res.status).toBe(201);
    const got = await gql(`query($id: ID!) { return(id: $id) { policyVersion } }`, { id: res.body.return.id });
    expect(got.data.return.policyVersion).toBeNull();
    const e = await gql(ELIGIBILITY, { s: storeId, o: order.externalId });
    expect(e.data.returnEligibility.policyVersion).toBeNull();
    expect(e.data.returnEligibility.lines.map((l: { returnable: number }) => l.returnable)).toEqual([2, 0]);
  });

  it("refuses a bad policy naming each field and its fix, and an unknown time zone", async () => {
    const bad = await gql(POLICY, { s: storeId, i: { returnFee: { percent: "150" }, windowRules: [{ name: "x", days: 3 }] } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "input.windowRules[0]" });
    expect(bad.errors?.[0]?.extensions.problems.map((p: { field: string }) => p.field)).toEqual([
      "input.windowRules[0]",
      "input.returnFee.percent",
    ]);
    expect(bad.errors?.[0]?.message).toMatch(/can never match/);
    // Each problem a code with its parameters (src/policy/rule-refusals.ts), its English as it always was.
    expect(bad.errors?.[0]?.extensions.problems).toEqual([
      {
        field: "input.windowRules[0]",
        detail: "`input.windowRules[0]` names no product, so it can never match: give tags, skus or productTypes.",
        refusal: { code: "RULE_WINDOW_NO_PRODUCT", params: { field: "input.windowRules[0]" } },
      },
      {
        field: "input.returnFee.percent",
        detail: "`input.returnFee.percent` must be at most 100 (a percentage of the value); got 150.",
        refusal: { code: "RULE_PERCENT_ABOVE_100", params: { value: "150", field: "input.returnFee.percent" } },
      },
    ]);
    const negative = await gql(POLICY, { s: storeId, i: { window: { days: -1 } } });
    expect(negative.errors?.[0]?.extensions).toMatchObject({ status: 400 });
    expect(negative.errors?.[0]?.message).toMatch(/window\.days/);
    const zone = await gql(`mutation($s: ID!) { setStoreTimeZone(storeId: $s, timeZone: "Mars/Olympus") { timeZone } }`, { s: storeId });
    expect(zone.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "timeZone" });
    const none = await gql(PUBLISH, { s: storeId });
    expect(none.errors?.[0]?.extensions).toMatchObject({ status: 409, type: "policy/no-draft" });
  });

  it("needs policy_read to read and policy_write to write", async () => {
    const reader = (await svc.createApiClient(storeId, ["policy_read"])).secret;
    expect((await gql(READ, { s: storeId }, reader)).data.returnPolicy.published).toBeNull();
    expect((await gql(POLICY, { s: storeId, i: DONE_WHEN }, reader)).errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN" });
    const returnsOnly = (await svc.createApiClient(storeId, ["returns_read", "returns_write"])).secret;
    expect((await gql(READ, { s: storeId }, returnsOnly)).errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN" });
  });

  it("publishes numbered versions, never losing one to a concurrent publish, with who published", async () => {
    const zone = await gql(`mutation($s: ID!) { setStoreTimeZone(storeId: $s, timeZone: "America/New_York") { timeZone } }`, {
      s: storeId,
    });
    expect(zone.data.setStoreTimeZone.timeZone).toBe("America/New_York");
    const saved = await gql(POLICY, { s: storeId, i: DONE_WHEN });
    expect(saved.data.updateReturnPolicyDraft.draftUpdatedBy.type).toBe("api_client");
    const results = await Promise.all(Array.from({ length: 4 }, () => gql(PUBLISH, { s: storeId })));
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(results.map((r) => r.data.publishReturnPolicy.number).sort()).toEqual([1, 2, 3, 4]);
    expect(results[0]!.data.publishReturnPolicy).toMatchObject({ timeZone: "America/New_York", publishedBy: { type: "api_client" } });
    const read = await gql(READ, { s: storeId });
    expect(read.data.returnPolicy.published.number).toBe(4);
    expect(read.data.returnPolicy.versions.map((v: { number: number }) => v.number)).toEqual([4, 3, 2, 1]);
    expect(read.data.returnPolicy.versions[0].rules.exclusions.skus).toEqual([]);
  });

  it("answers eligibility per line with the deciding rule, outcomes, fees and bonus", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const items = [
      { lineItemId: order.lineItems[0]!.id, quantity: 1 },
      { lineItemId: order.lineItems[1]!.id, quantity: 1 },
    ];
    const res = await gql(ELIGIBILITY, { s: storeId, o: order.externalId, items });
    expect(res.errors).toBeUndefined();
    const e = res.data.returnEligibility;
    expect(e.policyVersion).toBe(4);
    const [tee, sale] = e.lines;
    expect(sale).toMatchObject({ lineItemId: order.lineItems[1]!.id, returnable: 0, outcomes: [] });
    expect(sale.decisions[0]).toMatchObject({ effect: "refuse", rule: "windowRules[0]", name: "Final sale" });
    expect(tee.outcomes.map((o: { outcome: string; total: { amount: string } }) => [o.outcome, o.total.amount])).toEqual([
      ["refund", "40.00"],
      ["store_credit", "44.00"],
      ["exchange", "44.00"],
    ]);
    const refund = e.summary.find((s: { outcome: string }) => s.outcome === "refund");
    expect(refund).toMatchObject({ total: { amount: "35.00" }, fees: [{ kind: "return_fee", amount: { amount: "5.00" } }] });
    const unknown = await gql(ELIGIBILITY, { s: storeId, o: "no-such-order" });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ status: 404 });
  });

  it("refuses an ineligible line on REST and GraphQL naming the line and the rule; the merchant may override", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const saleLine = order.lineItems[1]!.id;
    const body = returnBody(order, [{ lineItemId: saleLine, quantity: 1 }]);
    const rest = await svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: secret });
    expect(rest.status).toBe(422);
    expect(rest.body).toMatchObject({ field: "data.items[0]" });
    expect(rest.body.type).toMatch(/returns\/policy-refused$/);
    expect(rest.body.detail).toContain(saleLine);
    expect(rest.body.detail).toContain("windowRules[0]");
    // The hint names the option where the request puts it (top level, beside `data`), as the policy guide's request does.
    expect(rest.body.detail).toContain("`options.overridePolicy`");
    expect(rest.body.detail).not.toContain("data.options");
    const CREATE = `mutation($s: ID!, $i: CreateReturnInput!, $o: CreateReturnOptions) { createReturn(storeId: $s, input: $i, options: $o) { return { id policyVersion timeline { action actor { type name } detail } } } }`;
    const gqlRefused = await gql(CREATE, { s: storeId, i: body.data });
    expect(gqlRefused.errors?.[0]?.extensions).toMatchObject({ status: 422, type: "returns/policy-refused", field: "input.items[0]" });
    // The refusal as data: the rule's code and its values, beside the merchant API's sentence.
    expect(gqlRefused.errors?.[0]?.extensions?.refusals).toEqual([
      {
        field: "input.items[0]",
        lineItemId: saleLine,
        rule: "windowRules[0]",
        name: expect.any(String),
        code: "FINAL_SALE",
        params: { windowDays: "0" },
      },
    ]);
    // A refund on an eligible line is fine; a store credit too (the policy offers it).
    const ok = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      { token: secret },
    );
    expect(ok.status).toBe(201);
    const over = await svc.http.post(`/v2.2/stores/${storeId}/returns`, { ...body, options: { overridePolicy: true } }, { token: secret });
    expect(over.status).toBe(201);
    const got = await gql(`query($id: ID!) { return(id: $id) { policyVersion timeline { action actor { type name } detail } } }`, {
      id: over.body.return.id,
    });
    expect(got.data.return.policyVersion).toBe(4);
    const entry = got.data.return.timeline.find((t: { action: string }) => t.action === "policy_overridden");
    expect(entry.actor.type).toBe("api_client");
    expect(JSON.parse(entry.detail)).toMatchObject({ policyVersion: 4, rules: [{ lineItemId: saleLine, rule: "windowRules[0]" }] });
    // The compat door sees the return created outside the policy like any other.
    const details = await compatClient(svc, secret).get(`/return/details?order_name=${encodeURIComponent(order.name.replace(/^#/, ""))}`);
    expect(details.status).toBe(200);
    expect([ok.body.return.id, over.body.return.id]).toContain(details.body.service_id);
  });

  it("records exactly one version on a return created while versions are published", async () => {
    const order = await pushOrder(svc.http, storeId, secret, {
      lines: Array.from({ length: 6 }, (_, i) => ({ id: `race-${Date.now()}-${i}`, quantity: 1 })),
    });
    // Every line but the second (SKU-2, final sale).
    const creates = order.lineItems
      .filter((_, i) => i !== 1)
      .map((li) =>
        svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: li.id, quantity: 1 }]), { token: secret }),
      );
    const publishes = [gql(PUBLISH, { s: storeId }), gql(PUBLISH, { s: storeId })];
    const [made, published] = await Promise.all([Promise.all(creates), Promise.all(publishes)]);
    const numbers = published.map((p) => p.data.publishReturnPolicy.number).sort();
    expect(numbers).toEqual([5, 6]);
    for (const r of made) {
      expect(r.status).toBe(201);
      const v = (await gql(`query($id: ID!) { return(id: $id) { policyVersion } }`, { id: r.body.return.id })).data.return.policyVersion;
      expect([4, 5, 6]).toContain(v);
    }
  });

  it("simulates a draft over past returns beside the published version, page by page", async () => {
    // The draft also makes SKU-1 final sale: every past return of a SKU-1 line changes.
    const stricter = { ...DONE_WHEN, windowRules: [{ name: "Final sale", skus: ["SKU-2", "SKU-1"], days: 0 }] };
    expect((await gql(POLICY, { s: storeId, i: stricter })).errors).toBeUndefined();
    const SIM = `query($s: ID!, $after: String) { returnPolicySimulation(storeId: $s, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z", first: 3, after: $after) {
      scanned publishedVersion pageInfo { hasNextPage endCursor }
      money { currency draft { returns refused refunds { amount } storeCredit { amount } bonus { amount } fees { amount } } published { returns refused refunds { amount } } }
      affected { returnId returnNumber orderName draft { refused decisions { rule effect } } published { refused } } } }`;
    let after: string | null = null;
    let scanned = 0;
    const affected: { returnId: string; draft: { refused: boolean; decisions: { rule: string }[] }; published: { refused: boolean } }[] =
      [];
    let draftRefused = 0;
    let publishedRefused = 0;
    do {
      const res = await gql(SIM, { s: storeId, after });
      expect(res.errors).toBeUndefined();
      const p = res.data.returnPolicySimulation;
      expect(p.publishedVersion).toBe(6);
      expect(p.scanned).toBeLessThanOrEqual(3);
      scanned += p.scanned;
      affected.push(...p.affected);
      for (const m of p.money) {
        expect(m.currency).toBe("USD");
        draftRefused += m.draft.refused;
        publishedRefused += m.published.refused;
      }
      after = p.pageInfo.hasNextPage ? p.pageInfo.endCursor : null;
    } while (after);
    // 1 + 2 + 5 returns made above (the refused ones were never created).
    expect(scanned).toBe(8);
    expect(affected.length).toBeGreaterThan(0);
    for (const a of affected) {
      expect((a as unknown as { returnNumber: string }).returnNumber).toMatch(/^R\d+$/);
      expect(a.draft.refused).toBe(true);
      expect(a.draft.decisions.map((d) => d.rule)).toContain("windowRules[0]");
    }
    expect(draftRefused).toBeGreaterThan(publishedRefused);
  });

  it("explains on the return which rules of its version allowed, charged and refused it", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const body = returnBody(order, [
      { lineItemId: order.lineItems[0]!.id, quantity: 1 },
      { lineItemId: order.lineItems[1]!.id, quantity: 1 },
    ]);
    const made = await svc.http.post(`/v2.2/stores/${storeId}/returns`, { ...body, options: { overridePolicy: true } }, { token: secret });
    expect(made.status).toBe(201);
    const WHY = `query($id: ID!) { return(id: $id) { policyVersion policyEvaluation { policyVersion
      lines { lineItemId asked returnable decisions { effect rule name } outcomes { outcome total { amount currency } } } summary { outcome total { amount } } } } }`;
    const got = await gql(WHY, { id: made.body.return.id });
    expect(got.errors).toBeUndefined();
    const r = got.data.return;
    expect(r.policyEvaluation.policyVersion).toBe(r.policyVersion);
    const [tee, sale] = r.policyEvaluation.lines;
    // The return itself is not counted as already returned (both tees still returnable then); the sale line refused by its rule.
    expect(tee).toMatchObject({ lineItemId: order.lineItems[0]!.id, asked: 1, returnable: 2 });
    expect(tee.outcomes.map((o: { outcome: string; total: { amount: string } }) => [o.outcome, o.total.amount])).toEqual([
      ["refund", "40.00"],
      ["store_credit", "44.00"],
      ["exchange", "44.00"],
    ]);
    expect(sale.decisions[0]).toMatchObject({ effect: "refuse", rule: "windowRules[0]", name: "Final sale" });
    // An API client without policy_read may not read it.
    const reader = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    const denied = await gql(WHY, { id: made.body.return.id }, reader);
    expect(denied.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
