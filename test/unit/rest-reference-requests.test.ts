// A client written for the merchant API works unchanged: every field the reference (merchant-api.md) defines
// for a request body is accepted, even where Retour ignores it; a field it does not define is refused by name.
import { describe, expect, it } from "vitest";
import { restRoutes } from "../../facades/rest/index.js";
import { validatorOf } from "../../facades/declare.js";

const find = (m: string, p: string) => restRoutes.find((r) => r.method === m && r.path === p)!;
const addr = { line1: "a", line2: "b", city: "c", state: "NY", postalCode: "1", country: "US" };
const cases: [string, string, any][] = [
  [
    "POST",
    "/stores/:storeId/returns",
    {
      data: {
        provider: "shopify",
        externalOrderId: "1",
        type: "return",
        items: [{ lineItemId: "l", quantity: 1, reason: "r", reasonCode: "x", compensation: "refund", notes: "n" }],
        shippingAddress: addr,
        label: {
          trackingNumber: "t",
          carrier: "c",
          trackingUrl: "https://x",
          postageLabelUrl: "https://x",
          formLabelUrl: "https://x",
          originalShipmentId: "o",
        },
        notes: "n",
      },
      options: { createExternalRMAs: false },
    },
  ],
  [
    "POST",
    "/stores/:storeId/orders/:orderId/fulfillments",
    {
      fulfillmentId: "f",
      lineItems: [{ id: "l", quantity: 1 }],
      tracking: { carrier: "c", code: "x" },
      useDummyTracking: true,
      initialTracking: {
        status: "in_transit",
        estimatedDeliveryDate: null,
        message: null,
        datetime: null,
        location: { city: null, state: null, country: null, postalCode: null },
      },
    },
  ],
  [
    "POST",
    "/stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status",
    {
      status: "in_transit",
      estimatedDeliveryDate: null,
      message: "m",
      datetime: "2026-01-01T00:00:00Z",
      location: { city: "a", state: "b", country: "c", postalCode: "d" },
    },
  ],
  [
    "POST",
    "/returns/:returnId/process",
    { products: [{ _id: "i", processInput: { newMerchantAdjustment: null, restock: true }, reject: false }], customerNotes: "c" },
  ],
  ["PUT", "/returns/:returnId/status", { status: "complete" }],
  ["POST", "/returns/:returnId/comments", { comment: { message: "m" } }],
  ["POST", "/returns/:returnId/comments", { comment: { image: "aGVsbG8=" } }],
  [
    "POST",
    "/stores/:storeId/webhooks",
    {
      webhook: {
        topic: "return",
        callback: { url: "https://x.example", auth: { bearer: { token: "t" } } },
        kind: "redo",
        externalId: null,
        backfill: false,
      },
    },
  ],
  ["POST", "/stores/:storeId/webhooks", { webhook: { topic: "return", callback: { url: "https://x.example", auth: null } } }],
  ["PUT", "/webhooks/:webhookId", { webhook: { callback: { url: "https://x.example", auth: null }, externalId: "e" } }],
  ["POST", "/webhooks/:webhookId/replay", { start: "2026-01-01T00:00:00Z" }],
  [
    "POST",
    "/stores/:storeId/products/bulk-upload",
    {
      products: [
        {
          product_family_id: "p",
          external_id: "e",
          title: "t",
          description: "d",
          vendor: "v",
          tags: ["a"],
          kind: "SELLABLE",
          options: [{ name: "Size", values: ["M"] }],
          images: [{ url: "https://x/i.png", alt_text: "a" }],
          variants: [
            {
              id: "v",
              external_id: "e",
              title: "t",
              sku: "s",
              upc: "u",
              barcodes: ["b"],
              price: 100,
              currency: "USD",
              weight: 1,
              weight_unit: "g",
              width: 1,
              length: 1,
              height: 1,
              dimension_unit: "cm",
              hs_code: "h",
              origin_country: "US",
              option_values: ["M"],
              images: [{ url: "https://x/i.png", alt_text: "a" }],
            },
          ],
        },
      ],
    },
  ],
  [
    "POST",
    "/stores/:storeId/orders",
    {
      orderId: "o",
      createdAt: "2026-01-01T00:00:00Z",
      lineItems: [
        { id: "l", productId: "p", title: "t", quantity: 1, variantId: "v", sku: "s", price: 1, imageUrl: "https://x", discount: 0 },
      ],
      customer: { id: null, email: null, phoneNumber: null, name: null, firstName: null, lastName: null },
      shipping: {
        method: "m",
        cost: 1,
        address: { address1: "a", address2: "b", city: "c", province: "p", country: "US", postalCode: "1" },
      },
      billingAddress: { address1: "a", address2: "b", city: "c", province: "p", country: "US", postalCode: "1" },
      totalPrice: 1,
      subtotalPrice: 1,
      totalTax: null,
      totalDiscount: 0,
      tags: ["a"],
      currencyCode: "USD",
      locationId: "loc_1",
    },
  ],
];

describe("REST request bodies against the reference", () => {
  it.each(cases)("%s %s accepts every field the reference defines", (method, path, body) => {
    expect(validatorOf(find(method, path).body!)(body)).toEqual([]);
  });

  it("refuses a field the reference does not define, naming it", () => {
    expect(validatorOf(find("PUT", "/returns/:returnId/status").body!)({ status: "open", bogus: 1 })).toEqual([
      { field: "body", detail: "`body` has an unknown field `bogus`." },
    ]);
    const body = {
      data: { provider: "x", externalOrderId: "1", items: [{ lineItemId: "l", quantity: 1, reason: "r", zap: 1 }], shippingAddress: addr },
    };
    expect(validatorOf(find("POST", "/stores/:storeId/returns").body!)(body)).toEqual([
      { field: "data.items[0]", detail: "`data.items[0]` has an unknown field `zap`." },
    ]);
  });
});
