// What the evaluator (evaluate.ts) takes in: the policy version, the order with its lines, the lines asked
// back and the customer's history; and what its steps share: the policy in force for this order, and how
// a line's value and a rule's match are reckoned.
import { formatMinor } from "../core/money.js";
import type { PolicyRules } from "./rules.js";

export interface PolicyVersionInput {
  number: number;
  rules: PolicyRules;
  timeZone: string;
}

export interface OrderLineInput {
  id: string;
  /** The merchant's line-item id (what problems and answers name). */
  externalId: string;
  productId: string;
  sku: string | null;
  /** The type of the line's catalogue family (the product upload's product type); null when it has none. */
  productType: string | null;
  vendor: string | null;
  /** The product's tags (its catalogue family's), as the order's line names the product. */
  tags: string[];
  quantity: number;
  /** Minor units: unit price before discount; discount for the whole line. */
  unitPrice: number;
  discount: number;
  /** Units already returned or in a live return. */
  returned: number;
  fulfilledAt: Date | null;
  deliveredAt: Date | null;
}

export interface OrderInput {
  id: string;
  name: string;
  currency: string;
  placedAt: Date;
  tags: string[];
  lines: OrderLineInput[];
}

export interface AskedLine {
  lineId: string;
  quantity: number;
  reasonCode?: string | null;
}

export interface CustomerHistory {
  /** When the customer's earlier returns were created (any order of the store). */
  returnDates: Date[];
}

/** What every step reads: the policy's rules, the store's time zone, the order and its currency, the time asked at. */
export interface PolicyContext {
  r: PolicyRules;
  zone: string;
  order: OrderInput;
  cur: string;
  /** Flat amounts are in the policy's currency: they apply to orders in it only. */
  flat: boolean;
  now: Date;
}

export const DAY = 86_400_000;

/** The value of `k` of a line's units: price less their share of the line's discount (rounded half up). */
export function unitsValue(line: OrderLineInput, k: number): number {
  if (line.quantity <= 0 || k <= 0) return 0;
  // In doubles while the numerator is at most 2^50 (the quotient then cannot round across an integer: the same
  // as BigInt's truncating division), else in BigInt; the simulation asks this of every past line.
  const num = line.discount * k * 2 + line.quantity;
  const share =
    Math.abs(num) <= 2 ** 50
      ? Math.trunc(num / (2 * line.quantity))
      : Number((BigInt(line.discount) * BigInt(k) * 2n + BigInt(line.quantity)) / (2n * BigInt(line.quantity)));
  return Math.max(0, line.unitPrice * k - share);
}

export const fmt = (minor: number, currency: string) => formatMinor(minor, currency);
/** Whether `v` is one of `values`, case-insensitively. */
export const hit = (values: string[], v: string | null | undefined) => v != null && values.some((x) => x.toLowerCase() === v.toLowerCase());
/** The first of `tags` that is one of `values`. */
export const anyTag = (values: string[], tags: string[]) => tags.find((t) => hit(values, t));
