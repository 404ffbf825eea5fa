// Fulfillments of order line items with tracking; dummy trackers (no outbound call) and
// shipment-status updates that move the status and append tracking history.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { findOrder } from "../orders/service.js";
import { checkLineQuantity } from "../orders/rules.js";
import { AUTOMATION_EVENTS, FULFILLMENT_STATUSES, UPDATABLE_STATUSES } from "./shapes.js";
import { shipExchangeOrder } from "../returns/exchange-order.js";

interface Location {
  city?: string | null;
  state?: string | null;
  country?: string | null;
  postalCode?: string | null;
}

export interface FulfillmentInput {
  fulfillmentId?: string | null;
  lineItems: { id: string; quantity: number }[];
  tracking?: { carrier: string; code: string } | null;
  useDummyTracking?: boolean | null;
  initialTracking?: {
    status: string;
    estimatedDeliveryDate?: Date | null;
    message?: string | null;
    datetime?: Date | null;
    location?: Location | null;
  } | null;
}

export interface ShipmentStatusInput {
  status: string;
  estimatedDeliveryDate?: Date | null;
  message?: string | null;
  datetime?: Date | null;
  location?: Location | null;
}

const dateOnly = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

const DEFAULT_MESSAGES: Record<string, string> = {
  pre_transit: "Label created; awaiting carrier pickup",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  available_for_pickup: "Available for pickup",
  delivered: "Delivered",
  return_to_sender: "Returned to sender",
  failure: "Delivery failed",
  cancelled: "Shipment cancelled",
  error: "Tracking error",
  unknown: "Status unknown",
  stalled_in_transit: "Shipment stalled in transit",
  delayed: "Shipment delayed",
  arriving_early: "Shipment arriving early",
};

function orderNotFound(id: string) {
  return refuse("FULFILLMENT_ORDER_NOT_FOUND", { id });
}

export async function createFulfillment(
  ctx: RequestContext,
  storeId: string,
  orderId: string,
  input: FulfillmentInput,
  idempotencyKey?: string | null,
) {
  const { result, replayed } = await idempotent<{ id: string }>(
    ctx,
    { storeId, operation: "createFulfillment", key: idempotencyKey, request: { orderId, input } },
    async (claim) => ({
      id: await insertFulfillment(ctx, storeId, orderId, input, claim),
    }),
  );
  const fulfillment = await ctx.prisma.fulfillment.findUniqueOrThrow({ where: { id: result.id } });
  return { success: true, fulfillment, replayed };
}

