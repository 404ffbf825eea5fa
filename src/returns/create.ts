// Creating a return: its input checked (fields named as the GraphQL input names them), the over-return
// rule held under concurrency, the compat number allocated, the created event recorded, all in one
// transaction; an idempotency key replays the first answer.
import { primeLoaders, readReturnAggregate } from "./aggregate.js";
import type { RequestContext } from "../core/context.js";
import { refuse } from "./refusals.js";
import { refuse as refuseText } from "../orders/refusals.js";
import { refuse as refuseCountry } from "../customers/refusals.js";
import { newId } from "../core/ids.js";
import { recordEvent, eventsCommitted } from "../core/events.js";
import { type Admission, admitByPolicy } from "../policy/admit.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { parseMajor } from "../core/money.js";
import { holdExchangeUnits } from "../inventory/holds.js";
import { holdShopUnits, readShopStock } from "../shops/stock.js";
import { refuse as refuseShop } from "../shops/refusals.js";
import { findingAsParams } from "../shops/findings.js";
import { requestOrigin, type ReturnOrigin } from "./origin.js";
import type { TransactionClient } from "../db/client.js";
import { exchangeNotOffered, exchangeVariant } from "./exchange.js";
import { issueGiftCards } from "./gift-cards.js";
import { KEEP_ITEM, keepsEverything, settleKeptItems } from "./keep-items.js";
import { normaliseProvider } from "../orders/service.js";
import { INITIAL_STATUS, RELEASED_STATUSES } from "./transitions.js";
import {
  actorName,
  allocateCompatId,
  COMPENSATIONS,
  createdEntry,
  type CreateReturnInput,
  RETURN_TYPES,
  returnNotFound,
} from "./service.js";

export interface CreateHooks {
  /** Where the return came from, when the caller knows better than its principal (a draft's submit). */
  origin?: ReturnOrigin;
  locked?: (tx: TransactionClient, returnId: string) => Promise<void>;
  created?: (tx: TransactionClient, returnId: string) => Promise<void>;
}

export async function createReturn(
  ctx: RequestContext,
  storeId: string,
  input: CreateReturnInput,
  options: { createExternalRMAs?: boolean | null; overridePolicy?: boolean | null } | null | undefined,
  idempotencyKey?: string | null,
  /**
   * Run in the creating transaction: `locked` right after the order's lock (a draft's submit marks itself
   * there), `created` once the return and its items exist (a draft's submit issues its shipping there).
   */
  within?: CreateHooks,
) {
  const override = !!options?.overridePolicy;
  const request = { input, options: { createExternalRMAs: !!options?.createExternalRMAs, ...(override ? { overridePolicy: true } : {}) } };
  const { result, replayed } = await idempotent<{ id: string }>(
    ctx,
    { storeId, operation: "createReturn", key: idempotencyKey, request },
    async (claim) => {
      const id = await insertReturn(ctx, storeId, input, claim, override, within);
      return { id };
    },
  );
  // Read back as `return(id)` reads it: one statement for the return and every part its fields read, primed
  // into the request's loaders (aggregate.ts), instead of a query per part.
  const aggregate = await readReturnAggregate(ctx, result.id, [storeId]);
  if (!aggregate) throw returnNotFound(result.id);
  primeLoaders(ctx, aggregate);
  const ret = aggregate.ret;
  // No external RMA integration (ShipBob, …) is configured for any store: nothing to report, and
  // never a fabricated success.
  return { return: ret, externalRMAResponses: [] as never[], replayed };
}

