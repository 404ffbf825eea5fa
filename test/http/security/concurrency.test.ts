// Racing writes, on both databases, spread over two replicas of the service sharing one database:
// over-returning one line item, two bulk uploads for one store, webhook upserts with one externalId,
// a checkout-experience delete racing a checkout-tree edit, idempotency keys reused in parallel, and
// racing creates and renames of one return tag, arrivals and processings settling one return.
// Each race must end in exactly one consistent outcome: never a duplicate, never a lost guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import type { HttpClient } from "../../support/http.js";
import { customOrderBody, pushOrder, returnBody } from "../../support/orders.js";
import { CREATE_EXPERIENCE, SET_TREE, expectNoErrors } from "../../support/gql.js";

const NO_LIMITS = { RATE_LIMIT_REST_PER_MINUTE: "0", RATE_LIMIT_GRAPHQL_PER_MINUTE: "0", RATE_LIMIT_COMPAT_PER_MINUTE: "0" };

describe.each(providers)("concurrency (%s)", (provider) => {
  let svc: TestService;
  let replica: { url: string; http: HttpClient };
  let storeId: string;
  let secret: string;
  let staff: string;
  /**
   * Alternates requests between the two replicas, as a client that asks again after a 503: a burst on one row
   * at load 9 on PostgreSQL outlasted a transaction's time limit (503, nothing written), which is right.
   */
  const door = (i: number) => (i % 2 === 0 ? svc.http : replica.http).retrying();

  beforeAll(async () => {
    svc = await startTestService(provider, NO_LIMITS);
    replica = await svc.startReplica();
    storeId = (await svc.createStore("Race store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  it("never over-returns one line item from many parallel requests", async () => {
    const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `over-${Date.now()}`, quantity: 5 }] });
    const line = order.lineItems[0].id;
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        door(i).post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: line, quantity: i % 3 === 0 ? 2 : 1 }]), {
          token: secret,
        }),
      ),
    );
    for (const r of results) {
      expect([201, 409], r.text).toContain(r.status);
      if (r.status === 409) expect(r.body.type).toBe("com.retour.api:returns/quantity-exceeded");
    }
    const accepted = results
      .filter((r) => r.status === 201)
      .reduce((s, r) => s + r.body.return.items.reduce((n: number, it: { quantity: number }) => n + it.quantity, 0), 0);
    const stored = await svc.services.db.prisma.returnItem.aggregate({ where: { orderId: order.internalId }, _sum: { quantity: true } });
    expect(stored._sum.quantity).toBe(accepted);
    expect(accepted).toBeLessThanOrEqual(5);
    expect(accepted).toBeGreaterThanOrEqual(4); // the guard refuses only what would exceed: at most one unit is left over by a 2-unit loser
  });

  it("settles a return once when arrivals and processings race across replicas: one gift card, kept lines settled once", async () => {
    const store = (await svc.createStore("Settle race")).id;
    const key = (await svc.createApiClient(store, "all")).secret;
    const draft = { window: { days: 3650, from: "order" }, outcomes: { keepItemBelow: "500.00", settleOn: "delivered" } };
    expect((await svc.http.put(`/v2.2/stores/${store}/return-policy/draft`, { draft }, { token: key })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${store}/return-policy/publish`, {}, { token: key })).status).toBe(201);
    const order = await pushOrder(svc.http, store, key);
    const created = await svc.http.post(
      `/v2.2/stores/${store}/returns`,
      returnBody(order, [
        { lineItemId: order.lineItems[0]!.id, quantity: 1, compensation: "store_credit" } as never,
        { lineItemId: order.lineItems[1]!.id, quantity: 1, compensation: "keep_item" } as never,
      ]),
      { token: key },
    );
    expect(created.status).toBe(201);
    const id = created.body.return.id;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => door(i).put(`/v2.2/returns/${id}/status`, { status: "delivered" }, { token: key })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([204, 409, 409, 409, 409, 409, 409, 409]);
    const prisma = svc.services.db.prisma;
    expect(await prisma.giftCard.count({ where: { returnId: id } })).toBe(1);
    const settled = await prisma.returnTimelineEntry.findMany({ where: { returnId: id, detail: { contains: "keptItemIds" } } });
    expect(settled).toHaveLength(1);
    // Processing the credit line on both replicas at once issues nothing more.
    const credit = created.body.return.items[0].id;
    const processed = await Promise.all(
      [0, 1].map((i) => door(i).post(`/v2.2/returns/${id}/process`, { products: [{ _id: credit }] }, { token: key })),
    );
    expect(processed.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await prisma.giftCard.count({ where: { returnId: id } })).toBe(1);
  });

  it("counts every unit when restocks and inbound receipts of one SKU race across replicas, and upserts one customer per e-mail", async () => {
    const prisma = svc.services.db.prisma;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      { products: [{ title: "Stock race", variants: [{ sku: "STOCK-RACE-1", price: 10, currency: "USD" }] }] },
      { token: secret },
    );
    const productId = up.body.results[0].products[0].id;
    const location = expectNoErrors(
      await svc.http.graphql(`mutation($s: ID!) { createLocation(storeId: $s, name: "Race dock") { id } }`, { s: storeId }, staff),
    ).createLocation.id;
    // The returns restock at the order's location when it names one of the store's.
    const body = customOrderBody({ lines: [{ id: `stock-${Date.now()}`, quantity: 10 }] });
    body.lineItems[0].sku = "STOCK-RACE-1";
    expect(
      (await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, { ...body, locationId: location }, { token: secret })).status,
    ).toBe(200);
    const order = { externalId: body.id, name: body.id, lineItems: body.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })) };
    const rets = [];
    for (let i = 0; i < 10; i++)
      rets.push(
        (
          await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]), {
            token: secret,
          })
        ).body.return,
      );
    const ships = [];
    for (let i = 0; i < 6; i++)
      ships.push(
        expectNoErrors(
          await svc.http.graphql(
            `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`,
            { s: storeId, i: { locationId: location, items: [{ productId, quantity: 5 }] } },
            staff,
          ),
        ).createInboundShipment,
      );
    const results = await Promise.all([
      ...rets.map((r, i) =>
        door(i)
          .post(`/v2.2/returns/${r.id}/process`, { products: [{ _id: r.items[0].id, processInput: { restock: true } }] }, { token: secret })
          .then((res) => res.status),
      ),
      ...ships.map((s, i) =>
        door(i)
          .graphql(
            `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`,
            { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: 5 }] },
            staff,
          )
          .then((res) => (res.errors ? JSON.stringify(res.errors) : 200)),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        door(i)
          .put(`/v2.2/stores/${storeId}/customers`, { email: "Racer@Example.test", customFields: { [`lap${i}`]: i } }, { token: secret })
          .then((res) => res.status),
      ),
    ]);
    expect(results.slice(0, 16)).toEqual(Array(16).fill(200));
    expect(results.slice(16).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const level = await prisma.inventoryLevel.findFirstOrThrow({
      where: { storeId, locationId: location, item: { sku: "STOCK-RACE-1" } },
      include: { item: true },
    });
    expect(level.quantity).toBe(10 + 6 * 5);
    expect(level.item.quantity).toBe(40);
    const moved = await prisma.inventoryMovement.aggregate({ where: { levelId: level.id }, _sum: { delta: true }, _count: true });
    expect([moved._sum.delta, moved._count]).toEqual([40, 16]);
    expect(await prisma.customer.count({ where: { storeId, email: "racer@example.test" } })).toBe(1);
  });

  it("runs two bulk uploads for one store one at a time, never duplicating a family or a SKU", async () => {
    const prisma = svc.services.db.prisma;
    const families = (tag: string) =>
      Array.from({ length: 300 }, (_, i) => ({
        external_id: `race-fam-${i}`,
        title: `${tag} ${i}`,
        variants: [
          { sku: `RACE-${i}-A`, price: 1000, currency: "USD" },
          { sku: `RACE-${i}-B`, price: 1200, currency: "USD" },
        ],
      }));
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        door(i).post(`/v2.2/stores/${storeId}/products/bulk-upload`, { products: families(`upload ${i}`) }, { token: secret }),
      ),
    );
    for (const r of results) {
      expect([200, 409], r.text).toContain(r.status);
      if (r.status === 409) expect(r.body.type).toBe("com.retour.api:products/bulk-upload-in-progress");
      else expect(r.body).toMatchObject({ total_count: 300, processed_count: 300, error_count: 0 });
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await prisma.productFamily.count({ where: { storeId, externalId: { startsWith: "race-fam-" } } })).toBe(300);
    expect(await prisma.product.count({ where: { storeId, sku: { startsWith: "RACE-" } } })).toBe(600);
    expect(await prisma.bulkUploadLock.count({ where: { storeId } })).toBe(0);
  });

  it("imports returns sharing one idempotencyKey, sent in parallel to both replicas, as exactly one return", async () => {
    const prisma = svc.services.db.prisma;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      { products: [{ title: "Import race", variants: [{ sku: "IMPORT-RACE-1", price: 500, currency: "USD" }] }] },
      { token: secret },
    );
    const productId = up.body.results[0].products[0].id;
    const body = (i: number) => ({
      returns: [
        { products: [{ productId, quantity: 1 }], idempotencyKey: "import-race", externalReferenceId: "RMA-RACE" },
        { products: [{ productId, quantity: 1 }], externalReferenceId: `RMA-RACE-${i}` },
      ],
    });
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => door(i).post(`/v2.2/stores/${storeId}/returns/bulk`, body(i), { token: secret })),
    );
    const ids = new Set<string>();
    for (const r of results) {
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ totalCount: 2, processedCount: 2, errorCount: 0 });
      ids.add(r.body.results[0].returnId);
    }
    expect(ids.size).toBe(1);
    expect(await prisma.return.count({ where: { storeId, importKey: "import-race" } })).toBe(1);
    expect(await prisma.return.count({ where: { storeId, externalReferenceId: { startsWith: "RMA-RACE-" } } })).toBe(6);
  });

  it("upserts racing webhooks with one externalId into exactly one webhook", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        door(i).post(
          `/v2.2/stores/${storeId}/webhooks`,
          {
            webhook: {
              topic: "return",
              externalId: "race-ext",
              callback: { url: `http://127.0.0.1:9/hook-${i}`, auth: { bearer: { token: `t-${i}` } } },
            },
          },
          { token: secret },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.body.webhook.id));
    expect(ids.size).toBe(1);
    expect(await svc.services.db.prisma.webhook.count({ where: { storeId, externalId: "race-ext" } })).toBe(1);
  });

  it("numbers racing subscriptions of the platform's webhooks API one per id, under one account, and shows its secret once", async () => {
    const store = (await svc.createStore("Hooks race")).id;
    const key = (await svc.createApiClient(store, "all")).secret;
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        door(i).post(
          "/api/v1/webhooks",
          { topic: "return", trigger: "return.created", url: `https://example.com/race/${i}` },
          { headers: { "x-authorization": key } },
        ),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(created.map((r) => r.body.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(created.map((r) => r.body.shop_id)).size).toBe(1);
    expect(await svc.services.db.prisma.warehouseAccount.count({ where: { storeId: store } })).toBe(1);
    const reveals = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        door(i).graphql(`mutation($s: ID!) { revealWarehouseSigningSecret(storeId: $s) { secret } }`, { s: store }, key),
      ),
    );
    expect(reveals.filter((r) => r.data?.revealWarehouseSigningSecret?.secret)).toHaveLength(1);
    expect(reveals.filter((r) => r.errors?.[0]?.extensions?.type === "webhooks/secret-already-shown")).toHaveLength(5);
  });

  it("creates one tag from racing upserts of one name, and lets exactly one of racing renames of it win", async () => {
    const tagPath = (name: string) => `/v2.2/stores/${storeId}/return-tags/${encodeURIComponent(name)}`;
    const themes = ["NORMAL", "DANGER", "SUCCESS", "BRAND", "SOLID_NAVY", "PRIMARY", "GRAY_BLUE", "SOLID_RED"];
    const creates = await Promise.all(themes.map((pillTheme, i) => door(i).put(tagPath("Race tag"), { pillTheme }, { token: secret })));
    expect(creates.map((r) => r.status)).toEqual(themes.map(() => 200));
    const prisma = svc.services.db.prisma;
    expect(await prisma.returnTag.count({ where: { storeId, name: "Race tag" } })).toBe(1);

    const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `tag-${Date.now()}`, quantity: 1 }] });
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expectNoErrors(
      await svc.http.graphql(`mutation($id: ID!) { tagReturn(id: $id, names: ["Race tag"]) { id } }`, { id: ret.body.return.id }, secret),
    );
    const eventsBefore = await prisma.domainEvent.count({ where: { subjectId: ret.body.return.id } });
    const renames = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        door(i).put(tagPath("Race tag"), { pillTheme: "NORMAL", newName: `Race tag ${i}` }, { token: secret }),
      ),
    );
    const won = renames.filter((r) => r.status === 200);
    expect(won.length).toBe(1);
    for (const r of renames.filter((x) => x.status !== 200)) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.type).toBe("com.retour.api:return-tag/rename-precondition-failed");
    }
    const winner = won[0].body.tag.name;
    const tags = await prisma.returnTag.findMany({ where: { storeId, name: { startsWith: "Race tag" } } });
    expect(tags.map((t) => t.name)).toEqual([winner]);
    const read = await svc.http.get(`/v2.2/returns/${ret.body.return.id}`, { token: secret });
    expect(read.body.return.tags).toEqual([{ name: winner, source: "merchant" }]);
    expect(await prisma.domainEvent.count({ where: { subjectId: ret.body.return.id } })).toBe(eventsBefore + 1);
  });

  it("never leaves the checkout tree pointing at a deleted experience when a delete races a tree edit", async () => {
    const experience = async (name: string) =>
      expectNoErrors(
        await svc.http.graphql(
          CREATE_EXPERIENCE,
          { s: storeId, i: { name, shippingMethods: [{ name: "m", price: "4.95", currency: "USD" }] } },
          secret,
        ),
      ).createCheckoutExperience.id as string;
    const setTree = (http: HttpClient, ids: string[]) =>
      http.graphql(SET_TREE, { s: storeId, rules: ids.map((id, i) => ({ name: `rule ${i}`, experienceId: id })) }, staff);
    for (let round = 0; round < 6; round++) {
      const keep = await experience(`keep ${round}`);
      const target = await experience(`target ${round}`);
      expectNoErrors(await setTree(svc.http, [keep]));
      const [del, tree] = await Promise.all([
        door(round).delete(`/v2.2/stores/${storeId}/checkout-experiences/${target}`, { token: secret }),
        setTree(door(round + 1), [target, keep]),
      ]);
      if (del.status === 200) {
        expect(tree.errors?.[0].extensions.status).toBeGreaterThanOrEqual(400);
      } else {
        expect(del.status).toBe(409);
        expect(tree.errors).toBeUndefined();
      }
      const current = expectNoErrors(
        await svc.http.graphql(`query($s: ID!) { checkoutTree(storeId: $s) { experience { id } } }`, { s: storeId }, secret),
      );
      for (const rule of current.checkoutTree) expect(rule.experience).not.toBeNull();
      const live = await svc.services.db.prisma.checkoutExperience.count({ where: { id: target } });
      expect(live).toBe(del.status === 200 ? 0 : 1);
    }
  });

  it("answers parallel requests with one Idempotency-Key with one object: the first wins, the others wait (409) or replay", async () => {
    const prisma = svc.services.db.prisma;
    const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `idem-${Date.now()}`, quantity: 50 }] });
    const body = returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]);
    const key = `par-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        door(i).post(`/v2.2/stores/${storeId}/returns`, body, { token: secret, headers: { "Idempotency-Key": key } }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results) {
      expect([200, 201, 409], r.text).toContain(r.status);
      if (r.status === 409) expect(r.body.type).toBe("com.retour.api:request/idempotency-key-in-flight");
      if (r.status === 200) {
        expect(r.headers.get("idempotent-replayed")).toBe("true");
        expect(r.body.return.id).toBe(created[0].body.return.id);
      }
    }
    expect(await prisma.return.count({ where: { order: { externalId: order.externalId, storeId } } })).toBe(1);
    // Afterwards every retry replays the one result.
    const again = await replica.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: secret, headers: { "Idempotency-Key": key } });
    expect(again.status).toBe(200);
    expect(again.body.return.id).toBe(created[0].body.return.id);

    // One key, different bodies, in parallel: one object at most; the others 409 (in flight) or 422 (reused).
    const key2 = `par-diff-${Date.now()}`;
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        door(i).post(
          `/v2.2/stores/${storeId}/orders`,
          {
            orderId: `IDEM-${key2}-${i}`,
            name: `#I${i}`,
            createdAt: "2026-11-02T09:30:00Z",
            currencyCode: "USD",
            lineItems: [{ id: "l1", productId: "p", title: "T", quantity: 1, price: 1 }],
          },
          {
            token: secret,
            headers: { "Idempotency-Key": key2 },
          },
        ),
      ),
    );
    expect(mixed.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of mixed) expect([200, 409, 422], r.text).toContain(r.status);
    expect(await prisma.order.count({ where: { storeId, externalId: { startsWith: `IDEM-${key2}` } } })).toBe(1);
  });
});
