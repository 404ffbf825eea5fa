// What the store's published policy says about a draft, from the one evaluator (src/policy/evaluate.ts):
// per order line, the units returnable now, the outcomes for one unit and the decision the shopper reads (why
// not, or until when: a code with its params; why not as the decision's code alone); per draft item, the outcomes for its units and reason; the exchange variants
// in Retour's inventory. Only fulfilled lines are returnable (an unfulfilled order opens with none).
import type { RequestContext } from "../core/context.js";
import type { DecisionCode } from "../core/decisions/codes.js";
import { formatMinor } from "../core/money.js";
import type { TransactionClient } from "../db/client.js";
import {
  type CustomerHistory,
  type Decision,
  type Evaluation,
  evaluate,
  minorOf,
  type OrderInput,
  type OutcomeOffer,
  type PolicyVersionInput,
} from "../policy/evaluate.js";
import { loadHistory, loadOrderInput, publishedVersion } from "../policy/load.js";
import type { PolicyRules } from "../policy/rules.js";

type Db = TransactionClient | RequestContext["prisma"];
type OrderRow = Parameters<typeof loadOrderInput>[1];
export type DraftItemRow = { id: string; lineItemId: string; quantity: number; reasonCode: string | null };

export interface Offer {
  outcome: string;
  value: number;
  fees: number;
  bonus: number;
  total: number;
}

export interface LineView {
  id: string;
  externalId: string;
  productId: string;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  returnable: number;
  /** Why not, as the core's decision code (a door words or maps it); null when returnable. */
  code: DecisionCode | null;
  /** The decision the shopper reads for the line: why not, or until when it is returnable. */
  decision: Decision | null;
  windowEndsAt: Date | null;
  offers: Offer[];
}

export interface DraftEvaluation {
  currency: string;
  policyVersion: number | null;
  reasons: PolicyRules["reasons"];
  lines: LineView[];
  /** Per draft item (same order), the outcomes offered for its units and reason. */
  itemOffers: Offer[][];
}

/** An unfulfilled line: not returnable yet, whatever the policy says. */
const NOT_FULFILLED: Decision = { effect: "refuse", rule: "fulfillment", name: "Fulfillment", code: "NOT_FULFILLED", params: { from: "" } };

const offerOf = (o: OutcomeOffer): Offer => ({
  outcome: o.outcome,
  value: minorOf(o.value),
  fees: o.fees.reduce((n, f) => n + minorOf(f.amount), 0),
  bonus: o.bonus ? minorOf(o.bonus.amount) : 0,
  total: minorOf(o.total),
});

export async function evaluateDraft(db: Db, order: OrderRow, items: DraftItemRow[], now = new Date()): Promise<DraftEvaluation> {
  const version = await publishedVersion(db as TransactionClient, order.storeId);
  const input = await loadOrderInput(db as TransactionClient, order);
  const history = await loadHistory(db as TransactionClient, order, version?.rules ?? null, now);
  return evaluateLoaded(version, input, history, order, items, now);
}

/** The evaluation of a draft from what was read for it (alone, or with a page of drafts: view.ts). */
export function evaluateLoaded(
  version: PolicyVersionInput | null,
  input: OrderInput,
  history: CustomerHistory,
  order: { currency: string },
  items: DraftItemRow[],
  now: Date,
): DraftEvaluation {
  // One unit of every line: what may come back at all, and each outcome's money for one unit.
  const perLine: Evaluation = evaluate(
    version,
    input,
    input.lines.map((l) => ({ lineId: l.id, quantity: 1 })),
    history,
    now,
  );
  const lineRows = new Map(input.lines.map((l) => [l.id, l]));
  const lines = perLine.lines.map((e): LineView => {
    const l = lineRows.get(e.lineItemId)!;
    const refused = e.decisions.find((d) => d.effect === "refuse");
    const fulfilled = !!l.fulfilledAt;
    const returnable = fulfilled && !refused ? e.returnable : 0;
    const window = e.decisions.find((d) => d.effect === "window");
    return {
      id: l.id,
      externalId: l.externalId,
      productId: l.productId,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      returnable,
      code: returnable ? null : !fulfilled ? "NOT_FULFILLED" : (refused?.code ?? "ALREADY_RETURNED"),
      decision: !fulfilled ? NOT_FULFILLED : (refused ?? window ?? null),
      windowEndsAt: returnable ? e.windowEndsAt : null,
      offers: returnable ? e.outcomes.map(offerOf) : [],
    };
  });
  const perItem = items.length
    ? evaluate(
        version,
        input,
        items.map((it) => ({ lineId: it.lineItemId, quantity: it.quantity, reasonCode: it.reasonCode })),
        history,
        now,
      )
    : null;
  return {
    currency: order.currency,
    policyVersion: version?.number ?? null,
    reasons: version?.rules.reasons ?? [],
    lines,
    itemOffers: items.map((_, i) => perItem?.lines[i]?.outcomes.map(offerOf) ?? []),
  };
}

export const moneyOf = (minor: number, currency: string) => ({ amount: formatMinor(minor, currency), currency });

/** Catalogue variants of a product at a price, with whether `units` are on hand at one location. */
/** Whether a catalogue variant is the one the line already is: an exchange is for another variant, never the same. */
export const isLineVariant = (v: { sku: string; variantId: string | null }, line: { sku: string | null; variantId?: string | null }) =>
  (!!line.sku && v.sku === line.sku) || (!!line.variantId && v.variantId === line.variantId);

export async function exchangeVariants(db: Db, storeId: string, productId: string, unitPrice: number, currency: string, units = 1) {
  const rows = await (db as TransactionClient).product.findMany({
    where: { storeId, family: { externalId: productId }, priceAmount: unitPrice, currency },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, sku: true, title: true, externalId: true },
    take: 100,
  });
  const stocked = rows.length
    ? await (db as TransactionClient).inventoryLevel.findMany({
        where: { quantity: { gte: units }, item: { storeId, key: { in: rows.map((r) => r.sku) } } },
        select: { item: { select: { key: true } } },
      })
    : [];
  const inStock = new Set(stocked.map((s) => s.item.key));
  return rows.map((r) => ({ sku: r.sku, title: r.title, variantId: r.externalId, productRowId: r.id, inStock: inStock.has(r.sku) }));
}
