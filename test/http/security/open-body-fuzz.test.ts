// Valid bodies with hostile parts where the platforms' own objects are open (property-based, fast-check).
// The order sync bodies are the platforms' order JSON: their objects allow fields this service does not
// declare, and the door reads some of those (a line's images, weight and properties; a fulfillment's lines
// and tracking numbers; a charge's money set). fuzz.test.ts sends bodies wrong at the top; this sends a
// body valid everywhere except one field, at any depth: each field in turn as each kind of JSON value,
// then random names and values. Each must answer 2xx or a
// 4xx naming the problem, never a 5xx. (It found a fulfillment without its `lineItems` answered 500.)
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { customOrderBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const params = () => ({ numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });

/** Names the platforms' order objects use, declared or not: the fields a door may read. */
const NAMES = [
  "id",
  "lineItems",
  "quantity",
  "priceSet",
  "shopMoney",
  "presentmentMoney",
  "amount",
  "amountSet",
  "discounts",
  "taxLines",
  "image",
  "images",
  "url",
  "weight",
  "value",
  "unit",
  "properties",
  "name",
  "trackingNumbers",
  "trackingNumber",
  "carrier",
  "title",
  "price",
  "discount",
  "shipping",
  "cost",
  "method",
  "address",
  "billingAddress",
  "shippingAddress",
  "customer",
  "email",
];

const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom(...NAMES), tie("value"), { maxKeys: 3 }),
})).value;

/** Every object in a body, by its path (the body itself first). */
function objectsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectsOf(v, [...path, i]));
  if (typeof value !== "object" || value === null) return [];
  return [path, ...Object.entries(value).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
}

/** The body with `name` set to `v` in the object at `path`. */
function withField(body: unknown, path: (string | number)[], name: string, v: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const p of path) at = at[p] as Record<string | number, unknown>;
  at[name] = v;
  return copy;
}

/** Valid bodies of the order routes, with every open part the platforms send filled in. */
function bases(storeId: string) {
  const custom = {
    ...customOrderBody(),
    orderDiscounts: [{ amountSet: { shopMoney: { amount: "1.00", currencyCode: "USD" } } }],
    shippingLines: [{ title: "Post", priceSet: { shopMoney: { amount: "4.95", currencyCode: "USD" } }, taxLines: [] }],
  };
  custom.fulfillments = [{ id: "f-1", lineItems: [{ id: custom.lineItems[0].id, quantity: 1 }], trackingNumbers: [] }] as never;
  const api = {
    orderId: "api-1",
    createdAt: "2026-11-02T09:30:00Z",
    currencyCode: "USD",
    customer: { email: "ada@example.test", firstName: "Ada" },
    shipping: { cost: 4.95, method: "Post", address: { address1: "1 Main St", city: "Springfield", country: "US" } },
    lineItems: [{ id: "api-1-1", productId: "p", title: "T", quantity: 2, price: 10, discount: 1 }],
  };
  return [
    {
      path: `/v2.2/stores/${storeId}/custom/orders`,
      body: custom,
      id: (b: Record<string, unknown>, n: number) => ({ ...b, id: `oc-${n}` }),
    },
    { path: `/v2.2/stores/${storeId}/orders`, body: api, id: (b: Record<string, unknown>, n: number) => ({ ...b, orderId: `oa-${n}` }) },
  ];
}

describe.each(providers)("order bodies with a hostile open part (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let n = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("the valid bases are accepted as they are", async () => {
    for (const base of bases(storeId)) {
      const res = await svc.http.post(base.path, base.id(base.body, ++n), { token: secret });
      expect({ path: base.path, status: res.status, body: res.body }).toMatchObject({ path: base.path, status: 200 });
    }
  });

  /** Sends one body; a 5xx fails with where the hostile value was. */
  async function send(url: string, body: unknown, where: string, value: unknown) {
    const res = await svc.http.post(url, body, { token: secret });
    expect({ where, value, status: res.status < 500 ? "answered" : res.status }).toEqual({ where, value, status: "answered" });
    if (res.status >= 400) expect(res.body).toMatchObject({ error: expect.any(String) });
  }

  it("every field of every object, in turn, as each kind of JSON value", { timeout: 300_000 }, async () => {
    const kinds: unknown[] = [null, "x", -1.5, [], [null], {}];
    for (const base of bases(storeId))
      for (const path of objectsOf(base.body)) {
        let at = base.body as Record<string | number, unknown>;
        for (const p of path) at = at[p] as Record<string | number, unknown>;
        for (const name of Object.keys(at))
          for (const value of kinds) {
            const body = base.id(withField(base.body, path, name, value) as Record<string, unknown>, ++n);
            await send(base.path, body, [...path, name].join("."), value);
          }
      }
  });

  it("answers 2xx or a 4xx naming the problem, never a 5xx, whatever one field holds", { timeout: 300_000 }, async () => {
    for (const base of bases(storeId)) {
      const paths = objectsOf(base.body);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), fc.constantFrom(...NAMES), json, async (path, name, value) => {
          const body = base.id(withField(base.body, path, name, value) as Record<string, unknown>, ++n);
          await send(base.path, body, [...path, name].join("."), value);
        }),
        params(),
      );
    }
  });
});
