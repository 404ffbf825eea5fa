// The webhook payloads are built from the rows (src/returns/payload.ts, src/warehouse/return-object.ts),
// not by executing the core's schema: for a varied set of returns they must equal, byte for byte, what
// the doors read — the `return` topic's {return, order} the REST read (and the bytes the shapes make of
// the GraphQL read, as webhooks sent before), the warehouse platform's return object the door's
// renaming of its GraphQL read (the selection facades/compat reads).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { customOrderBody, pushOrder, returnBody } from "../../support/orders.js";
import { compatClient } from "../../support/compat.js";
import { renderReturnPayload } from "../../../src/returns/payload.js";
import { ORDER_FIELDS, RETURN_FIELDS, splitReturn } from "../../../facades/rest/documents.js";
import { Order, Return } from "../../../facades/rest/shapes.js";
import { dropAbsent } from "../../../src/core/json-shape.js";
import { phpJson, renderPlatformReturn } from "../../../src/warehouse/webhook-format.js";
import { WEBHOOK_RETURN_FIELDS } from "../../../facades/compat/webhooks.js";
import { renderWebhookReturn } from "../../../src/warehouse/platform-return.js";

const TAG = `mutation($id: ID!, $names: [String!]!) { tagReturn(id: $id, names: $names) { id } }`;

