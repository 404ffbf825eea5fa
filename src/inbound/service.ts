// Inbound shipments: inventory in transit to, or received at, one of the store's locations.
// Counts (sku/item/received/damaged/missing) and per-item discrepancy are derived from the items;
// the status is stored (it is filtered on) but only ever set from the items' receipts.
import type { RequestContext } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
import { fail } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { assertCurrency, parseMajor } from "../core/money.js";
import { type PageArgs, pageOf } from "../core/pagination.js";
import { LIST_BOUNDS, PAGE_SIZES } from "../core/bounds.js";
import { holdCountLimit } from "../core/count-limits.js";
import { receiveInboundUnits } from "../inventory/service.js";

export const INBOUND_STATUSES = ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

// ─── Locations ────────────────────────────────────────────────────────────────

/** A store's locations stop at LIST_BOUNDS.storeLocations (the list shows that many): counted under the limit's lock. */
export async function createLocation(ctx: RequestContext, storeId: string, name: string) {
  if (!name.trim() || name.length > 255) throw fail.badInput("`name` must be 1 to 255 characters.", "name");
  return ctx.prisma.$transaction(async (tx) => {
    await holdCountLimit(tx, ctx.services.db.provider, storeId, {
      name: "store-locations",
      max: LIST_BOUNDS.storeLocations,
      count: () => tx.location.count({ where: { storeId } }),
      refuse: () =>
        fail.conflict(
          "locations/limit-reached",
          "Too many locations",
          `A store has at most ${LIST_BOUNDS.storeLocations} locations; use an existing one.`,
        ),
    });
    return tx.location.create({ data: { id: newId("loc"), storeId, name: name.trim() } });
  });
}

