// Keep-item lines (issue 24 part 4): the published policy lets the shopper keep a line worth less than its
// `outcomes.keepItemBelow`; nothing is shipped back, and the line is refunded its value to the original
// payment when the return reaches the policy's event (`settleOn`). Settling marks the line processed (its
// refund is then recorded on the return's totals and timeline), inside the transaction that moves the
// return, so concurrent moves settle it once (the row lock orders them; only open lines are taken).
import { refuse } from "./refusals.js";
import type { TransactionClient } from "../db/client.js";
import type { SettleEvent } from "./gift-cards.js";

export const KEEP_ITEM = "keep_item";

/** Whether the return is made only of kept lines: nothing ships, so it needs no label and nothing arrives. */
export const keepsEverything = (items: { compensation?: string | null }[]) =>
  items.length > 0 && items.every((i) => i.compensation === KEEP_ITEM);

/**
 * The event a return's kept lines settle on. A return made only of kept lines never ships, so "delivered"
 * would never come: it settles at creation instead (processed still waits for the merchant).
 */
export function keepSettleEvent(settleOn: string | null, onlyKept: boolean): SettleEvent {
  const e = (settleOn ?? "processed") as SettleEvent;
  return onlyKept && e === "delivered" ? "created" : e;
}

/** Settles the return's open kept lines when `event` is theirs; the ids settled (for the timeline). */
export async function settleKeptItems(
  tx: TransactionClient,
  ret: { id: string; settleOn: string | null },
  event: SettleEvent,
  now = new Date(),
  /** The return's items when the caller has just written them (else read). */
  known?: { id: string; compensation: string; status: string }[],
): Promise<string[]> {
  const items =
    known ?? (await tx.returnItem.findMany({ where: { returnId: ret.id }, select: { id: true, compensation: true, status: true } }));
  if (keepSettleEvent(ret.settleOn, keepsEverything(items)) !== event) return [];
  const open = items.filter((i) => i.compensation === KEEP_ITEM && i.status === "open").map((i) => i.id);
  if (!open.length) return [];
  // Conditional on still open: a concurrent writer that settled it first wins, never twice.
  await tx.returnItem.updateMany({
    where: { id: { in: open }, status: "open" },
    data: { status: "processed", restock: null, processedAt: now },
  });
  return open;
}

/** A kept line comes back to nobody: restocking it is refused, naming the field. */
export function refuseKeptRestock(item: { compensation: string }, field: string) {
  if (item.compensation === KEEP_ITEM) throw refuse("RETURN_KEPT_NO_RESTOCK", { field });
}
