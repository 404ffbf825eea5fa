// How a return goes back: a prepaid label from the store's carrier (PDF kept, bounded; the return's
// `label` filled so every door shows the tracking number), a drop-off code whose QR the shopper shows,
// or the shopper ships it to the store's return address. One per return; asking again for the same
// method answers the one issued (a submit retried makes one label), another method is refused.
import { refuse } from "./refusals.js";
import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { eventsCommitted, recordEvent } from "../core/events.js";
import type { TransactionClient } from "../db/client.js";
import { carrierByCode, type LabelAddress } from "./carrier.js";

export const RETURN_METHODS = ["prepaid_label", "drop_off_qr", "ship_yourself"] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

/** A label PDF larger than this is refused (a real one is a few kilobytes; the column must stay small). */
export const MAX_LABEL_BYTES = 256 * 1024;

/** "RD-" and 16 Crockford base32 characters (80 random bits): unguessable, read out at a counter if need be. */
export function dropOffCode(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = randomBytes(16);
  let s = "";
  for (let i = 0; i < 16; i++) s += alphabet[bytes[i]! % 32];
  return `RD-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12)}`;
}

export type ShippingRow = { id: string; method: string; carrier: string | null; trackingNumber: string | null; dropOffCode: string | null };

function parse<T>(json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

/** The shopper's address (the label's sender): the return's, else the order's shipping address. */
function senderOf(
  ret: { shippingAddress: string | null },
  order: { customerFirstName: string; customerLastName: string; shippingAddress: string | null } | null,
): LabelAddress | null {
  const name = [order?.customerFirstName, order?.customerLastName].filter(Boolean).join(" ") || "Customer";
  const r = parse<{ line1?: string; line2?: string; city?: string; state?: string; postalCode?: string; country?: string }>(
    ret.shippingAddress,
  );
  if (r?.line1 && r.city && r.country)
    return { name, line1: r.line1, line2: r.line2, city: r.city, state: r.state, postalCode: r.postalCode, country: r.country };
  const o = parse<{
    address1?: string;
    address2?: string;
    city?: string;
    province?: string;
    postalCode?: string;
    zip?: string;
    country?: string;
    countryCode?: string;
  }>(order?.shippingAddress);
  const country = o?.countryCode ?? o?.country;
  if (o?.address1 && o.city && country)
    return { name, line1: o.address1, line2: o.address2, city: o.city, state: o.province, postalCode: o.postalCode ?? o.zip, country };
  return null;
}

/**
 * Issues how the return goes back, inside the caller's transaction (the draft submit's, or the merchant's
 * mutation): the store's portal settings name the carrier and the return address.
 */
export async function issueReturnShipping(tx: TransactionClient, returnId: string, method: ReturnMethod): Promise<ShippingRow> {
  const existing = await tx.returnShipping.findUnique({ where: { returnId } });
  if (existing) {
    if (existing.method === method) return existing;
    throw refuse("SHIPPING_ALREADY_ISSUED", { existing: existing.method, method });
  }
  const ret = await tx.return.findUnique({
    where: { id: returnId },
    select: { id: true, storeId: true, compatId: true, shippingAddress: true, orderId: true, label: true },
  });
  if (!ret) throw refuse("SHIPPING_RETURN_NOT_FOUND", { id: returnId, inYourStores: 0 });
  const base = { id: newId("shp"), storeId: ret.storeId, returnId, method };
  if (method === "ship_yourself") return tx.returnShipping.create({ data: base });
  if (method === "drop_off_qr") {
    for (let attempt = 0; ; attempt++) {
      const code = dropOffCode();
      if (await tx.returnShipping.findUnique({ where: { dropOffCode: code }, select: { id: true } })) continue;
      try {
        return await tx.returnShipping.create({ data: { ...base, dropOffCode: code } });
      } catch (err) {
        if (!isUniqueViolation(err) || attempt > 3) throw err;
      }
    }
  }
  if (ret.label) throw refuse("SHIPPING_ALREADY_LABELLED");
  const settings = await tx.portalSettings.findUnique({ where: { storeId: ret.storeId } });
  const to = parse<LabelAddress>(settings?.returnAddress);
  if (!settings || !to) throw refuse("SHIPPING_NO_RETURN_ADDRESS");
  const carrier = carrierByCode(settings.carrier);
  if (!carrier) throw refuse("SHIPPING_CARRIER_UNKNOWN", { carrier: settings.carrier });
  const order = ret.orderId
    ? await tx.order.findUnique({
        where: { id: ret.orderId },
        select: { customerFirstName: true, customerLastName: true, shippingAddress: true },
      })
    : null;
  const from = senderOf(ret, order);
  if (!from) throw refuse("SHIPPING_NO_SENDER_ADDRESS");
  const label = await carrier.createLabel({ returnNumber: ret.compatId == null ? ret.id : `R${ret.compatId}`, from, to });
  if (label.pdf.length > MAX_LABEL_BYTES) throw refuse("SHIPPING_LABEL_TOO_LARGE", { maxKb: MAX_LABEL_BYTES / 1024 });
  await tx.return.update({
    where: { id: returnId },
    data: { label: JSON.stringify({ trackingNumber: label.trackingNumber, carrier: carrier.name }), version: { increment: 1 } },
  });
  const row = await tx.returnShipping.create({
    data: { ...base, carrier: carrier.name, trackingNumber: label.trackingNumber, labelPdf: new Uint8Array(label.pdf) },
  });
  // A label issued: an event of the `label` topic (the warehouse platform's `label.created`), in this transaction.
  await recordEvent(tx, { storeId: ret.storeId, topic: "label", subjectId: returnId, type: "created" });
  return row;
}

export { METHOD_WORDS } from "./refusals.js";

/** The merchant's mutation: one transaction, the return looked up within the caller's stores. */
export async function createReturnShipping(ctx: RequestContext, returnId: string, method: ReturnMethod) {
  const owned = await ctx.prisma.return.findFirst({ where: { id: returnId, storeId: { in: ctx.storeIds() } }, select: { id: true } });
  if (!owned) throw refuse("SHIPPING_RETURN_NOT_FOUND", { id: returnId, inYourStores: 1 });
  const issued = await ctx.prisma.$transaction(async (tx) => {
    await tx.return.update({ where: { id: returnId }, data: { version: { increment: 1 } } }); // row lock: one label under concurrency
    return issueReturnShipping(tx, returnId, method);
  });
  eventsCommitted(ctx.services, "label");
  return issued;
}

/** A return's shipping, batched per request. */
export async function shippingOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .get("shipping.byReturn", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.returnShipping.findMany({
        where: { returnId: { in: [...ids] } },
        select: { id: true, returnId: true, method: true, carrier: true, trackingNumber: true, dropOffCode: true, createdAt: true },
      });
      const by = new Map(rows.map((r) => [r.returnId, r]));
      return ids.map((id) => by.get(id) ?? null);
    })
    .load(returnId);
}

/** The label PDF as base64 (read only when asked for). */
export async function labelPdfBase64(ctx: RequestContext, shippingId: string): Promise<string | null> {
  const row = await ctx.prisma.returnShipping.findUnique({ where: { id: shippingId }, select: { labelPdf: true } });
  return row?.labelPdf ? Buffer.from(row.labelPdf).toString("base64") : null;
}

/** The drop-off QR as a PNG (made from the code when asked; nothing more to store). */
export async function dropOffQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 256 });
}