function validateCreate(input: CreateReturnInput) {
  if (!input.provider.trim()) throw refuseText("TEXT_EMPTY", { field: "input.provider" });
  if (!input.externalOrderId.trim()) throw refuseText("TEXT_EMPTY", { field: "input.externalOrderId" });
  if (!input.items.length) throw refuse("RETURN_NO_ITEMS");
  if (input.items.length > 500) throw refuse("RETURN_TOO_MANY_ITEMS", { max: 500 });
  const type = input.type ?? "return";
  if (!(RETURN_TYPES as readonly string[]).includes(type))
    throw refuse("RETURN_TYPE_UNKNOWN", { value: type, types: RETURN_TYPES.join(", ") });
  input.items.forEach((it, i) => {
    const f = `input.items[${i}]`;
    if (!it.lineItemId.trim()) throw refuseText("TEXT_EMPTY", { field: `${f}.lineItemId` });
    if (!Number.isInteger(it.quantity) || it.quantity < 1)
      throw refuse("RETURN_QUANTITY_INVALID", { field: `${f}.quantity`, value: String(it.quantity) });
    if (it.compensation != null && !(COMPENSATIONS as readonly string[]).includes(it.compensation)) {
      const value = it.compensation;
      throw refuse("RETURN_COMPENSATION_UNKNOWN", { field: `${f}.compensation`, value, compensations: COMPENSATIONS.join(", ") });
    }
    const sku = it.exchangeSku?.trim();
    if (it.compensation === "exchange" && !sku) throw refuse("RETURN_EXCHANGE_SKU_REQUIRED", { field: `${f}.exchangeSku` });
    if (it.compensation !== "exchange" && it.exchangeSku != null) throw refuse("RETURN_EXCHANGE_SKU_ALONE", { field: `${f}.exchangeSku` });
  });
  const a = input.shippingAddress;
  if (a) {
    for (const k of ["line1", "city", "country"] as const)
      if (!a[k]?.trim()) throw refuseText("TEXT_EMPTY", { field: `input.shippingAddress.${k}` });
    if (!/^[A-Za-z]{2}$/.test(a.country)) throw refuseCountry("COUNTRY_CODE_INVALID", { field: "input.shippingAddress.country" });
  }
  if (input.label && keepsEverything(input.items)) throw refuse("RETURN_LABEL_NOTHING_SHIPS");
  if (input.label && !input.label.trackingNumber.trim()) throw refuseText("TEXT_EMPTY", { field: "input.label.trackingNumber" });
  return type;
}