export function listLocations(ctx: RequestContext, storeId: string) {
  return ctx.prisma.location.findMany({ where: { storeId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export function locationById(ctx: RequestContext, id: string) {
  return ctx.loaders.byId("inbound.location", (ids) => ctx.prisma.location.findMany({ where: { id: { in: ids } } })).load(id);
}

// ─── Shipments: reads ─────────────────────────────────────────────────────────

export interface InboundFilter {
  status?: string | null;
  locationId?: string | null;
  createdAtMin?: Date | null;
  createdAtMax?: Date | null;
}

/**
 * Most recently updated first, keyset over (updatedAt, id). A shipment updated while a client pages
 * moves ahead of the cursor: it is never repeated, and a traversal does not show it again (a fresh
 * traversal has it on its first page). Rows not updated meanwhile are each seen exactly once.
 */
/** Every problem of the list's filter, named as its arguments (told with the page arguments' own). */
const shipmentFilterChecks = (filter: InboundFilter) => [
  () => {
    if (filter.status != null && !(INBOUND_STATUSES as readonly string[]).includes(filter.status))
      throw fail.badInput(`\`status\` must be one of ${INBOUND_STATUSES.join(", ")}; got ${JSON.stringify(filter.status)}.`, "status");
  },
  () => {
    if (filter.locationId != null && !/^loc_[A-Za-z0-9]{1,64}$/.test(filter.locationId))
      throw fail.badInput(`The location must be a location id (\`loc_…\`); got ${JSON.stringify(filter.locationId)}.`, "locationId");
  },
  ...(["createdAtMin", "createdAtMax"] as const).map((k) => () => {
    const v = filter[k];
    if (v != null && Number.isNaN(v.getTime())) throw fail.badInput("The date must be an ISO 8601 date-time.", k);
  }),
];

export async function listShipments(ctx: RequestContext, storeId: string, filter: InboundFilter, args: PageArgs) {
  const where: Record<string, unknown> = { storeId };
  if (filter.status) where.status = filter.status;
  if (filter.locationId) where.locationId = filter.locationId;
  if (filter.createdAtMin || filter.createdAtMax) {
    where.createdAt = {
      ...(filter.createdAtMin ? { gte: filter.createdAtMin } : {}),
      ...(filter.createdAtMax ? { lt: filter.createdAtMax } : {}),
    };
  }
  const list = `inbound:${storeId}:${filter.status ?? ""}:${filter.locationId ?? ""}:${filter.createdAtMin?.getTime() ?? ""}:${filter.createdAtMax?.getTime() ?? ""}`;
  return pageOf(ctx.services.cursors, {
    list,
    args,
    size: PAGE_SIZES.standard,
    sortField: "updatedAt",
    checks: shipmentFilterChecks(filter),
    where,
    findMany: (q) => ctx.prisma.inboundShipment.findMany(q),
  });
}

export function getShipment(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.inboundShipment.findFirst({ where: { id, storeId } });
}

export function itemsOf(ctx: RequestContext, shipmentId: string) {
  return ctx.loaders
    .hasMany(
      "inbound.items",
      (ids) =>
        ctx.prisma.inboundShipmentItem.findMany({ where: { shipmentId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
      (r) => r.shipmentId,
    )
    .load(shipmentId);
}

export function documentsOf(ctx: RequestContext, shipmentId: string, kind: "purchase_order" | "transfer_order" | "file") {
  return ctx.loaders
    .hasMany(
      "inbound.documents",
      (ids) => ctx.prisma.inboundDocument.findMany({ where: { shipmentId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
      (r) => r.shipmentId,
    )
    .load(shipmentId)
    .then((rows) => rows.filter((r) => r.kind === kind));
}

type ItemCounts = { quantity: number; receivedQuantity: number; damagedQuantity: number; missingQuantity: number };

export function countsOf(items: (ItemCounts & { productId: string })[]) {
  const sum = (f: (i: ItemCounts) => number) => items.reduce((n, i) => n + f(i), 0);
  return {
    skuCount: new Set(items.map((i) => i.productId)).size,
    itemCount: sum((i) => i.quantity),
    receivedCount: sum((i) => i.receivedQuantity),
    damagedCount: sum((i) => i.damagedQuantity),
    missingCount: sum((i) => i.missingQuantity),
  };
}

/** Units that arrived (in good order or damaged) minus units shipped: negative when short. */
export function discrepancyOf(i: ItemCounts): number {
  return i.receivedQuantity + i.damagedQuantity - i.quantity;
}

/** Status from the receipts: nothing accounted for keeps PENDING/IN_TRANSIT; some → PARTIALLY_RECEIVED; all → RECEIVED. */
export function statusFromItems(current: string, items: ItemCounts[]): InboundStatus {
  const accounted = (i: ItemCounts) => i.receivedQuantity + i.damagedQuantity + i.missingQuantity;
  const any = items.some((i) => accounted(i) > 0);
  if (!any) return current === "IN_TRANSIT" ? "IN_TRANSIT" : "PENDING";
  return items.every((i) => accounted(i) >= i.quantity) ? "RECEIVED" : "PARTIALLY_RECEIVED";
}

// ─── Shipments: writes (dashboard) ────────────────────────────────────────────

export interface MoneyInput {
  amount: string;
  currency: string;
}

export interface InboundShipmentInput {
  locationId: string;
  shipmentId?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  estimatedArrivalDate?: string | null;
  freightType?: string | null;
  paymentTerms?: string | null;
  freightCost?: MoneyInput | null;
  dutyCost?: MoneyInput | null;
  customVolumeCubicMeters?: number | null;
  items: { productId: string; quantity: number; packingMode?: string | null }[];
  purchaseOrders?: { name: string }[] | null;
  transferOrders?: { name: string }[] | null;
  files?: { title: string; url: string; contentType: string }[] | null;
}

function checkDate(value: string | null | undefined, field: string): string | null {
  if (value == null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(`${value}T00:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw fail.badInput(`\`${field}\` must be a date YYYY-MM-DD; got ${JSON.stringify(value)}.`, field);
  return value;
}

function short(value: string | null | undefined, field: string, max = 255): string | null {
  if (value == null || value === "") return null;
  if (value.length > max) throw fail.badInput(`\`${field}\` must have at most ${max} characters.`, field);
  return value;
}

async function validated(tx: TransactionClient, storeId: string, input: InboundShipmentInput) {
  const location = await tx.location.findFirst({ where: { id: input.locationId, storeId } });
  if (!location) throw fail.badInput(`No location ${input.locationId} in this store.`, "input.locationId");
  const currency = assertCurrency(input.freightCost?.currency ?? input.dutyCost?.currency ?? "USD", "input.freightCost.currency");
  if (input.dutyCost && input.dutyCost.currency.toUpperCase() !== currency)
    throw fail.badInput("`input.dutyCost.currency` must equal `input.freightCost.currency`.", "input.dutyCost.currency");
  const costOf = (m: MoneyInput | null | undefined, field: string) => {
    if (!m) return 0;
    const v = parseMajor(m.amount, currency, `${field}.amount`);
    if (v < 0) throw fail.badInput(`\`${field}.amount\` must not be negative.`, `${field}.amount`);
    return v;
  };
  if (!input.items.length || input.items.length > 1000) throw fail.badInput("A shipment needs 1 to 1000 items.", "input.items");
  input.items.forEach((it, i) => {
    if (!Number.isInteger(it.quantity) || it.quantity < 1)
      throw fail.badInput(`\`input.items[${i}].quantity\` must be a positive integer.`, `input.items[${i}].quantity`);
  });
  const productIds = [...new Set(input.items.map((i) => i.productId))];
  const products = await tx.product.findMany({ where: { id: { in: productIds }, storeId }, select: { id: true } });
  const missing = productIds.filter((id) => !products.some((p) => p.id === id));
  if (missing.length) throw fail.badInput(`No product ${missing.join(", ")} in this store.`, "input.items.productId");
  if (input.customVolumeCubicMeters != null && !(input.customVolumeCubicMeters >= 0))
    throw fail.badInput("`input.customVolumeCubicMeters` must not be negative.", "input.customVolumeCubicMeters");
  if (input.trackingUrl && !/^https?:\/\//.test(input.trackingUrl))
    throw fail.badInput("`input.trackingUrl` must be an http(s) URL.", "input.trackingUrl");
  return {
    header: {
      locationId: location.id,
      shipmentId: short(input.shipmentId, "input.shipmentId"),
      carrier: short(input.carrier, "input.carrier"),
      trackingNumber: short(input.trackingNumber, "input.trackingNumber"),
      trackingUrl: short(input.trackingUrl, "input.trackingUrl", 2048),
      estimatedArrivalDate: checkDate(input.estimatedArrivalDate, "input.estimatedArrivalDate"),
      freightType: short(input.freightType, "input.freightType"),
      paymentTerms: short(input.paymentTerms, "input.paymentTerms"),
      currency,
      freightCostAmount: costOf(input.freightCost, "input.freightCost"),
      dutyCostAmount: costOf(input.dutyCost, "input.dutyCost"),
      customVolumeCubicMeters: input.customVolumeCubicMeters ?? null,
    },
    items: input.items.map((it, i) => ({
      id: newId("isp"),
      productId: it.productId,
      quantity: it.quantity,
      packingMode: it.packingMode ?? "individual",
      position: i,
    })),
    documents: [
      ...(input.purchaseOrders ?? []).map((d, i) => ({ id: newId("po"), kind: "purchase_order", name: d.name, position: i })),
      ...(input.transferOrders ?? []).map((d, i) => ({ id: newId("trn"), kind: "transfer_order", name: d.name, position: i })),
      ...(input.files ?? []).map((f, i) => {
        if (!/^https?:\/\//.test(f.url)) throw fail.badInput(`\`input.files[${i}].url\` must be an http(s) URL.`, `input.files[${i}].url`);
        return { id: newId("isf"), kind: "file", name: f.title, url: f.url, contentType: f.contentType, position: i };
      }),
    ],
  };
}

export async function createShipment(ctx: RequestContext, storeId: string, input: InboundShipmentInput) {
  return ctx.prisma.$transaction(async (tx) => {
    const v = await validated(tx, storeId, input);
    return tx.inboundShipment.create({
      data: { id: newId("inb"), storeId, status: "PENDING", ...v.header, items: { create: v.items }, documents: { create: v.documents } },
    });
  });
}

function notFound(id: string) {
  return fail.notFound("inbound/not-found", `No inbound shipment ${id} in this store.`, "Inbound shipment not found");
}

/** Replaces the header, documents and (while nothing has been received) the items. */
export async function updateShipment(ctx: RequestContext, storeId: string, id: string, input: InboundShipmentInput) {
  return ctx.prisma.$transaction(async (tx) => {
    const found = await tx.inboundShipment.findFirst({ where: { id, storeId } });
    if (!found) throw notFound(id);
    const v = await validated(tx, storeId, input);
    const current = await tx.inboundShipmentItem.findMany({ where: { shipmentId: id }, orderBy: { position: "asc" } });
    const sameItems =
      current.length === v.items.length &&
      current.every(
        (c, i) => c.productId === v.items[i].productId && c.quantity === v.items[i].quantity && c.packingMode === v.items[i].packingMode,
      );
    if (!sameItems) {
      if (found.status === "PARTIALLY_RECEIVED" || found.status === "RECEIVED") {
        throw fail.conflict(
          "inbound/items-locked",
          "Items already received",
          `Inbound shipment ${id} has receipts recorded; its items can no longer be changed.`,
        );
      }
      await tx.inboundShipmentItem.deleteMany({ where: { shipmentId: id } });
      await tx.inboundShipmentItem.createMany({ data: v.items.map((it) => ({ ...it, shipmentId: id })) });
    }
    await tx.inboundDocument.deleteMany({ where: { shipmentId: id } });
    if (v.documents.length) await tx.inboundDocument.createMany({ data: v.documents.map((d) => ({ ...d, shipmentId: id })) });
    return tx.inboundShipment.update({ where: { id }, data: v.header });
  });
}

export async function markInTransit(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.$transaction(async (tx) => {
    const found = await tx.inboundShipment.findFirst({ where: { id, storeId } });
    if (!found) throw notFound(id);
    if (found.status === "IN_TRANSIT") return found;
    if (found.status !== "PENDING") {
      throw fail.conflict(
        "inbound/invalid-transition",
        "Shipment already arriving",
        `Inbound shipment ${id} is ${found.status}; only a PENDING shipment can be marked in transit.`,
      );
    }
    return tx.inboundShipment.update({ where: { id }, data: { status: "IN_TRANSIT" } });
  });
}

export interface ReceiptInput {
  itemId: string;
  received?: number | null;
  damaged?: number | null;
  missing?: number | null;
}

/**
 * Records receipts (increments) per item in one transaction. Refused (409 inbound/over-receipt) when an
 * item would account for more units than were shipped. The status follows; the first receipt sets
 * the actual arrival date.
 */
export async function recordReceipts(ctx: RequestContext, storeId: string, id: string, receipts: ReceiptInput[]) {
  if (!receipts.length) throw fail.badInput("`receipts` must not be empty.", "receipts");
  receipts.forEach((r, i) => {
    for (const k of ["received", "damaged", "missing"] as const) {
      const v = r[k] ?? 0;
      if (!Number.isInteger(v) || v < 0)
        throw fail.badInput(`\`receipts[${i}].${k}\` must be a non-negative integer.`, `receipts[${i}].${k}`);
    }
  });
  return ctx.prisma.$transaction(async (tx) => {
    const found = await tx.inboundShipment.findFirst({ where: { id, storeId } });
    if (!found) throw notFound(id);
    // Lock the shipment row first so concurrent receipts serialise (PostgreSQL row lock).
    await tx.inboundShipment.update({ where: { id }, data: { status: found.status } });
    const items = await tx.inboundShipmentItem.findMany({ where: { shipmentId: id } });
    const byId = new Map(items.map((i) => [i.id, { ...i }]));
    receipts.forEach((r, i) => {
      const item = byId.get(r.itemId);
      if (!item) throw fail.badInput(`No item ${r.itemId} in inbound shipment ${id}.`, `receipts[${i}].itemId`);
      item.receivedQuantity += r.received ?? 0;
      item.damagedQuantity += r.damaged ?? 0;
      item.missingQuantity += r.missing ?? 0;
      const accounted = item.receivedQuantity + item.damagedQuantity + item.missingQuantity;
      if (accounted > item.quantity) {
        throw fail.conflict(
          "inbound/over-receipt",
          "More units than shipped",
          `Item ${item.id} was shipped with ${item.quantity} units; received, damaged and missing would add up to ${accounted}. Record at most ${item.quantity - (accounted - (r.received ?? 0) - (r.damaged ?? 0) - (r.missing ?? 0))} more.`,
        );
      }
    });
    for (const item of byId.values()) {
      const before = items.find((i) => i.id === item.id)!;
      if (
        before.receivedQuantity !== item.receivedQuantity ||
        before.damagedQuantity !== item.damagedQuantity ||
        before.missingQuantity !== item.missingQuantity
      ) {
        await tx.inboundShipmentItem.update({
          where: { id: item.id },
          data: { receivedQuantity: item.receivedQuantity, damagedQuantity: item.damagedQuantity, missingQuantity: item.missingQuantity },
        });
      }
    }
    await receiveInboundUnits(
      tx,
      found,
      items.map((i) => ({ shipmentItemId: i.id, productId: i.productId, quantity: byId.get(i.id)!.receivedQuantity - i.receivedQuantity })),
    );
    const status = statusFromItems(found.status, [...byId.values()]);
    return tx.inboundShipment.update({
      where: { id },
      data: { status, actualArrivalDate: found.actualArrivalDate ?? new Date().toISOString().slice(0, 10) },
    });
  });
}

export function productById(ctx: RequestContext, id: string) {
  return ctx.loaders
    .byId("inbound.product", (ids) =>
      ctx.prisma.product.findMany({ where: { id: { in: ids } }, include: { family: { select: { title: true, images: true } } } }),
    )
    .load(id);
}