async function insertFulfillment(
  ctx: RequestContext,
  storeId: string,
  orderRef: string,
  input: FulfillmentInput,
  claim: IdempotencyClaim<{ id: string }>,
): Promise<string> {
  const order = await findOrder(ctx, storeId, orderRef, { byName: false });
  if (!order) throw orderNotFound(orderRef);
  if (!input.lineItems.length) throw refuse("FULFILLMENT_NO_LINES");
  input.lineItems.forEach((li, i) => {
    checkLineQuantity(li.quantity, `lineItems[${i}].quantity`);
  });
  if (input.fulfillmentId != null && !input.fulfillmentId.trim()) throw refuse("FULFILLMENT_ID_EMPTY");
  if (input.tracking && (!input.tracking.carrier.trim() || !input.tracking.code.trim())) throw refuse("FULFILLMENT_TRACKING_EMPTY");
  const initial = input.initialTracking;
  if (initial && !input.useDummyTracking) throw refuse("FULFILLMENT_INITIAL_TRACKING");
  if (initial && !(FULFILLMENT_STATUSES as readonly string[]).includes(initial.status)) {
    throw refuse("FULFILLMENT_STATUS_UNKNOWN", {
      field: "initialTracking.status",
      value: initial.status,
      statuses: FULFILLMENT_STATUSES.join(", "),
    });
  }
  const id = newId("ful");
  const publicId = input.fulfillmentId?.trim() ?? id;
  try {
    await ctx.prisma.$transaction(async (tx) => {
      await tx.order.update({ where: { id: order.id }, data: { version: { increment: 1 } } }); // lock: quantities below are exact
      const lines = await tx.orderLineItem.findMany({ where: { orderId: order.id } });
      const byExt = new Map(lines.map((l) => [l.externalId, l]));
      const byId = new Map(lines.map((l) => [l.id, l]));
      const wanted = new Map<string, number>();
      input.lineItems.forEach((li, i) => {
        const line = byExt.get(li.id) ?? byId.get(li.id);
        if (!line) throw refuse("FULFILLMENT_NOT_A_LINE", { field: `lineItems[${i}].id`, id: li.id, order: order.externalId });
        wanted.set(line.id, (wanted.get(line.id) ?? 0) + li.quantity);
      });
      const done = await tx.fulfillmentLineItem.groupBy({
        by: ["lineItemId"],
        where: { lineItemId: { in: [...wanted.keys()] }, fulfillment: { status: { not: "cancelled" } } },
        _sum: { quantity: true },
      });
      const fulfilled = new Map(done.map((d) => [d.lineItemId, d._sum.quantity ?? 0]));
      for (const [lineId, qty] of wanted) {
        const line = byId.get(lineId)!;
        const left = line.quantity - (fulfilled.get(lineId) ?? 0);
        if (qty > left)
          throw refuse("FULFILLMENT_TOO_MANY_UNITS", {
            line: line.externalId,
            requested: qty,
            left: Math.max(0, left),
            ordered: line.quantity,
          });
      }
      const status = input.useDummyTracking ? (initial?.status ?? "pre_transit") : input.tracking ? "pre_transit" : "unknown";
      const now = new Date();
      await tx.fulfillment.create({
        data: {
          id,
          storeId,
          orderId: order.id,
          publicId,
          status,
          dummy: !!input.useDummyTracking,
          trackingCompany: input.tracking?.carrier ?? (input.useDummyTracking ? "dummy" : null),
          trackingNumber: input.tracking?.code ?? (input.useDummyTracking ? `DUMMY${id.slice(-12).toUpperCase()}` : null),
          estimatedDeliveryDate: dateOnly(initial?.estimatedDeliveryDate),
          deliveredAt: status === "delivered" ? (initial?.datetime ?? now) : null,
          lineItems: { create: [...wanted].map(([lineItemId, quantity]) => ({ id: newId("fli"), lineItemId, quantity })) },
          history: input.useDummyTracking
            ? {
                create: {
                  id: newId("trk"),
                  position: 0,
                  status,
                  message: initial?.message ?? DEFAULT_MESSAGES[status] ?? status,
                  datetime: initial?.datetime ?? now,
                  ...location(initial?.location),
                },
              }
            : undefined,
        },
      });
      // The order may be a return's exchange order (reported back by the shop): its held units ship now.
      await shipExchangeOrder(tx, storeId, order.externalId, publicId, ctx.actor());
      await claim.save(tx, { id });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse("FULFILLMENT_ID_TAKEN", { id: String(publicId) });
    throw err;
  }
  return id;
}

function location(l: Location | null | undefined) {
  return { city: l?.city ?? null, state: l?.state ?? null, country: l?.country ?? null, postalCode: l?.postalCode ?? null };
}

export async function updateShipmentStatus(
  ctx: RequestContext,
  storeId: string,
  orderRef: string,
  fulfillmentId: string,
  input: ShipmentStatusInput,
) {
  const isEvent = (AUTOMATION_EVENTS as readonly string[]).includes(input.status);
  if (!isEvent && !(UPDATABLE_STATUSES as readonly string[]).includes(input.status)) {
    throw refuse("FULFILLMENT_STATUS_UNKNOWN", {
      field: "status",
      value: input.status,
      statuses: [...UPDATABLE_STATUSES, ...AUTOMATION_EVENTS].join(", "),
    });
  }
  const order = await findOrder(ctx, storeId, orderRef, { byName: false });
  if (!order) throw orderNotFound(orderRef);
  const f = await ctx.prisma.fulfillment.findFirst({
    where: { storeId, orderId: order.id, OR: [{ publicId: fulfillmentId }, { id: fulfillmentId }] },
  });
  if (!f) throw refuse("FULFILLMENT_NOT_FOUND", { id: fulfillmentId, order: order.externalId });
  const now = new Date();
  const updated = await ctx.prisma.$transaction(async (tx) => {
    await tx.fulfillment.update({ where: { id: f.id }, data: { updatedAt: now } }); // lock
    const last = await tx.trackingEvent.findFirst({
      where: { fulfillmentId: f.id },
      orderBy: { position: "desc" },
      select: { position: true },
    });
    await tx.trackingEvent.create({
      data: {
        id: newId("trk"),
        fulfillmentId: f.id,
        position: (last?.position ?? -1) + 1,
        status: input.status,
        message: input.message ?? DEFAULT_MESSAGES[input.status] ?? input.status,
        datetime: input.datetime ?? now,
        ...location(input.location),
      },
    });
    const data: Record<string, unknown> = {};
    if (!isEvent) {
      data.status = input.status;
      if (input.status === "delivered") data.deliveredAt = input.datetime ?? now;
    }
    if (input.estimatedDeliveryDate !== undefined) data.estimatedDeliveryDate = dateOnly(input.estimatedDeliveryDate);
    return tx.fulfillment.update({ where: { id: f.id }, data });
  });
  return { success: true, fulfillment: updated, replayed: false };
}

// ─── Loaders ──────────────────────────────────────────────────────────────────

export function fulfillmentsOf(ctx: RequestContext, orderId: string) {
  return ctx.loaders
    .hasMany(
      "fulfillments.byOrder",
      (ids) => ctx.prisma.fulfillment.findMany({ where: { orderId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (r) => r.orderId,
    )
    .load(orderId);
}

export function fulfillmentLines(ctx: RequestContext, fulfillmentId: string) {
  return ctx.loaders
    .hasMany(
      "fulfillments.lines",
      (ids) => ctx.prisma.fulfillmentLineItem.findMany({ where: { fulfillmentId: { in: ids } }, orderBy: { id: "asc" } }),
      (r) => r.fulfillmentId,
    )
    .load(fulfillmentId);
}

export function historyOf(ctx: RequestContext, fulfillmentId: string) {
  return ctx.loaders
    .hasMany(
      "fulfillments.history",
      (ids) => ctx.prisma.trackingEvent.findMany({ where: { fulfillmentId: { in: ids } }, orderBy: [{ position: "asc" }] }),
      (r) => r.fulfillmentId,
    )
    .load(fulfillmentId);
}