async function insertReturn(
  ctx: RequestContext,
  storeId: string,
  input: CreateReturnInput,
  claim: IdempotencyClaim<{ id: string }>,
  override: boolean,
  within?: CreateHooks,
): Promise<string> {
  const type = validateCreate(input);
  const provider = normaliseProvider(input.provider);
  const order = await ctx.prisma.order.findFirst({ where: { storeId, externalId: input.externalOrderId.trim(), provider } });
  if (!order) {
    throw refuse("RETURN_ORDER_NOT_FOUND", { externalOrderId: input.externalOrderId, provider: input.provider });
  }
  const id = newId("ret");
  const actor = ctx.actor();
  // An exchange for an order from the connected shop is checked against the shop's own stock, read now (outside the
  // transaction, bounded in time) and counted against Retour's unplaced exchanges inside it (src/shops/stock.ts).
  const exchanges = input.items.flatMap((it, i) => (it.compensation === "exchange" ? [{ i, sku: it.exchangeSku?.trim() ?? "" }] : []));
  const stock = exchanges.length
    ? await readShopStock(
        ctx.services,
        storeId,
        order.provider,
        exchanges.map((e) => e.sku),
        true,
      )
    : ({ source: "retour" } as const);
  if (stock.source === "shop_unavailable")
    throw refuseShop("SHOP_STOCK_UNAVAILABLE", { field: `input.items[${exchanges[0]!.i}]`, ...findingAsParams(stock.finding) });
  await ctx.prisma.$transaction(async (tx) => {
    // Lock the order: concurrent creates for it run one after another, so the sum below is exact.
    await tx.order.update({ where: { id: order.id }, data: { version: { increment: 1 } } });
    await within?.locked?.(tx, id);
    const lines = await tx.orderLineItem.findMany({ where: { orderId: order.id } });
    const byExt = new Map(lines.map((l) => [l.externalId, l]));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<string, number>();
    const resolved = input.items.map((it, i) => {
      const line = byExt.get(it.lineItemId) ?? byId.get(it.lineItemId);
      if (!line) throw refuse("RETURN_NOT_A_LINE", { field: `input.items[${i}].lineItemId`, lineItemId: it.lineItemId, order: order.name });
      wanted.set(line.id, (wanted.get(line.id) ?? 0) + it.quantity);
      return { it, line };
    });
    const already = await tx.returnItem.groupBy({
      by: ["lineItemId"],
      where: { orderId: order.id, lineItemId: { in: [...wanted.keys()] }, return: { status: { notIn: [...RELEASED_STATUSES] } } },
      _sum: { quantity: true },
    });
    const returned = new Map(already.map((r) => [r.lineItemId, r._sum.quantity ?? 0]));
    for (const [lineId, qty] of wanted) {
      const line = byId.get(lineId)!;
      const prior = returned.get(lineId) ?? 0;
      if (prior + qty > line.quantity) {
        const max = Math.max(0, line.quantity - prior);
        throw refuse("RETURN_QUANTITY_EXCEEDED", { line: line.externalId, ordered: line.quantity, inReturns: prior, max, quantity: qty });
      }
    }
    // The store's published return policy (none: every remaining unit, as before).
    const admission = await admitByPolicy(
      tx,
      order,
      resolved.map(({ it, line }, i) => ({
        field: `input.items[${i}]`,
        lineId: line.id,
        quantity: it.quantity,
        reasonCode: it.reasonCode,
        compensation: it.compensation ?? "refund",
      })),
      override,
      new Date(),
    );
    // Exchanges: offered only by a published policy (admitByPolicy refused the lines it does not offer
    // them for), each for a variant of the line's product at its unit price, as the evaluator requires.
    const itemIds = resolved.map(() => newId("rit"));
    const variants: ({ id: string; sku: string } | null)[] = [];
    for (const [i, { it, line }] of resolved.entries()) {
      if (it.compensation === KEEP_ITEM && admission.policyVersion == null) throw exchangeNotOffered(`input.items[${i}]`, KEEP_ITEM);
      if (it.compensation !== "exchange") variants.push(null);
      else if (admission.policyVersion == null) throw exchangeNotOffered(`input.items[${i}]`);
      else variants.push(await exchangeVariant(tx, storeId, order.currency, `input.items[${i}]`, it.exchangeSku ?? "", line));
    }
    const createdByName = await actorName(ctx, tx);
    const compatId = await allocateCompatId(tx, storeId);
    await tx.return.create({
      data: {
        id,
        compatId,
        storeId,
        orderId: order.id,
        type,
        // A matched review rule holds the return for the merchant's review (the transitions allow processing it).
        status: statusOf(admission),
        shippingAddress: input.shippingAddress
          ? JSON.stringify({
              line1: input.shippingAddress.line1,
              line2: input.shippingAddress.line2 ?? "",
              city: input.shippingAddress.city,
              state: input.shippingAddress.state ?? "",
              postalCode: input.shippingAddress.postalCode ?? "",
              country: input.shippingAddress.country.toUpperCase(),
            })
          : null,
        label: input.label ? JSON.stringify(input.label) : null,
        notes: input.notes ?? null,
        createdByType: actor.type,
        createdById: actor.id,
        createdByName,
        origin: within?.origin ?? requestOrigin(ctx),
        policyVersion: admission.policyVersion,
        settleOn: admission.settleOn,
        returnFee: admission.returnFee ? parseMajor(admission.returnFee.amount, order.currency, "returnFee") : null,
        returnFeeOn: admission.returnFee?.on ?? null,
      },
      // Its items and timeline written flat: a nested create reads the whole return back.
      select: { id: true },
    });
    const items = resolved.map(({ it, line }, i) => ({
      id: itemIds[i]!,
      returnId: id,
      orderId: order.id,
      lineItemId: line.id,
      position: i,
      quantity: it.quantity,
      reason: it.reason ?? "",
      reasonCode: it.reasonCode ?? null,
      customerComment: it.notes ?? null,
      compensation: it.compensation ?? "refund",
      exchangeProductId: variants[i]?.id ?? null,
      ...minorOf(admission.chosen[i], order.currency),
    }));
    await tx.returnItem.createMany({ data: items });
    await tx.returnTimelineEntry.createMany({
      data: [createdEntry(actor), ...policyEntries(admission, actor)].map((e) => ({ ...e, returnId: id })),
    });
    const holds = resolved.flatMap(({ it, line }, i) => {
      const v = variants[i];
      return v
        ? [
            {
              returnId: id,
              returnItemId: itemIds[i]!,
              sku: v.sku,
              quantity: it.quantity,
              field: `input.items[${i}]`,
              lineItemId: line.externalId,
            },
          ]
        : [];
    });
    // The shop's order will hold the units once placed: until then the exchange item itself is the hold, bounded by
    // the shop's stock (counted under the store's sequence row, locked by allocateCompatId above); Retour's own
    // inventory holds an exchange from any other order.
    if (stock.source === "shop") await holdShopUnits(tx, storeId, stock, holds);
    else await holdExchangeUnits(tx, storeId, holds);
    const giftCardsIssued = await issueGiftCards(
      tx,
      { id, storeId, orderId: order.id, currency: null, customer: null, settleOn: admission.settleOn },
      "created",
    );
    // Kept lines settling at creation (not while a review rule holds the return for the merchant).
    if (!admission.reviews.length)
      await settleAtCreation(tx, { id, settleOn: admission.settleOn, items }, keepsEverything(resolved.map((r) => r.it)), actor);
    await within?.created?.(tx, id);
    await recordEvent(tx, {
      storeId,
      topic: "return",
      subjectId: id,
      type: "created",
      newSubject: { orderId: order.id, shopperEmail: order.customerEmail, giftCardsIssued },
    });
    await claim.save(tx, { id });
  });
  eventsCommitted(ctx.services, "return");
  return id;
}

