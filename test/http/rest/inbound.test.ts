import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";

const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id name } }`;
const CREATE = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id status items { id } } }`;
const UPDATE = `mutation($s: ID!, $id: ID!, $i: InboundShipmentInput!) { updateInboundShipment(storeId: $s, id: $id, input: $i) { id updatedAt } }`;
const IN_TRANSIT = `mutation($s: ID!, $id: ID!) { markInboundShipmentInTransit(storeId: $s, id: $id) { id status } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id status actualArrivalDate receivedCount damagedCount missingCount items { id discrepancy } } }`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(providers)("inbound shipments over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;
  let products: { id: string; sku: string }[];
  let main: string;
  let east: string;

  const gql = async (query: string, variables: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(query, variables, staff));
  const base = (locationId: string, extra: Record<string, unknown> = {}) => ({
    locationId,
    items: [
      { productId: products[0].id, quantity: 10 },
      { productId: products[1].id, quantity: 5 },
    ],
    ...extra,
  });
  const create = async (locationId: string, extra: Record<string, unknown> = {}) =>
    (await gql(CREATE, { s: storeId, i: base(locationId, extra) })).createInboundShipment as {
      id: string;
      status: string;
      items: { id: string }[];
    };
  const list = (query = "") => svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments${query}`, { token: secret });

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Inbound store")).id;
    secret = (await svc.createApiClient(storeId, ["inbound_shipments_read", "products_write"])).secret;
    staff = (await svc.createStaff(storeId)).token;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      {
        products: [
          {
            title: "Boot",
            images: [{ url: "https://img.example.com/boot.jpg", alt_text: "Boot" }],
            variants: [
              { sku: "BOOT-1", price: 100, currency: "USD", upc: "012345678905" },
              { sku: "BOOT-2", price: 100, currency: "USD" },
            ],
          },
        ],
      },
      { token: secret },
    );
    expect(up.status).toBe(200);
    products = up.body.results[0].products;
    main = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
    east = (await gql(CREATE_LOCATION, { s: storeId, n: "East" })).createLocation.id;
  });
  afterAll(() => svc?.close());

  it("follows the receipts: PENDING → IN_TRANSIT → PARTIALLY_RECEIVED → RECEIVED, and refuses over-receipt", async () => {
    const s = await create(main);
    expect(s.status).toBe("PENDING");
    expect((await gql(IN_TRANSIT, { s: storeId, id: s.id })).markInboundShipmentInTransit.status).toBe("IN_TRANSIT");
    const [a, b] = s.items.map((i) => i.id);
    const partial = (await gql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: a, received: 6, damaged: 1 }] })).recordInboundReceipts;
    expect(partial).toMatchObject({ status: "PARTIALLY_RECEIVED", receivedCount: 6, damagedCount: 1, missingCount: 0 });
    expect(partial.actualArrivalDate).toBe(new Date().toISOString().slice(0, 10));
    expect(partial.items.map((i: any) => i.discrepancy)).toEqual([-3, -5]);

    const over = await svc.http.graphql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: a, received: 4 }] }, staff);
    expect(over.errors?.[0].extensions).toMatchObject({ status: 409, type: "inbound/over-receipt" });
    expect(over.errors?.[0].message).toMatch(/at most 3 more/);

    const done = (
      await gql(RECEIVE, {
        s: storeId,
        id: s.id,
        r: [
          { itemId: a, missing: 3 },
          { itemId: b, received: 5 },
        ],
      })
    ).recordInboundReceipts;
    expect(done).toMatchObject({ status: "RECEIVED", receivedCount: 11, damagedCount: 1, missingCount: 3 });

    const back = await svc.http.graphql(IN_TRANSIT, { s: storeId, id: s.id }, staff);
    expect(back.errors?.[0].extensions).toMatchObject({ status: 409, type: "inbound/invalid-transition" });
    // Items are locked once received.
    const edit = await svc.http.graphql(
      UPDATE,
      { s: storeId, id: s.id, i: base(main, { items: [{ productId: products[0].id, quantity: 1 }] }) },
      staff,
    );
    expect(edit.errors?.[0].extensions).toMatchObject({ status: 409, type: "inbound/items-locked" });

    const res = await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments/${s.id}`, { token: secret });
    expect(res.status).toBe(200);
    const d = res.body.inbound_shipment;
    expect(d).toMatchObject({
      id: s.id,
      status: "RECEIVED",
      sku_count: 2,
      item_count: 15,
      received_count: 11,
      damaged_count: 1,
      missing_count: 3,
    });
    expect(d.items[0]).toMatchObject({
      quantity: 10,
      received_quantity: 6,
      damaged_quantity: 1,
      missing_quantity: 3,
      discrepancy: -3,
      packing_mode: "individual",
    });
    expect(d.items[0].product).toEqual({
      id: products[0].id,
      title: "Boot",
      sku: "BOOT-1",
      image_url: "https://img.example.com/boot.jpg",
      upc: "012345678905",
    });
    expect(d.items[1]).toMatchObject({ received_quantity: 5, discrepancy: 0 });
  });

  it("creating and receiving are dashboard-only", async () => {
    const res = await svc.http.graphql(CREATE, { s: storeId, i: base(main) }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ status: 403, type: "auth/staff-only" });
    const bad = await svc.http.graphql(CREATE, { s: storeId, i: base(main, { items: [{ productId: "prd_nope", quantity: 1 }] }) }, staff);
    expect(bad.errors?.[0].extensions).toMatchObject({ status: 400 });
    const zero = await svc.http.graphql(
      CREATE,
      { s: storeId, i: base(main, { items: [{ productId: products[0].id, quantity: 0 }] }) },
      staff,
    );
    // Refused by its bound (NUMBER_BOUNDS.inboundQuantity) before the service runs: named by its path in `input`, as every bound names it.
    expect(zero.errors?.[0].extensions).toMatchObject({ status: 400, field: "items[0].quantity" });
  });

  it("answers the detail view with nulls where the reference allows them, and 404 for unknown or foreign ids", async () => {
    const s = await create(east, {
      shipmentId: "PO-77",
      carrier: "DHL",
      trackingNumber: "JD0001",
      trackingUrl: "https://dhl.example/JD0001",
      estimatedArrivalDate: "2026-12-24",
      freightType: "LTL",
      paymentTerms: "NET30",
      freightCost: { amount: "450.5", currency: "EUR" },
      dutyCost: { amount: "12", currency: "EUR" },
      customVolumeCubicMeters: 1.25,
      purchaseOrders: [{ name: "PO-77" }],
      transferOrders: [{ name: "TR-1" }],
      files: [{ title: "Packing list", url: "https://files.example/p.pdf", contentType: "application/pdf" }],
    });
    const res = await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments/${s.id}`, { token: secret });
    expect(res.status).toBe(200);
    const d = res.body.inbound_shipment;
    expect(d).toMatchObject({
      shipment_id: "PO-77",
      status: "PENDING",
      location: { id: east, name: "East" },
      carrier: "DHL",
      tracking_number: "JD0001",
      tracking_url: "https://dhl.example/JD0001",
      estimated_arrival_date: "2026-12-24",
      actual_arrival_date: null,
      freight_cost: { amount: "450.50", currency: "EUR" },
      duty_cost: { amount: "12.00", currency: "EUR" },
      custom_volume_cubic_meters: 1.25,
      damaged_count: 0,
      missing_count: 0,
    });
    expect(d.purchase_orders).toEqual([{ id: expect.stringMatching(/^po_/), name: "PO-77" }]);
    expect(d.transfer_orders).toEqual([{ id: expect.stringMatching(/^trn_/), name: "TR-1" }]);
    expect(d.files).toEqual([
      {
        id: expect.stringMatching(/^isf_/),
        title: "Packing list",
        url: "https://files.example/p.pdf",
        content_type: "application/pdf",
        created_at: expect.any(String),
      },
    ]);

    const bare = await create(main);
    const b = (await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments/${bare.id}`, { token: secret })).body.inbound_shipment;
    for (const k of [
      "shipment_id",
      "carrier",
      "tracking_number",
      "tracking_url",
      "estimated_arrival_date",
      "actual_arrival_date",
      "freight_type",
      "payment_terms",
      "custom_volume_cubic_meters",
    ]) {
      expect(b).toHaveProperty(k, null);
    }
    expect(b.freight_cost).toEqual({ amount: "0.00", currency: "USD" });

    const unknown = await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments/inb_nope`, { token: secret });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      type: "com.retour.api:inbound/not-found",
      status: 404,
      instance: `/v2.2/stores/${storeId}/inbound-shipments/inb_nope`,
    });

    const other = await svc.createStore("Other inbound");
    const otherStaff = (await svc.createStaff(other.id)).token;
    const otherLoc = expectNoErrors(await svc.http.graphql(CREATE_LOCATION, { s: other.id, n: "Theirs" }, otherStaff)).createLocation.id;
    // Our products are not theirs: a foreign product id is refused.
    const foreign = await svc.http.graphql(CREATE, { s: other.id, i: base(otherLoc) }, otherStaff);
    expect(foreign.errors?.[0].extensions).toMatchObject({ status: 400, field: "input.items.productId" });
    const otherSecret = (await svc.createApiClient(other.id, ["products_write"])).secret;
    const up = await svc.http.post(
      `/v2.2/stores/${other.id}/products/bulk-upload`,
      { products: [{ title: "X", variants: [{ sku: "X-1", price: 1, currency: "USD" }] }] },
      { token: otherSecret },
    );
    const theirs = expectNoErrors(
      await svc.http.graphql(
        CREATE,
        { s: other.id, i: { locationId: otherLoc, items: [{ productId: up.body.results[0].products[0].id, quantity: 1 }] } },
        otherStaff,
      ),
    ).createInboundShipment;
    const res2 = await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments/${theirs.id}`, { token: secret });
    expect(res2.status).toBe(404);
    const res3 = await svc.http.get(`/v2.2/stores/${other.id}/inbound-shipments/${theirs.id}`, { token: secret });
    expect(res3.status).toBe(404);
  });

  it("filters by status, location and a created_at window (min inclusive, max exclusive)", async () => {
    const store = (await svc.createStore("Filters")).id;
    const st = (await svc.createStaff(store)).token;
    const key = (await svc.createApiClient(store, ["inbound_shipments_read", "products_write"])).secret;
    const up = await svc.http.post(
      `/v2.2/stores/${store}/products/bulk-upload`,
      { products: [{ title: "F", variants: [{ sku: "F-1", price: 1, currency: "USD" }] }] },
      { token: key },
    );
    const pid = up.body.results[0].products[0].id;
    const g = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, st));
    const locA = (await g(CREATE_LOCATION, { s: store, n: "A" })).createLocation.id;
    const locB = (await g(CREATE_LOCATION, { s: store, n: "B" })).createLocation.id;
    const ids: string[] = [];
    for (const loc of [locA, locB, locA, locB]) {
      ids.push((await g(CREATE, { s: store, i: { locationId: loc, items: [{ productId: pid, quantity: 1 }] } })).createInboundShipment.id);
      await sleep(5);
    }
    await g(IN_TRANSIT, { s: store, id: ids[2] });
    const get = (q: string) => svc.http.get(`/v2.2/stores/${store}/inbound-shipments${q}`, { token: key });
    const idsOf = (res: any) => res.body.inbound_shipments.map((s: any) => s.id);

    const all = await get("");
    expect(all.status).toBe(200);
    expect(idsOf(all)).toEqual([ids[2], ids[3], ids[1], ids[0]]); // most recently updated first
    expect(all.headers.get("x-page-next")).toBeNull();
    expect(idsOf(await get("?status=IN_TRANSIT"))).toEqual([ids[2]]);
    expect(idsOf(await get("?status=PENDING"))).toEqual([ids[3], ids[1], ids[0]]);
    expect(idsOf(await get("?status=RECEIVED"))).toEqual([]);
    expect(idsOf(await get(`?location_id=${locB}`))).toEqual([ids[3], ids[1]]);
    expect(idsOf(await get(`?location_id=${locA}&status=PENDING`))).toEqual([ids[0]]);
    expect(idsOf(await get(`?location_id=loc_unknown`))).toEqual([]);

    const created = new Map<string, string>(all.body.inbound_shipments.map((s: any) => [s.id, s.created_at]));
    const t1 = created.get(ids[1])!;
    const t3 = created.get(ids[3])!;
    expect(idsOf(await get(`?created_at_min=${t1}`))).toEqual([ids[2], ids[3], ids[1]]); // inclusive
    expect(idsOf(await get(`?created_at_max=${t1}`))).toEqual([ids[0]]); // exclusive
    expect(idsOf(await get(`?created_at_min=${t1}&created_at_max=${t3}`))).toEqual([ids[2], ids[1]]);
    expect(idsOf(await get(`?created_at_min=${encodeURIComponent(t1.replace("Z", "+00:00"))}&created_at_max=${t1}`))).toEqual([]);

    for (const [q, field] of [
      ["?status=pending", "status"],
      ["?status=SHIPPED", "status"],
      ["?location_id=warehouse-1", "location_id"],
      ["?created_at_min=yesterday", "created_at_min"],
      ["?created_at_max=2026-01-01", "created_at_max"],
      ["?created_at_min=2026-02-30T00:00:00Z", "created_at_min"],
      ["?page-size=0", "page-size"],
      ["?page-size=501", "page-size"],
      ["?page-size=ten", "page-size"],
      ["?page-continue=garbage", "page-continue"],
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body.field, q).toBe(field);
      // The core says `endCursor`; the REST door quotes its own header.
      if (field === "page-continue") expect(res.body.detail).toContain("`X-Page-Next`");
    }
    // All of them at once: one 400 naming each parameter as sent.
    const many = await get("?status=pending&location_id=warehouse-1&created_at_min=yesterday&page-size=0&page-continue=garbage");
    expect(many.status).toBe(400);
    expect(many.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["created_at_min", "location_id", "page-continue", "page-size", "status"].sort(),
    );
    // The page size bounds themselves are accepted, as query or header.
    expect((await get("?page-size=1")).body.inbound_shipments).toHaveLength(1);
    expect((await get("?page-size=500")).body.inbound_shipments).toHaveLength(4);
    const viaHeader = await svc.http.get(`/v2.2/stores/${store}/inbound-shipments`, { token: key, headers: { "X-Page-Size": "3" } });
    expect(viaHeader.body.inbound_shipments).toHaveLength(3);
    expect(viaHeader.headers.get("x-page-next")).toBeTruthy();
    // A cursor is bound to its filters.
    const filtered = await get("?status=PENDING&page-size=1");
    const reused = await get(`?status=IN_TRANSIT&page-continue=${encodeURIComponent(filtered.headers.get("x-page-next")!)}`);
    expect(reused.status).toBe(400);
  });

  it("pages correctly while shipments are updated between fetches: nothing repeated, unchanged rows exactly once", async () => {
    const store = (await svc.createStore("Paging")).id;
    const st = (await svc.createStaff(store)).token;
    const key = (await svc.createApiClient(store, ["inbound_shipments_read", "products_write"])).secret;
    const up = await svc.http.post(
      `/v2.2/stores/${store}/products/bulk-upload`,
      { products: [{ title: "P", variants: [{ sku: "P-1", price: 1, currency: "USD" }] }] },
      { token: key },
    );
    const pid = up.body.results[0].products[0].id;
    const g = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, st));
    const loc = (await g(CREATE_LOCATION, { s: store, n: "L" })).createLocation.id;
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      created.push(
        (await g(CREATE, { s: store, i: { locationId: loc, shipmentId: `S${i}`, items: [{ productId: pid, quantity: 1 }] } }))
          .createInboundShipment.id,
      );
      await sleep(2); // distinct timestamps, so the expected order is unambiguous
    }
    const expectedOrder = [...created].reverse();
    const touch = async (id: string) => {
      await sleep(3);
      await g(UPDATE, { s: store, id, i: { locationId: loc, carrier: "touched", items: [{ productId: pid, quantity: 1 }] } });
    };

    const pages: string[][] = [];
    let next: string | null = null;
    do {
      const res: any = await svc.http.get(
        `/v2.2/stores/${store}/inbound-shipments?page-size=4${next ? `&page-continue=${encodeURIComponent(next)}` : ""}`,
        { token: key },
      );
      expect(res.status).toBe(200);
      pages.push(res.body.inbound_shipments.map((s: any) => s.id));
      next = res.headers.get("x-page-next");
      if (pages.length === 1) {
        await touch(pages[0][1]); // already seen: moves to the front, must not be shown again
        await touch(expectedOrder[9]); // not yet seen: moves ahead of the cursor
      }
    } while (next);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    const unchanged = expectedOrder.filter((id) => id !== pages[0][1] && id !== expectedOrder[9]);
    expect(seen.filter((id) => unchanged.includes(id))).toEqual(unchanged);
    expect(seen).toContain(pages[0][1]); // seen once, on the first page
    expect(seen).not.toContain(expectedOrder[9]); // documented: moved ahead of the cursor
    // A fresh traversal shows both updated shipments first, most recent first.
    const fresh = await svc.http.get(`/v2.2/stores/${store}/inbound-shipments?page-size=2`, { token: key });
    expect(fresh.body.inbound_shipments.map((s: any) => s.id)).toEqual([expectedOrder[9], pages[0][1]]);
  });

  it("needs the inbound_shipments_read scope", async () => {
    const key = (await svc.createApiClient(storeId, ["products_write"])).secret;
    const res = await svc.http.get(`/v2.2/stores/${storeId}/inbound-shipments`, { token: key });
    expect(res.status).toBe(403);
    expect(res.body.type).toBe("com.retour.api:auth/missing-scope");
    const res2 = await list();
    expect(res2.status).toBe(200);
  });
});
