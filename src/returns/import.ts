// Importing returns created outside the service (warehouse scan, ERP, point of sale): no order, the
// items name catalogue products (`prd_…`). Up to 100 per call, one result per return by index.
//  - each return is validated and written on its own, in its own transaction: a bad return gets an
//    error result naming the field as sent (`returns[3].products[0].productId`) and never blocks,
//    or half-writes, another;
//  - a return's `idempotencyKey` is unique per store and kept on the return (it never expires): the
//    same key with the same return answers the first return's id again, the same key with another
//    return is an error for that return. Two concurrent sends of one key create one return (the
//    unique index decides; the loser reads the winner's);
//  - each created return records its `created` event, like any creation.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, QUANTITY_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { DomainError } from "../core/errors.js";
import { refuse } from "./refusals.js";
import { refuse as refuseOrder } from "../orders/refusals.js";
import { refuse as refuseCountry } from "../customers/refusals.js";
import { newId } from "../core/ids.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { requestHash } from "../core/idempotency.js";
import { recordEvent, eventsCommitted } from "../core/events.js";
import { actorName, allocateCompatId, createdEntry } from "./service.js";
import { INITIAL_STATUS } from "./transitions.js";

export interface ImportAddress {
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postalCode?: string | null;
  country: string;
  name?: string | null;
  phone?: string | null;
}

export interface ImportReturnInput {
  products: {
    productId: string;
    quantity: number;
    sku?: string | null;
    barcode?: string | null;
    productTitle?: string | null;
    variantTitle?: string | null;
    reason?: string | null;
    condition?: string | null;
  }[];
  customer?: { firstName?: string | null; lastName?: string | null; email?: string | null } | null;
  externalReferenceId?: string | null;
  trackingNumber?: string | null;
  carrier?: string | null;
  notes?: string | null;
  idempotencyKey?: string | null;
  currency?: string | null;
  shippingAddress?: ImportAddress | null;
  merchantAddress?: ImportAddress | null;
}

export type ImportResult = { status: "created"; index: number; returnId: string } | { status: "error"; index: number; error: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The call as a whole: 1 to 100 returns (a shape problem of one return is that return's error). */
export async function importReturns(ctx: RequestContext, storeId: string, inputs: ImportReturnInput[]) {
  if (inputs.length < 1 || inputs.length > LIST_BOUNDS.importedReturns)
    throw refuse("IMPORT_COUNT", { max: LIST_BOUNDS.importedReturns, count: inputs.length });
  const results: ImportResult[] = [];
  // One after another: each return is its own transaction, and 100 small ones keep the pool free.
  for (const [index, input] of inputs.entries()) {
    try {
      results.push({ status: "created", index, returnId: await importOne(ctx, storeId, input, `returns[${index}]`) });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ status: "error", index, error: err.message });
    }
  }
  if (results.some((r) => r.status === "created")) eventsCommitted(ctx.services, "return");
  const processedCount = results.filter((r) => r.status === "created").length;
  return { totalCount: inputs.length, processedCount, errorCount: inputs.length - processedCount, results };
}

function validate(input: ImportReturnInput, f: string) {
  const text = (value: string | null | undefined, field: string, max: number = TEXT_BOUNDS.short) => {
    if (value != null && value.length > max) throw refuse("IMPORT_TEXT_TOO_LONG", { field: `${f}.${field}`, max });
  };
  if (!input.products.length) throw refuse("IMPORT_NO_PRODUCTS", { field: `${f}.products` });
  if (input.products.length > LIST_BOUNDS.importedReturnProducts)
    throw refuse("IMPORT_TOO_MANY_PRODUCTS", { field: `${f}.products`, max: LIST_BOUNDS.importedReturnProducts });
  input.products.forEach((p, i) => {
    const g = `products[${i}]`;
    if (!p.productId.trim()) throw refuseOrder("TEXT_EMPTY", { field: `${f}.${g}.productId` });
    // The same bound as an order line's (an imported item stands for units of one line elsewhere).
    if (!Number.isInteger(p.quantity) || p.quantity < 1 || p.quantity > QUANTITY_BOUNDS.lineItem)
      throw refuseOrder("LINE_QUANTITY_OUT_OF_RANGE", {
        field: `${f}.${g}.quantity`,
        max: QUANTITY_BOUNDS.lineItem,
        value: String(p.quantity),
      });
    text(p.productId, `${g}.productId`, TEXT_BOUNDS.id);
    for (const k of ["sku", "barcode", "condition"] as const) text(p[k], `${g}.${k}`);
    for (const k of ["productTitle", "variantTitle"] as const) text(p[k], `${g}.${k}`, TEXT_BOUNDS.title);
    text(p.reason, `${g}.reason`, TEXT_BOUNDS.note);
  });
  const c = input.customer;
  if (c) {
    text(c.firstName, "customer.firstName");
    text(c.lastName, "customer.lastName");
    text(c.email, "customer.email");
    if (c.email != null && !EMAIL.test(c.email)) throw refuse("IMPORT_EMAIL_INVALID", { field: `${f}.customer.email` });
  }
  for (const k of ["externalReferenceId", "trackingNumber", "carrier", "idempotencyKey"] as const) text(input[k], k);
  if (input.idempotencyKey != null && !input.idempotencyKey.trim()) throw refuse("IMPORT_KEY_EMPTY", { field: `${f}.idempotencyKey` });
  text(input.notes, "notes", TEXT_BOUNDS.note);
  if (input.currency != null && !/^[A-Za-z]{3}$/.test(input.currency)) throw refuse("IMPORT_CURRENCY_INVALID", { field: `${f}.currency` });
  for (const which of ["shippingAddress", "merchantAddress"] as const) {
    const a = input[which];
    if (!a) continue;
    for (const k of ["line1", "city", "country"] as const)
      if (!a[k]?.trim()) throw refuseOrder("TEXT_EMPTY", { field: `${f}.${which}.${k}` });
    for (const k of ["line1", "line2", "city", "state", "postalCode", "country", "name", "phone"] as const) text(a[k], `${which}.${k}`);
    if (!/^[A-Za-z]{2}$/.test(a.country)) throw refuseCountry("COUNTRY_CODE_INVALID", { field: `${f}.${which}.country` });
  }
}

