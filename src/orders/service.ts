// Orders pushed in by merchants: the custom order sync (upsert) and the Orders API (create, read,
// delete) write through one upsert. Orders are keyed by (store, provider, external id); they also
// have an internal id (ord_…) and a display name.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { RELEASED_STATUSES } from "../returns/transitions.js";
import { newId } from "../core/ids.js";
import { assertCurrency, currencyExponent, money, parseMajor } from "../core/money.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { type PageArgs, pageOf } from "../core/pagination.js";
import type { TransactionClient } from "../db/client.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { customerForOrder } from "../customers/service.js";
import { checkLineQuantity, gramsOf, protectionOf } from "./rules.js";

export type OrderRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["order"]["findFirst"]>>>;
export type LineItemRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["orderLineItem"]["findFirst"]>>>;

export interface OrderInput {
  orderId: string;
  provider?: string | null;
  name?: string | null;
  placedAt: Date;
  currency: string;
  customer?: {
    id?: string | null;
    email?: string | null;
    phoneNumber?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    name?: string | null;
  } | null;
  lineItems: {
    id: string;
    productId: string;
    variantId?: string | null;
    sku?: string | null;
    title: string;
    variantTitle?: string | null;
    vendor?: string | null;
    imageUrl?: string | null;
    quantity: number;
    price?: string | null;
    discount?: string | null;
    tax?: string | null;
    discounts?: string[] | null;
    taxLines?: string[] | null;
    weight?: { value: number; unit: string } | null;
    properties?: { name: string; value?: string | null }[] | null;
    fulfillmentLocationId?: string | null;
  }[];
  orderDiscounts?: string[] | null;
  shippingLines?: { title?: string | null; price: string; taxLines?: string[] | null }[] | null;
  shippingCost?: string | null;
  shippingMethod?: string | null;
  shippingAddress?: Record<string, unknown> | null;
  billingAddress?: Record<string, unknown> | null;
  totalDiscount?: string | null;
  totalTax?: string | null;
  totalPrice?: string | null;
  tags?: string[] | null;
  locationId?: string | null;
  protection?: {
    covered?: boolean | null;
    finalSaleCoverage?: boolean | null;
    packageProtection?: boolean | null;
    returnsCoverage?: boolean | null;
  } | null;
  fulfillments?:
    | { id: string; lineItems: { id: string; quantity: number }[]; trackingNumber?: string | null; carrier?: string | null }[]
    | null;
}

export type OrderWriteMode = "UPSERT" | "CREATE";

export function normaliseProvider(provider: string | null | undefined): string {
  return (provider ?? "custom").trim().toLowerCase() || "custom";
}

const nonEmpty = (v: string, field: string, max = 255) => {
  if (!v.trim()) throw refuse("TEXT_EMPTY", { field });
  if (v.length > max) throw refuse("TEXT_TOO_LONG", { field, max });
  return v.trim();
};

function amount(v: string | null | undefined, currency: string, field: string): number | null {
  if (v === null || v === undefined) return null;
  const minor = parseMajor(v, currency, field);
  if (minor < 0) throw refuse("AMOUNT_NEGATIVE", { field });
  return minor;
}

/** Several amounts of one kind (a line's discounts, a shipping line's taxes), summed exactly in minor units. */
function amountSum(values: (string | null | undefined)[], currency: string, field: (i: number) => string): number {
  return values.reduce<number>((sum, v, i) => sum + (amount(v, currency, field(i)) ?? 0), 0);
}

function orderNotFound(id: string) {
  return refuse("ORDER_NOT_FOUND_IN_STORE", { id });
}

/** Creates or updates an order with its line items. Line items are matched by external id. */
export async function upsertOrder(
  ctx: RequestContext,
  storeId: string,
  input: OrderInput,
  mode: OrderWriteMode,
  idempotencyKey?: string | null,
) {
  const { result, replayed } = await idempotent<{ id: string; created: boolean }>(
    ctx,
    { storeId, operation: `upsertOrder:${mode}`, key: idempotencyKey, request: input },
    (claim) => writeOrder(ctx, storeId, input, mode, claim),
  );
  const order = await ctx.prisma.order.findFirst({ where: { id: result.id, storeId } });
  if (!order) throw orderNotFound(result.id);
  return { order, created: result.created, replayed };
}

