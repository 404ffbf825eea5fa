// Shopper emails, written to the outbox in the transaction of the event that causes them (recordEvent's
// hook, given at assembly): rolled back with the change, committed with it, and sent after commit by the
// sender (sender.ts), so a slow or failing mail server never blocks or undoes a return. Only returns
// of an order with a shopper email get mail (not imported ones); `dedupeKey` makes each mail once however often the event repeats.
import type { DomainEventInput } from "../core/events.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";

export const EMAIL_KINDS = ["confirmation", "received", "refunded", "credit_issued"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The mails an event of a return causes, by dedupe key. */
function mailsOf(event: DomainEventInput, returnId: string): Array<{ kind: EmailKind; dedupeKey: string }> {
  const out: Array<{ kind: EmailKind; dedupeKey: string }> = [];
  if (event.type === "created") out.push({ kind: "confirmation", dedupeKey: `confirmation:${returnId}` });
  const to = event.statusChange?.to;
  // Arrived: delivered, or straight to review when the warehouse processes a first item.
  if (to === "delivered" || to === "in_review") out.push({ kind: "received", dedupeKey: `received:${returnId}` });
  if (to === "complete") out.push({ kind: "refunded", dedupeKey: `refunded:${returnId}` });
  return out;
}

/** recordEvent's hook: in the change's transaction, the mails the event causes. */
export async function enqueueEmails(tx: TransactionClient, event: DomainEventInput): Promise<boolean> {
  if (event.topic !== "return") return false;
  const mails = mailsOf(event, event.subjectId);
  // Gift cards are issued only with creation or a status change (src/returns/gift-cards.ts).
  const mayHaveCards = event.type === "created" || !!event.statusChange;
  if (!mails.length && !mayHaveCards) return false;
  // A return made in this transaction comes with what the change knows of it (no read back).
  const known = event.newSubject;
  const ret = known
    ? { id: event.subjectId, storeId: event.storeId, orderId: known.orderId }
    : await tx.return.findUnique({ where: { id: event.subjectId }, select: { id: true, storeId: true, orderId: true } });
  // An imported return (no order) is history brought in from elsewhere: its shopper was told there.
  if (!ret?.orderId) return false;
  const email = known
    ? known.shopperEmail
    : (await tx.order.findUnique({ where: { id: ret.orderId }, select: { customerEmail: true } }))?.customerEmail;
  const recipient = email?.trim().toLowerCase();
  if (!recipient?.includes("@")) return false;
  const cards =
    mayHaveCards && (!known || known.giftCardsIssued > 0)
      ? await tx.giftCard.findMany({ where: { returnId: ret.id }, select: { id: true } })
      : [];
  const wanted = [
    ...mails.map((m) => ({ ...m, giftCardId: null as string | null })),
    ...cards.map((c) => ({ kind: "credit_issued" as const, dedupeKey: `credit:${c.id}`, giftCardId: c.id })),
  ];
  if (!wanted.length) return false;
  // A new return has no mail yet.
  const have = new Set(
    known
      ? []
      : (
          await tx.emailMessage.findMany({
            where: { storeId: ret.storeId, dedupeKey: { in: wanted.map((w) => w.dedupeKey) } },
            select: { dedupeKey: true },
          })
        ).map((m) => m.dedupeKey),
  );
  const now = new Date();
  let added = false;
  for (const w of wanted) {
    if (have.has(w.dedupeKey)) continue;
    await tx.emailMessage.create({
      data: { id: newId("eml"), storeId: ret.storeId, returnId: ret.id, recipient, nextAttemptAt: now, ...w },
    });
    added = true;
  }
  return added;
}