const address = (a: ImportAddress | null | undefined) =>
  a
    ? JSON.stringify({
        line1: a.line1,
        line2: a.line2 ?? "",
        city: a.city,
        state: a.state ?? "",
        postalCode: a.postalCode ?? "",
        country: a.country.toUpperCase(),
        ...(a.name ? { name: a.name } : {}),
        ...(a.phone ? { phone: a.phone } : {}),
      })
    : null;

/** The id of the return an earlier import created with this key, or an error if it was another return. */
async function replay(ctx: RequestContext, storeId: string, key: string, hash: string, f: string): Promise<string | null> {
  const prior = await ctx.prisma.return.findFirst({ where: { storeId, importKey: key }, select: { id: true, importHash: true } });
  if (!prior) return null;
  if (prior.importHash !== hash) throw refuse("IMPORT_KEY_REUSED", { field: `${f}.idempotencyKey`, key, id: prior.id });
  return prior.id;
}

async function importOne(ctx: RequestContext, storeId: string, input: ImportReturnInput, f: string): Promise<string> {
  validate(input, f);
  const key = input.idempotencyKey ?? null;
  const { idempotencyKey: _, ...body } = input;
  const hash = requestHash(body);
  if (key) {
    const prior = await replay(ctx, storeId, key, hash, f);
    if (prior) return prior;
  }
  const ids = [...new Set(input.products.map((p) => p.productId))];
  const catalogue = await ctx.prisma.product.findMany({
    where: { storeId, id: { in: ids } },
    include: { family: { select: { title: true } } },
  });
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const items = input.products.map((p, i) => {
    const product = byId.get(p.productId);
    if (!product) throw refuse("IMPORT_PRODUCT_UNKNOWN", { field: `${f}.products[${i}].productId`, productId: p.productId });
    return {
      id: newId("rit"),
      position: i,
      quantity: p.quantity,
      reason: p.reason ?? "",
      productId: product.id,
      sku: p.sku ?? product.sku,
      barcode: p.barcode ?? product.upc ?? null,
      productTitle: p.productTitle ?? product.family.title,
      variantTitle: p.variantTitle ?? (product.title || null),
      condition: p.condition ?? null,
    };
  });
  const id = newId("ret");
  const actor = ctx.actor();
  const label = input.trackingNumber ? JSON.stringify({ trackingNumber: input.trackingNumber, carrier: input.carrier ?? null }) : null;
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const createdByName = await actorName(ctx, tx);
      const compatId = await allocateCompatId(tx, storeId);
      await tx.return.create({
        data: {
          id,
          compatId,
          storeId,
          orderId: null,
          type: "return",
          status: INITIAL_STATUS,
          shippingAddress: address(input.shippingAddress),
          merchantAddress: address(input.merchantAddress),
          customer: input.customer ? JSON.stringify(dropNull(input.customer)) : null,
          externalReferenceId: input.externalReferenceId ?? null,
          currency: (input.currency ?? "USD").toUpperCase(),
          label,
          notes: input.notes ?? null,
          importKey: key,
          importHash: key ? hash : null,
          createdByType: actor.type,
          createdById: actor.id,
          createdByName,
          origin: "imported",
          items: { create: items },
          timeline: { create: createdEntry(actor) },
        },
      });
      await recordEvent(tx, { storeId, topic: "return", subjectId: id, type: "created" });
    });
  } catch (err) {
    // The same key sent concurrently: the other import won the unique index; answer with its return.
    if (key && isUniqueViolation(err)) {
      const prior = await replay(ctx, storeId, key, hash, f);
      if (prior) return prior;
    }
    throw err;
  }
  return id;
}

const dropNull = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));
