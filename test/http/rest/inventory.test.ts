// Inventory fed by restocks and receipts, through the real doors: levels move with the change that
// causes them, each movement names its cause, a level equals the sum of its movements, and
// concurrent restocks and receipts of one SKU never lose a unit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";
import { customOrderBody, pushOrder, returnBody, type OrderFixture } from "../../support/orders.js";

const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id name } }`;
const CREATE_SHIPMENT = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id status } }`;
const LEVELS = `query($s: ID!, $sku: String) { inventoryLevels(storeId: $s, sku: $sku, first: 500) { nodes { id quantity location { id } movements { delta cause returnId returnItemId shipmentId shipmentItemId location { id } } } } }`;
const REOPEN = `mutation($id: ID!) { reopenReturn(id: $id) { return { status } } }`;

describe.each(providers)("inventory over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;
  let main: string;
  let east: string;
  let catalogue: { id: string; sku: string }[];

  const gql = async (query: string, variables: Record<string, unknown>) =>
    expectNoErrors(await svc.http.graphql(query, variables, staff)) as any;
  const get = (path: string, token = secret, headers?: Record<string, string>) =>
    svc.http.get(`/v2.2/stores/${storeId}${path}`, { token, headers });
  const levelsOf = async (sku: string) => (await gql(LEVELS, { s: storeId, sku })).inventoryLevels.nodes as any[];
  const levelAt = async (sku: string, locationId: string) => (await levelsOf(sku)).find((l) => l.location.id === locationId);

  /** An order with one line of `quantity` units of SKU-1 (in the catalogue) and one of SKU-2 (not). */
  const order = (quantity: number) =>
    pushOrder(svc.http, storeId, secret, {
      lines: [
        { id: `l1-${Math.random().toString(36).slice(2)}`, quantity },
        { id: `l2-${Math.random().toString(36).slice(2)}`, quantity: 1 },
      ],
    });
  const createReturn = async (o: OrderFixture, items: { lineItemId: string; quantity: number }[]) => {
    const res = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(o, items), { token: secret });
    expect(res.status).toBe(201);
    return res.body.return as { id: string; items: { id: string }[] };
  };
  const process = (returnId: string, products: { _id: string; processInput?: { restock: boolean } }[]) =>
    svc.http.post(`/v2.2/returns/${returnId}/process`, { products }, { token: secret });
  const shipment = async (locationId: string, quantity: number) =>
    (await gql(CREATE_SHIPMENT, { s: storeId, i: { locationId, items: [{ productId: catalogue[0].id, quantity }] } }))
      .createInboundShipment as { id: string; items: { id: string }[] };

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Inventory store")).id;
    secret = (await svc.createApiClient(storeId, ["orders_write", "returns_read", "returns_write", "products_write", "inventory_read"]))
      .secret;
    staff = (await svc.createStaff(storeId)).token;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      {
        products: [
          { title: "Product 1", variants: [{ sku: "SKU-1", title: "Variant 1", price: 10, currency: "USD", upc: "012345678905" }] },
        ],
      },
      { token: secret },
    );
    expect(up.status).toBe(200);
    catalogue = up.body.results[0].products;
    // The oldest location is the store's default: returns restock there.
    main = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
    east = (await gql(CREATE_LOCATION, { s: storeId, n: "East" })).createLocation.id;
  });
  afterAll(() => svc?.close());

  it("a restocked return item raises the level at the default location, once, with its cause", async () => {
    const o = await order(3);
    const ret = await createReturn(o, [
      { lineItemId: o.lineItems[0].id, quantity: 2 },
      { lineItemId: o.lineItems[1].id, quantity: 1 },
    ]);
    const before = (await levelAt("SKU-1", main))?.quantity ?? 0;
    // A disposed item moves nothing.
    expect(
      (
        await process(ret.id, [
          { _id: ret.items[0].id, processInput: { restock: true } },
          { _id: ret.items[1].id, processInput: { restock: false } },
        ])
      ).status,
    ).toBe(200);
    const level = await levelAt("SKU-1", main);
    expect(level.quantity).toBe(before + 2);
    expect(level.movements[0]).toEqual({
      delta: 2,
      cause: "RETURN_RESTOCK",
      returnId: ret.id,
      returnItemId: ret.items[0].id,
      shipmentId: null,
      shipmentItemId: null,
      location: { id: main },
    });
    expect(await levelsOf("SKU-2")).toEqual([]);

    // Reopened and processed again: the units are already on the shelf, so nothing moves twice.
    await gql(REOPEN, { id: ret.id });
    expect(
      (
        await process(ret.id, [
          { _id: ret.items[0].id, processInput: { restock: true } },
          { _id: ret.items[1].id, processInput: { restock: true } },
        ])
      ).status,
    ).toBe(200);
    expect((await levelAt("SKU-1", main)).quantity).toBe(before + 2);
    // A line not in the catalogue becomes an UNDECLARED item, named by the order line.
    const undeclared = await levelAt("SKU-2", main);
    expect(undeclared.quantity).toBe(1);
    const res = await get(`/inventory-levels/${undeclared.id}`);
    expect(res.status).toBe(200);
    expect(res.body.inventory_level).toMatchObject({
      id: undeclared.id,
      product: { id: "prod-2", title: "Product 2 - Variant 2", sku: "SKU-2" },
      location: { id: main, name: "Main" },
      quantity: 1,
      external_ids: null,
    });
    const items = await get(`/inventory-items?kind=UNDECLARED`);
    expect(items.body.inventory_items.map((i: any) => i.sku)).toEqual(["SKU-2"]);
    expect(items.body.inventory_items[0]).toMatchObject({ kind: "UNDECLARED", name: "Product 2 - Variant 2", quantity: 1 });
  });

  it("units received on an inbound shipment raise the level at the shipment's location (damaged ones do not)", async () => {
    const s = await shipment(east, 10);
    await gql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: 6, damaged: 1 }] });
    const level = await levelAt("SKU-1", east);
    expect(level.quantity).toBe(6);
    expect(level.movements).toEqual([
      {
        delta: 6,
        cause: "INBOUND_RECEIPT",
        returnId: null,
        returnItemId: null,
        shipmentId: s.id,
        shipmentItemId: s.items[0].id,
        location: { id: east },
      },
    ]);
    await gql(RECEIVE, {
      s: storeId,
      id: s.id,
      r: [
        { itemId: s.items[0].id, received: 1 },
        { itemId: s.items[0].id, missing: 2 },
      ],
    });
    expect((await levelAt("SKU-1", east)).quantity).toBe(7);

    // REST: the item's total and per-location quantities; with location_id, the quantity there.
    const atMain = (await levelAt("SKU-1", main)).quantity;
    const all = await get(`/inventory-items?kind=PRODUCT`);
    expect(all.status).toBe(200);
    const item = all.body.inventory_items.find((i: any) => i.sku === "SKU-1");
    expect(item).toMatchObject({ name: "Product 1 - Variant 1", kind: "PRODUCT", quantity: atMain + 7 });
    expect(item.id).toMatch(/^ii_/);
    expect(item.locations).toEqual([
      { location_id: east, location_name: "East", quantity: 7 },
      { location_id: main, location_name: "Main", quantity: atMain },
    ]);
    const east1 = await get(`/inventory-items?location_id=${east}`);
    expect(east1.body.inventory_items.map((i: any) => [i.sku, i.quantity])).toEqual([["SKU-1", 7]]);
    expect((await get(`/inventory-items/${item.id}`)).body.inventory_item).toEqual(item);

    // Levels: filters by sku, product and location, newest first; the detail adds the product's upc.
    const levels = await get(`/inventory-levels?product_id=${catalogue[0].id}&location_id=${east}`);
    expect(levels.body.inventory_levels).toHaveLength(1);
    expect(levels.body.inventory_levels[0]).toMatchObject({
      product: { id: catalogue[0].id, title: "Product 1 - Variant 1", sku: "SKU-1" },
      location: { id: east, name: "East" },
      quantity: 7,
      available: 7,
      committed: 0,
      reserved: 0,
      buildable: 0,
      total_available: 7,
    });
    const detail = await get(`/inventory-levels/${levels.body.inventory_levels[0].id}`);
    expect(detail.body.inventory_level.product).toEqual({
      id: catalogue[0].id,
      title: "Product 1 - Variant 1",
      sku: "SKU-1",
      upc: "012345678905",
      image_url: null,
    });
    expect((await get(`/inventory-levels?sku=SKU-1`)).body.inventory_levels.map((l: any) => l.location.id)).toEqual([east, main]);
    expect((await get(`/inventory-levels?sku=NOPE`)).body.inventory_levels).toEqual([]);
    const future = await get(`/inventory-levels?updated_at_min=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.inventory_levels).toEqual([]);
    const past = await get(`/inventory-levels?updated_at_max=2000-01-01T00:00:00Z`);
    expect(past.body.inventory_levels).toEqual([]);
  });

  it("pages with X-Page-Size / X-Page-Next, and refuses bad filters and unknown ids", async () => {
    const first = await get(`/inventory-levels`, secret, { "X-Page-Size": "1" });
    expect(first.status).toBe(200);
    expect(first.body.inventory_levels).toHaveLength(1);
    const next = first.headers.get("x-page-next");
    expect(next).toBeTruthy();
    const second = await get(`/inventory-levels`, secret, { "X-Page-Size": "1", "X-Page-Continue": next! });
    expect(second.body.inventory_levels).toHaveLength(1);
    expect(second.body.inventory_levels[0].id).not.toBe(first.body.inventory_levels[0].id);

    for (const [path, field] of [
      ["/inventory-items?location_id=east", "location_id"],
      ["/inventory-items?kind=SHOES", "kind"],
      ["/inventory-levels?updated_at_min=yesterday", "updated_at_min"],
      ["/inventory-levels?page-size=501", "page-size"],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.field, path).toBe(field);
    }
    // Every problem at once, the cursor (the core's) among them, named as sent.
    const many = await get("/inventory-items?location_id=east&kind=SHOES&page-size=0&page-continue=garbage");
    expect(many.status).toBe(400);
    expect(many.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["kind", "location_id", "page-continue", "page-size"]);
    const levels = await get("/inventory-levels?updated_at_min=yesterday", secret, { "X-Page-Continue": "garbage" });
    expect(levels.body.errors.map((e: { field: string }) => e.field)).toEqual(["updated_at_min", "X-Page-Continue"]);
    expect((await get(`/inventory-items/ii_nothere`)).status).toBe(404);
    expect((await get(`/inventory-levels/li_nothere`)).status).toBe(404);

    // Another store's level is not found; a secret without inventory_read is refused.
    const other = (await svc.createStore("Other inventory store")).id;
    const otherSecret = (await svc.createApiClient(other, ["inventory_read"])).secret;
    const mine = first.body.inventory_levels[0].id;
    expect((await svc.http.get(`/v2.2/stores/${other}/inventory-levels/${mine}`, { token: otherSecret })).status).toBe(404);
    const noScope = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await get(`/inventory-levels`, noScope)).status).toBe(403);
  });

  it("concurrent restocks and receipts of one SKU at one location never lose a unit; a level equals the sum of its movements", async () => {
    const restocks = 8;
    const receipts = 4;
    const o = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `many-${Date.now()}`, quantity: restocks }] });
    const rets = [];
    for (let i = 0; i < restocks; i++) rets.push(await createReturn(o, [{ lineItemId: o.lineItems[0].id, quantity: 1 }]));
    const ships = [];
    for (let i = 0; i < receipts; i++) ships.push(await shipment(main, 3));
    const before = (await levelAt("SKU-1", main)).quantity;

    const results = await Promise.all([
      ...rets.map((r) => process(r.id, [{ _id: r.items[0].id, processInput: { restock: true } }]).then((res) => res.status)),
      ...ships.map((s) =>
        svc.http
          .graphql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: 3 }] }, staff)
          .then((res) => (res.errors ? JSON.stringify(res.errors) : 200)),
      ),
    ]);
    expect(results).toEqual(Array(restocks + receipts).fill(200));
    const level = await levelAt("SKU-1", main);
    expect(level.quantity).toBe(before + restocks + receipts * 3);

    for (const l of [...(await levelsOf("SKU-1")), ...(await levelsOf("SKU-2"))]) {
      expect(
        l.movements.reduce((sum: number, m: { delta: number }) => sum + m.delta, 0),
        l.id,
      ).toBe(l.quantity);
    }
    const item = (await get(`/inventory-items?kind=PRODUCT`)).body.inventory_items.find((i: any) => i.sku === "SKU-1");
    expect(item.quantity).toBe(item.locations.reduce((sum: number, l: { quantity: number }) => sum + l.quantity, 0));
  });

  it("a store without locations restocks at a default location named Returns", async () => {
    const bare = (await svc.createStore("No locations")).id;
    const key = (await svc.createApiClient(bare, ["orders_write", "returns_write", "inventory_read"])).secret;
    const body = customOrderBody();
    expect((await svc.http.post(`/v2.2/stores/${bare}/custom/orders`, body, { token: key })).status).toBe(200);
    const o = { externalId: body.id, name: body.id, lineItems: body.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })) };
    const rets = await Promise.all(
      o.lineItems.map(
        async (li) =>
          (await svc.http.post(`/v2.2/stores/${bare}/returns`, returnBody(o, [{ lineItemId: li.id, quantity: 1 }]), { token: key })).body
            .return,
      ),
    );
    const done = await Promise.all(
      rets.map((r: any) =>
        svc.http.post(
          `/v2.2/returns/${r.id}/process`,
          { products: [{ _id: r.items[0].id, processInput: { restock: true } }] },
          { token: key },
        ),
      ),
    );
    expect(done.map((d) => d.status)).toEqual([200, 200]);
    const levels = (await svc.http.get(`/v2.2/stores/${bare}/inventory-levels`, { token: key })).body.inventory_levels;
    expect(levels).toHaveLength(2);
    expect(new Set(levels.map((l: any) => JSON.stringify(l.location))).size).toBe(1);
    expect(levels[0].location.name).toBe("Returns");
  });
});
