// Inbound shipments: inventory in transit to, or received at, one of the store's locations.
// Counts (sku/item/received/damaged/missing) and per-item discrepancy are derived from the items;
// the status is stored (it is filtered on) but only ever set from the items' receipts.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
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
  if (!name.trim() || name.length > 255) throw refuse("LOCATION_NAME_LENGTH", { max: 255 });
  return ctx.prisma.$transaction(async (tx) => {
    await holdCountLimit(tx, ctx.services.db.provider, storeId, {
      name: "store-locations",
      max: LIST_BOUNDS.storeLocations,
      count: () => tx.location.count({ where: { storeId } }),
      refuse: () => refuse("LOCATIONS_LIMIT", { max: LIST_BOUNDS.storeLocations }),
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
      throw refuse("INBOUND_STATUS_UNKNOWN", { value: filter.status, statuses: INBOUND_STATUSES.join(", ") });
  },
  () => {
    if (filter.locationId != null && !/^loc_[A-Za-z0-9]{1,64}$/.test(filter.locationId))
      throw refuse("INBOUND_LOCATION_ID_INVALID", { value: filter.locationId });
  },
  ...(["createdAtMin", "createdAtMax"] as const).map((k) => () => {
    const v = filter[k];
    if (v != null && Number.isNaN(v.getTime())) throw refuse("INBOUND_DATE_TIME_INVALID", { field: k });
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
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw refuse("INBOUND_DATE_INVALID", { field, value });
  return value;
}

function short(value: string | null | undefined, field: string, max = 255): string | null {
  if (value == null || value === "") return null;
  if (value.length > max) throw refuse("INBOUND_TEXT_TOO_LONG", { field, max });
  return value;
}

async function validated(tx: TransactionClient, storeId: string, input: InboundShipmentInput) {
  const location = await tx.location.findFirst({ where: { id: input.locationId, storeId } });
  if (!location) throw refuse("INBOUND_LOCATION_NOT_FOUND", { id: input.locationId });
  const currency = assertCurrency(input.freightCost?.currency ?? input.dutyCost?.currency ?? "USD", "input.freightCost.currency");
  if (input.dutyCost && input.dutyCost.currency.toUpperCase() !== currency) throw refuse("INBOUND_CURRENCIES_DIFFER");
  const costOf = (m: MoneyInput | null | undefined, field: string) => {
    if (!m) return 0;
    const v = parseMajor(m.amount, currency, `${field}.amount`);
    if (v < 0) throw refuse("INBOUND_AMOUNT_NEGATIVE", { field });
    return v;
  };
  if (!input.items.length || input.items.length > 1000) throw refuse("INBOUND_ITEMS_COUNT", { max: 1000 });
  input.items.forEach((it, i) => {
    if (!Number.isInteger(it.quantity) || it.quantity < 1)
      throw refuse("INBOUND_QUANTITY_INVALID", { field: `input.items[${i}].quantity` });
  });
  const productIds = [...new Set(input.items.map((i) => i.productId))];
  const products = await tx.product.findMany({ where: { id: { in: productIds }, storeId }, select: { id: true } });
  const missing = productIds.filter((id) => !products.some((p) => p.id === id));
  if (missing.length) throw refuse("INBOUND_PRODUCTS_NOT_FOUND", { ids: missing.join(", ") });
  if (input.customVolumeCubicMeters != null && !(input.customVolumeCubicMeters >= 0)) throw refuse("INBOUND_VOLUME_NEGATIVE");
  if (input.trackingUrl && !/^https?:\/\//.test(input.trackingUrl)) throw refuse("INBOUND_URL_INVALID", { field: "input.trackingUrl" });
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
        if (!/^https?:\/\//.test(f.url)) throw refuse("INBOUND_URL_INVALID", { field: `input.files[${i}].url` });
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
  return refuse("INBOUND_NOT_FOUND", { id });
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
        throw refuse("INBOUND_ITEMS_LOCKED", { id });
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
      throw refuse("INBOUND_NOT_PENDING", { id, status: found.status });
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
  if (!receipts.length) throw refuse("INBOUND_RECEIPTS_EMPTY");
  receipts.forEach((r, i) => {
    for (const k of ["received", "damaged", "missing"] as const) {
      const v = r[k] ?? 0;
      if (!Number.isInteger(v) || v < 0) throw refuse("INBOUND_COUNT_INVALID", { field: `receipts[${i}].${k}` });
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
      if (!item) throw refuse("INBOUND_ITEM_NOT_FOUND", { field: `receipts[${i}].itemId`, itemId: r.itemId, id });
      item.receivedQuantity += r.received ?? 0;
      item.damagedQuantity += r.damaged ?? 0;
      item.missingQuantity += r.missing ?? 0;
      const accounted = item.receivedQuantity + item.damagedQuantity + item.missingQuantity;
      if (accounted > item.quantity) {
        throw refuse("INBOUND_OVER_RECEIPT", {
          itemId: item.id,
          shipped: item.quantity,
          accounted,
          left: item.quantity - (accounted - (r.received ?? 0) - (r.damaged ?? 0) - (r.missing ?? 0)),
        });
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