/** Settles kept lines whose event is creation; a return made only of them is then complete (nothing to wait for). */
async function settleAtCreation(
  tx: Parameters<typeof settleKeptItems>[0],
  ret: { id: string; settleOn: string | null; items: { id: string; compensation: string }[] },
  onlyKept: boolean,
  actor: { type: string; id: string | null },
) {
  const id = ret.id;
  // The items just written, all open: not read back.
  const kept = await settleKeptItems(
    tx,
    ret,
    "created",
    new Date(),
    ret.items.map((i) => ({ ...i, status: "open" })),
  );
  if (!kept.length) return;
  const to = onlyKept ? "complete" : INITIAL_STATUS;
  if (onlyKept) await tx.return.update({ where: { id }, data: { status: to } });
  await tx.returnTimelineEntry.create({
    data: {
      id: newId("rtl"),
      returnId: id,
      action: "keep_items_settled",
      fromStatus: INITIAL_STATUS,
      toStatus: to,
      actorType: actor.type,
      actorId: actor.id,
      detail: JSON.stringify({ keptItemIds: kept }),
    },
  });
}

const statusOf = (a: Admission) => (a.reviews.length ? "needs_review" : INITIAL_STATUS);

/** The evaluated outcome's total and bonus in minor units (what a gift card for the item will carry). */
function minorOf(chosen: Admission["chosen"][number], currency: string) {
  if (!chosen) return {};
  return {
    outcomeTotal: parseMajor(chosen.total, currency, "total"),
    outcomeBonus: chosen.bonus ? parseMajor(chosen.bonus, currency, "bonus") : null,
  };
}

/** Timeline entries of the policy's part: the rules overridden (and by whom), the review rules that matched. */
function policyEntries(a: Admission, actor: { type: string; id: string | null }) {
  const entry = (action: string, detail: unknown) => ({
    id: newId("rtl"),
    action,
    fromStatus: INITIAL_STATUS,
    toStatus: statusOf(a),
    actorType: actor.type,
    actorId: actor.id,
    detail: JSON.stringify(detail),
  });
  return [
    ...(a.overridden.length ? [entry("policy_overridden", { policyVersion: a.policyVersion, rules: a.overridden })] : []),
    ...(a.reviews.length ? [entry("policy_review", { policyVersion: a.policyVersion, rules: a.reviews })] : []),
  ];
}