async function writeOrder(
  ctx: RequestContext,
  storeId: string,
  input: OrderInput,
  mode: OrderWriteMode,
  claim: IdempotencyClaim<{ id: string; created: boolean }>,
): Promise<{ id: string; created: boolean }> {
  const externalId = nonEmpty(input.orderId, "orderId");
  const provider = normaliseProvider(input.provider);
  const name = input.name != null ? nonEmpty(input.name, "name") : externalId;
  const currency = assertCurrency(input.currency, "currency");
  if (!(input.placedAt instanceof Date) || Number.isNaN(input.placedAt.getTime())) throw refuse("ORDER_DATE_INVALID");
  if (!input.lineItems.length) throw refuse("ORDER_NO_LINES");
  const seen = new Set<string>();
  const lines = input.lineItems.map((li, i) => {
    const f = `lineItems[${i}]`;
    const id = nonEmpty(li.id, `${f}.id`);
    if (seen.has(id)) throw refuse("LINE_ID_TWICE", { field: `${f}.id`, id });
    seen.add(id);
    return {
      externalId: id,
      position: i,
      productId: nonEmpty(li.productId, `${f}.productId`),
      variantId: li.variantId ?? null,
      sku: li.sku ?? null,
      title: nonEmpty(li.title, `${f}.title`, 1000),
      variantTitle: li.variantTitle ?? null,
      vendor: li.vendor ?? null,
      imageUrl: li.imageUrl ?? null,
      quantity: checkLineQuantity(li.quantity, `${f}.quantity`),
      unitPrice: amount(li.price, currency, `${f}.price`) ?? 0,
      // A line's discount and tax: the one amount an API sent, plus each discount / tax line a platform listed.
      discount:
        (amount(li.discount, currency, `${f}.discount`) ?? 0) + amountSum(li.discounts ?? [], currency, (j) => `${f}.discounts[${j}]`),
      tax: (amount(li.tax, currency, `${f}.tax`) ?? 0) + amountSum(li.taxLines ?? [], currency, (j) => `${f}.taxLines[${j}]`),
      weightGrams: li.weight ? gramsOf(li.weight, `${f}.weight`) : null,
      fulfillmentLocationId: li.fulfillmentLocationId ?? null,
    };
  });
  const c = input.customer ?? {};
  let firstName = c.firstName ?? "";
  let lastName = c.lastName ?? "";
  if (!firstName && !lastName && c.name) [firstName, lastName] = [c.name.split(" ")[0], c.name.split(" ").slice(1).join(" ")];
  const shippingLines = input.shippingLines ?? [];
  const shippingFromLines = amountSum(
    shippingLines.map((s) => s.price),
    currency,
    (j) => `shippingLines[${j}].price`,
  );
  const shippingTax = shippingLines.reduce(
    (sum, s, j) => sum + amountSum(s.taxLines ?? [], currency, (k) => `shippingLines[${j}].taxLines[${k}]`),
    0,
  );
  const orderDiscounts = amountSum(input.orderDiscounts ?? [], currency, (j) => `orderDiscounts[${j}]`);
  const protection = protectionOf(input.protection, input.lineItems);
  const data = {
    name,
    currency,
    customerId: c.id ?? null,
    customerEmail: c.email ?? null,
    customerPhone: c.phoneNumber ?? null,
    customerFirstName: firstName,
    customerLastName: lastName,
    shippingAddress: input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
    billingAddress: input.billingAddress ? JSON.stringify(input.billingAddress) : null,
    shippingMethod: input.shippingMethod ?? shippingLines[0]?.title ?? null,
    // Totals the platform did not state: the lines' discounts plus the order's; the lines' tax plus the shipping's.
    shippingCost: amount(input.shippingCost, currency, "shippingCost") ?? shippingFromLines,
    discountTotal: amount(input.totalDiscount, currency, "totalDiscount") ?? lines.reduce((s, l) => s + l.discount, 0) + orderDiscounts,
    taxTotal: amount(input.totalTax, currency, "totalTax") ?? lines.reduce((s, l) => s + l.tax, 0) + shippingTax,
    totalPrice: amount(input.totalPrice, currency, "totalPrice"),
    locationId: input.locationId ?? null,
    tags: JSON.stringify(input.tags ?? []),
    ...protection,
    placedAt: input.placedAt,
  };

  const run = () =>
    ctx.prisma.$transaction(async (tx) => {
      const existing = await tx.order.findUnique({ where: { storeId_provider_externalId: { storeId, provider, externalId } } });
      if (existing && mode === "CREATE") {
        throw refuse("ORDER_EXISTS", { id: externalId });
      }
      let orderId: string;
      const customerRecordId = await customerForOrder(tx, storeId, { ...c, firstName, lastName });
      if (existing) {
        orderId = existing.id;
        // Lock the order (serialises with return creation and fulfillments).
        await tx.order.update({ where: { id: orderId }, data: { ...data, customerRecordId, version: { increment: 1 } } });
        const current = await tx.orderLineItem.findMany({ where: { orderId } });
        const byExt = new Map(current.map((l) => [l.externalId, l]));
        await refuseQuantityBelowReturned(tx, lines, byExt);
        for (const line of lines) {
          const found = byExt.get(line.externalId);
          if (found) await tx.orderLineItem.update({ where: { id: found.id }, data: line });
          else await tx.orderLineItem.create({ data: { ...line, id: newId("oli"), orderId } });
        }
        const dropped = current.filter((l) => !seen.has(l.externalId));
        if (dropped.length) {
          const used = await tx.returnItem.count({ where: { lineItemId: { in: dropped.map((d) => d.id) } } });
          const fulfilled = await tx.fulfillmentLineItem.count({ where: { lineItemId: { in: dropped.map((d) => d.id) } } });
          if (used || fulfilled) throw refuse("LINES_IN_USE", { lines: dropped.map((d) => d.externalId).join(", ") });
          await tx.orderLineItem.deleteMany({ where: { id: { in: dropped.map((d) => d.id) } } });
        }
      } else {
        orderId = newId("ord");
        await tx.order.create({
          data: {
            ...data,
            customerRecordId,
            id: orderId,
            storeId,
            provider,
            externalId,
            source: mode === "CREATE" ? "orders_api" : "custom_sync",
            lineItems: { create: lines.map((l) => ({ ...l, id: newId("oli") })) },
          },
        });
      }
      if (input.fulfillments?.length) await syncFulfillments(tx, storeId, orderId, input.fulfillments);
      const result = { id: orderId, created: !existing };
      await claim.save(tx, result);
      return result;
    });
  try {
    return await run();
  } catch (err) {
    // Two first-time syncs of one order raced: the loser retries as an update (or a 409 for CREATE).
    if (isUniqueViolation(err)) return run();
    throw err;
  }
}