describe.each(providers)("webhook payloads equal the doors' reads (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const ids: Record<string, string> = {};

  const post = async (path: string, body: unknown, status = 200) => {
    const res = await svc.http.post(path, body, { token: secret });
    expect(res.status, res.text).toBe(status);
    return res.body;
  };
  const createReturn = async (order: { externalId: string; lineItems: { id: string }[] }, extra: Record<string, unknown> = {}) =>
    (
      await post(
        `/v2.2/stores/${storeId}/returns`,
        returnBody(
          order as never,
          order.lineItems.map((l) => ({ lineItemId: l.id, quantity: 1 })),
          extra,
        ),
        201,
      )
    ).return as { id: string; items: { id: string }[] };

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Payload parity")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;

    // A plain return of a USD order.
    const usd = await pushOrder(svc.http, storeId, secret);
    ids.plain = (await createReturn(usd)).id;

    // A EUR order (another currency than the store's other returns), with a label and notes.
    const eurBody = JSON.parse(JSON.stringify(customOrderBody({ name: "#EU-1" })).replaceAll('"USD"', '"EUR"'));
    await post(`/v2.2/stores/${storeId}/custom/orders`, eurBody);
    const eurOrder = { externalId: eurBody.id, lineItems: eurBody.lineItems.map((l: { id: string }) => ({ id: l.id })) };
    ids.eur = (
      await createReturn(eurOrder, {
        notes: "Customer called twice",
        label: { trackingNumber: "1Z999", carrier: "UPS", postageLabelUrl: "https://labels.example.test/1.pdf" },
      })
    ).id;

    // Processed: one item restocked with an adjustment, one rejected; with a comment.
    const proc = await pushOrder(svc.http, storeId, secret, {
      customer: { email: "grace@example.test", firstName: "Grace", lastName: "Hopper" },
    });
    const p = await createReturn(proc);
    await post(`/v2.2/returns/${p.id}/process`, {
      products: [{ _id: p.items[0].id, processInput: { restock: true, newMerchantAdjustment: 5 } }],
    });
    await post(`/v2.2/returns/${p.id}/process`, { products: [{ _id: p.items[1].id, reject: true }], customerNotes: "Worn" });
    await post(`/v2.2/returns/${p.id}/comments`, { comment: { message: "Box was damaged" } }, 201);
    ids.processed = p.id;

    // Tagged (tags sort by name).
    const tagged = await createReturn(await pushOrder(svc.http, storeId, secret));
    for (const name of ["VIP", "Fragile"]) {
      const put = await svc.http.put(`/v2.2/stores/${storeId}/return-tags/${name}`, { pillTheme: "SUCCESS" }, { token: secret });
      expect(put.status).toBe(200);
    }
    const tag = await svc.http.graphql(TAG, { id: tagged.id, names: ["VIP", "Fragile"] }, secret);
    expect(tag.errors).toBeUndefined();
    ids.tagged = tagged.id;

    // Imported without an order, in GBP, with a customer, addresses and a label.
    const up = await post(`/v2.2/stores/${storeId}/products/bulk-upload`, {
      products: [{ title: "Shirt", variants: [{ sku: `SH-${Date.now()}`, title: "Small", price: 2500, currency: "GBP" }] }],
    });
    const productId = up.results[0].products[0].id;
    const imported = await post(`/v2.2/stores/${storeId}/returns/bulk`, {
      returns: [
        {
          products: [{ productId, quantity: 2, reason: "Too small" }],
          externalReferenceId: `RMA-${Date.now()}`,
          customer: { firstName: "Ada", lastName: "L", email: "ada@example.com" },
          trackingNumber: "1Z1",
          carrier: "UPS",
          currency: "GBP",
          shippingAddress: { line1: "1 High St", city: "London", country: "GB", phone: "+442000000000" },
          merchantAddress: { line1: "Dock 4", city: "Leeds", country: "GB", name: "WH" },
        },
      ],
    });
    ids.imported = imported.results[0].returnId;
    // And one imported with nothing optional.
    const bare = await post(`/v2.2/stores/${storeId}/returns/bulk`, { returns: [{ products: [{ productId, quantity: 1 }] }] });
    ids.bare = bare.results[0].returnId;
  });
  afterAll(() => svc?.close());

  it("the `return` topic's {return, order} is the REST read's body, and byte for byte the shapes' rendering of the GraphQL read", async () => {
    for (const [kind, id] of Object.entries(ids)) {
      const rest = await svc.http.get(`/v2.2/returns/${id}`, { token: secret });
      expect(rest.status).toBe(200);
      const payload = await renderReturnPayload(svc.services, storeId, id);
      // The REST door orders keys its own way (its serialiser); every key and value is the same.
      expect(JSON.parse(JSON.stringify(payload)), kind).toEqual(rest.body);
      // The bytes webhooks sent before (the GraphQL read through the published shapes): unchanged.
      const read = await svc.http.graphql(
        `query($id: ID!) { return(id: $id) { ${RETURN_FIELDS} publishedOrder { ${ORDER_FIELDS} } } }`,
        { id },
        secret,
      );
      expect(read.errors, kind).toBeUndefined();
      const { return: ret, order } = splitReturn(read.data.return);
      expect(JSON.stringify(payload), kind).toBe(JSON.stringify({ return: dropAbsent(Return, ret), order: dropAbsent(Order, order) }));
    }
    // The set is as varied as it says.
    const bodies = await Promise.all(Object.values(ids).map((id) => svc.http.get(`/v2.2/returns/${id}`, { token: secret })));
    const currencies = new Set(bodies.map((b) => b.body.return.totals.refund.amount.currency));
    expect([...currencies].sort()).toEqual(["EUR", "GBP", "USD"]);
    expect(bodies.some((b) => b.body.return.tags.length === 2)).toBe(true);
    expect(bodies.some((b) => b.body.return.order.id === "")).toBe(true);
    expect(bodies.some((b) => b.body.return.status === "complete")).toBe(true);
  });

  it("the warehouse platform's return object is the door's renaming of its GraphQL read, byte for byte", async () => {
    const key = (await svc.createApiClient(storeId, "all")).secret;
    // The store's account (its shop_id) exists once it has a loop webhook or a secret.
    const reveal = await svc.http.graphql(
      `mutation($s: ID!) { revealWarehouseSigningSecret(storeId: $s) { hint } }`,
      { s: storeId },
      secret,
    );
    expect(reveal.errors).toBeUndefined();
    const account = await svc.services.db.prisma.warehouseAccount.findUniqueOrThrow({ where: { storeId } });
    for (const [kind, id] of Object.entries(ids)) {
      const read = await svc.http.graphql(`query($id: ID!) { return(id: $id) { ${WEBHOOK_RETURN_FIELDS} } }`, { id }, secret);
      expect(read.errors, kind).toBeUndefined();
      const rendered = await renderPlatformReturn(svc.services, storeId, id);
      expect(rendered, kind).toBe(phpJson(renderWebhookReturn(read.data.return, account.shopId)));
      // and it agrees with the compat door's own read of the return
      const compatId = (await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id } })).compatId;
      const details = await compatClient(svc, key).get(`/return/details?return_id=${compatId}`);
      expect(details.status).toBe(200);
      const object = JSON.parse(rendered);
      expect([object.id, object.state, object.total, object.order_id], kind).toEqual([
        String(details.body.id),
        details.body.state,
        details.body.total,
        details.body.order_id,
      ]);
    }
  });
});
