// A return's totals (the merchant API's `totals`), pure and exact in minor units, the one rule every door
// renders (REST, GraphQL, the webhook payload, the warehouse door): from each item's values and what the
// policy's evaluation recorded at admission, and the per-return fee recorded with it.
//   refund       refund and keep-item lines: their value (tax included) less the merchant's adjustment and
//                the line's restocking fee (value − the evaluated refund);
//   storeCredit  store-credit lines: the evaluated credit (fees off, bonus on), else their value;
//   exchange     exchange lines: the value of the goods exchanged;
//   charge       what the shopper pays beyond that: the return fee where the outcome it falls on cannot
//                carry it (an exchange pays nothing out, so its fee is all charge);
//   shippingFee  no return shipping is sold yet: 0.
// Rejected items count nothing, and a fee falls only on an outcome a live item takes.

export interface TotalsItem {
  compensation: string;
  status: string;
  /** itemValues(...).refund: value and tax less the adjustment (0 when rejected). */
  refund: number;
  /** itemValues(...).productValue: the units' value before tax. */
  productValue: number;
  /** The evaluated outcome's total at admission (minor), null without a policy. */
  outcomeTotal: number | null;
  /** The exchanged goods' value (the line's unit price × quantity). */
  exchangeValue: number;
}

export interface ReturnFee {
  amount: number;
  /** The outcome the fee fell on at admission (refund, store_credit, exchange or keep_item). */
  on: string;
}

export interface Totals {
  refund: number;
  storeCredit: number;
  exchange: number;
  charge: number;
  shippingFee: number;
}

/** What one live item pays out, by the bucket it pays into (the ledger writes a refund line's from it too). */
export function pays(i: TotalsItem): { bucket: "refund" | "storeCredit" | "exchange"; amount: number } | null {
  if (i.status === "rejected") return null;
  switch (i.compensation) {
    case "store_credit":
      return { bucket: "storeCredit", amount: i.outcomeTotal ?? i.refund };
    case "exchange":
      return { bucket: "exchange", amount: i.exchangeValue };
    case "refund": {
      const restocking = i.outcomeTotal == null ? 0 : Math.max(0, i.productValue - i.outcomeTotal);
      return { bucket: "refund", amount: Math.max(0, i.refund - restocking) };
    }
    default: // keep_item: refunded its value, no fee
      return { bucket: "refund", amount: i.refund };
  }
}

export function returnTotals(items: TotalsItem[], fee: ReturnFee | null): Totals {
  const t: Totals = { refund: 0, storeCredit: 0, exchange: 0, charge: 0, shippingFee: 0 };
  for (const i of items) {
    const p = pays(i);
    if (p) t[p.bucket] += p.amount;
  }
  if (!fee || fee.amount <= 0 || !items.some((i) => i.status !== "rejected" && i.compensation === fee.on)) return t;
  const from = fee.on === "store_credit" ? "storeCredit" : fee.on === "exchange" ? null : "refund";
  const taken = from ? Math.min(t[from], fee.amount) : 0;
  if (from) t[from] -= taken;
  t.charge = fee.amount - taken;
  return t;
}