/**
 * A re-sync may lower a line's quantity, but not below the units in its returns that still hold
 * them (every status but the released ones), which creating a return checks from the other side.
 */
async function refuseQuantityBelowReturned(
  tx: TransactionClient,
  lines: { externalId: string; quantity: number; position: number }[],
  byExt: Map<string, { id: string; quantity: number }>,
) {
  const lowered = lines.filter((l) => {
    const was = byExt.get(l.externalId);
    return was && l.quantity < was.quantity;
  });
  if (!lowered.length) return;
  const held = await tx.returnItem.groupBy({
    by: ["lineItemId"],
    where: { lineItemId: { in: lowered.map((l) => byExt.get(l.externalId)!.id) }, return: { status: { notIn: [...RELEASED_STATUSES] } } },
    _sum: { quantity: true },
  });
  const heldById = new Map(held.map((h) => [h.lineItemId, h._sum.quantity ?? 0]));
  for (const line of lowered) {
    const inReturns = heldById.get(byExt.get(line.externalId)!.id) ?? 0;
    if (line.quantity < inReturns) {
      const field = `lineItems[${line.position}].quantity`;
      throw refuse("LINE_QUANTITY_IN_RETURNS", { field, line: line.externalId, inReturns, quantity: line.quantity });
    }
  }
}

