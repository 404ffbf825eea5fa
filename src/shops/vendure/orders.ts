// Vendure's orders read through its Admin API and said in the core's order input (src/orders/service.ts OrderInput),
// the same input the REST order sync writes through. Vendure keeps money as integers in minor units with two
// decimals (its default money strategy); a line's discount is what its item and prorated order-level promotions took
// off (linePrice − proratedLinePrice, before tax), its tax Vendure's lineTax, so the order's promotions are counted
// once, on the lines they were spread over.
import type { OrderInput } from "../../orders/service.js";
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCredentials, ShopOrderPage, ShopOrderQuery } from "../connector.js";
import { vendureAdmin } from "./admin-api.js";

const ORDERS = `query RetourOrders($options: OrderListOptions) {
  orders(options: $options) {
    totalItems
    items {
      id code state active orderPlacedAt updatedAt currencyCode totalWithTax
      customer { id emailAddress firstName lastName phoneNumber }
      shippingAddress { fullName streetLine1 streetLine2 city province postalCode countryCode phoneNumber }
      lines {
        id quantity unitPrice linePrice proratedLinePrice lineTax
        productVariant { id sku name product { id name } }
      }
      shippingLines { shippingMethod { name } discountedPrice discountedPriceWithTax }
      fulfillments { id state method trackingCode lines { orderLineId quantity } }
    }
  }
}`;

interface VendureOrder {
  id: string;
  code: string;
  state: string;
  active: boolean;
  orderPlacedAt: string | null;
  updatedAt: string;
  currencyCode: string;
  totalWithTax: number;
  customer: { id: string; emailAddress: string; firstName: string; lastName: string; phoneNumber: string | null } | null;
  shippingAddress: {
    fullName: string | null;
    streetLine1: string | null;
    streetLine2: string | null;
    city: string | null;
    province: string | null;
    postalCode: string | null;
    countryCode: string | null;
    phoneNumber: string | null;
  } | null;
  lines: {
    id: string;
    quantity: number;
    unitPrice: number;
    linePrice: number;
    proratedLinePrice: number;
    lineTax: number;
    productVariant: { id: string; sku: string; name: string; product: { id: string; name: string } };
  }[];
  shippingLines: { shippingMethod: { name: string } | null; discountedPrice: number; discountedPriceWithTax: number }[];
  fulfillments:
    | { id: string; state: string; method: string; trackingCode: string | null; lines: { orderLineId: string; quantity: number }[] }[]
    | null;
}

/** Vendure's minor units (two decimals) as a decimal string: 3080 → "30.80". Exact (no floating point). */
export function vendureAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const orNull = (v: string | null | undefined) => (v ? v : null);

export function orderInputOf(o: VendureOrder): OrderInput {
  const a = o.shippingAddress;
  return {
    orderId: o.id,
    provider: "vendure",
    name: o.code,
    placedAt: new Date(o.orderPlacedAt ?? o.updatedAt),
    currency: o.currencyCode,
    customer: o.customer
      ? {
          id: o.customer.id,
          email: o.customer.emailAddress,
          firstName: o.customer.firstName,
          lastName: o.customer.lastName,
          phoneNumber: orNull(o.customer.phoneNumber),
        }
      : null,
    lineItems: o.lines.map((l) => ({
      id: l.id,
      productId: l.productVariant.product.id,
      variantId: l.productVariant.id,
      sku: orNull(l.productVariant.sku),
      title: l.productVariant.product.name,
      variantTitle: l.productVariant.name,
      quantity: l.quantity,
      price: vendureAmount(l.unitPrice),
      discount: vendureAmount(Math.max(0, l.linePrice - l.proratedLinePrice)),
      tax: vendureAmount(l.lineTax),
    })),
    shippingLines: o.shippingLines.map((s) => ({
      title: s.shippingMethod?.name ?? null,
      price: vendureAmount(s.discountedPrice),
      taxLines: [vendureAmount(s.discountedPriceWithTax - s.discountedPrice)],
    })),
    shippingAddress: a
      ? {
          name: orNull(a.fullName),
          address1: orNull(a.streetLine1),
          address2: orNull(a.streetLine2),
          city: orNull(a.city),
          province: orNull(a.province),
          zip: orNull(a.postalCode),
          countryCode: a.countryCode ? a.countryCode.toUpperCase() : null,
          phone: orNull(a.phoneNumber),
        }
      : null,
    totalPrice: vendureAmount(o.totalWithTax),
    // A fulfillment's id is unique per store in Retour, Vendure's only per shop: prefixed with the platform.
    fulfillments: (o.fulfillments ?? [])
      .filter((f) => f.state !== "Cancelled")
      .map((f) => ({
        id: `vendure-${f.id}`,
        lineItems: f.lines.map((l) => ({ id: l.orderLineId, quantity: l.quantity })),
        trackingNumber: f.trackingCode || null,
        carrier: f.method || null,
      })),
  };
}

/** One page of the shop's placed orders (carts left out), by when they were placed or last changed, oldest first. */
export async function vendureOrders(policy: UrlPolicy, credentials: ShopCredentials, page: ShopOrderQuery): Promise<ShopOrderPage> {
  const [field, after] = "updatedAfter" in page ? ["updatedAt", page.updatedAfter] : ["orderPlacedAt", page.placedAfter];
  const res = await vendureAdmin<{ orders: { totalItems: number; items: VendureOrder[] } }>(policy, credentials, ORDERS, {
    options: {
      filter: { [field]: { after: after.toISOString() }, active: { eq: false } },
      sort: { [field]: "ASC" },
      skip: page.skip,
      take: page.take,
    },
  });
  if (!res.ok) return { ok: false, finding: res.finding };
  if (res.errors.length || !res.data)
    return { ok: false, finding: { code: "SHOP_ORDERS_ERROR", params: { error: res.errors[0]?.message ?? "no data" } } };
  return {
    ok: true,
    total: res.data.orders.totalItems,
    orders: res.data.orders.items.map((o) => ({
      externalId: o.id,
      name: o.code,
      updatedAt: new Date(o.updatedAt),
      input: () => orderInputOf(o),
    })),
  };
}