async function syncFulfillments(
  tx: TransactionClient,
  storeId: string,
  orderId: string,
  fulfillments: NonNullable<OrderInput["fulfillments"]>,
) {
  const lineItems = await tx.orderLineItem.findMany({ where: { orderId } });
  const byExt = new Map(lineItems.map((l) => [l.externalId, l]));
  for (const [i, f] of fulfillments.entries()) {
    const exists = await tx.fulfillment.findUnique({ where: { storeId_publicId: { storeId, publicId: f.id } } });
    if (exists) continue;
    const lines = f.lineItems.map((li, j) => {
      const line = byExt.get(li.id);
      if (!line) throw refuse("FULFILLMENT_LINE_UNKNOWN", { field: `fulfillments[${i}].lineItems[${j}].id`, id: li.id });
      return { id: newId("fli"), lineItemId: line.id, quantity: li.quantity };
    });
    await tx.fulfillment.create({
      data: {
        id: newId("ful"),
        storeId,
        orderId,
        publicId: f.id,
        status: "unknown",
        trackingNumber: f.trackingNumber ?? null,
        trackingCompany: f.carrier ?? null,
        lineItems: { create: lines },
      },
    });
  }
}

/** By external id, internal id or display name (in that order of preference). */
export async function findOrder(
  ctx: RequestContext | { prisma: RequestContext["prisma"] },
  storeId: string,
  id: string,
  opts: { byName?: boolean } = { byName: true },
) {
  const prisma = ctx.prisma;
  const candidates = await prisma.order.findMany({
    where: { storeId, OR: [{ externalId: id }, { id }, ...(opts.byName ? [{ name: id }] : [])] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 20,
  });
  return (
    candidates.find((o) => o.externalId === id) ?? candidates.find((o) => o.id === id) ?? candidates.find((o) => o.name === id) ?? null
  );
}

export async function getOrder(ctx: RequestContext, storeId: string, id: string) {
  return findOrder(ctx, storeId, id);
}

export async function listOrders(ctx: RequestContext, storeId: string, args: PageArgs) {
  return pageOf(ctx.services.cursors, {
    list: `orders:${storeId}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "createdAt",
    where: { storeId },
    findMany: (q) => ctx.prisma.order.findMany(q),
  });
}

export async function deleteOrder(ctx: RequestContext, storeId: string, id: string) {
  const order = await findOrder(ctx, storeId, id, { byName: false });
  if (!order) throw orderNotFound(id);
  await ctx.prisma.order.deleteMany({ where: { id: order.id, storeId } });
  return { success: true, orderId: order.id, externalOrderId: order.externalId };
}

// ─── Derived values ───────────────────────────────────────────────────────────

export function lineItemsTotal(lines: LineItemRow[]): number {
  return lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
}

export function orderTotal(order: OrderRow, lines: LineItemRow[]): number {
  return order.totalPrice ?? lineItemsTotal(lines) - order.discountTotal + order.taxTotal + order.shippingCost;
}

export function majorNumber(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

export { money };

// ─── Loaders ──────────────────────────────────────────────────────────────────

/** Orders by id (null when there is none); primed by a return's aggregate read (src/returns/aggregate.ts). */
export function ordersByIdLoader(ctx: RequestContext) {
  return ctx.loaders.byId("orders.byId", (ids) => ctx.prisma.order.findMany({ where: { id: { in: ids } } }));
}

export function orderById(ctx: RequestContext, id: string) {
  return ordersByIdLoader(ctx).load(id);
}

export function lineItemsOf(ctx: RequestContext, orderId: string): Promise<LineItemRow[]> {
  // The empty order an imported return shows (id "") has no lines: no query for it.
  if (!orderId) return Promise.resolve([]);
  return lineItemsLoader(ctx).load(orderId);
}

/** Orders' line items by order id, in position order; primed by a return's aggregate read. */
export function lineItemsLoader(ctx: RequestContext) {
  return ctx.loaders.hasMany(
    "orders.lineItems",
    (ids) => ctx.prisma.orderLineItem.findMany({ where: { orderId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    (r) => r.orderId,
  );
}

export async function lineItemById(ctx: RequestContext, orderId: string, lineItemId: string): Promise<LineItemRow | null> {
  const lines = await lineItemsOf(ctx, orderId);
  return lines.find((l) => l.id === lineItemId) ?? null;
}
