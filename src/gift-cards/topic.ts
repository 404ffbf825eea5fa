// The `gift_card` webhook topic, declared by this domain and registered at assembly (src/domains.ts): an event per
// redemption (`redeemed`) and reversal (`reversed`), whose subject is the ledger row itself. A row is written once and
// never changes, so the payload, rendered from it whenever it is delivered, says what happened at that moment: the
// movement and the card's balance right after it.
import type { Services } from "../core/context.js";
import { money } from "../core/money.js";

export const GIFT_CARD_EVENT_TYPES = ["redeemed", "reversed", "backfill"];

export const GIFT_CARD_TOPIC = {
  name: "gift_card",
  eventTypes: GIFT_CARD_EVENT_TYPES,
  async render(services: Services, storeId: string, entryId: string): Promise<Record<string, unknown>> {
    const e = await services.db.prisma.giftCardEntry.findFirstOrThrow({ where: { id: entryId, storeId } });
    const card = await services.db.prisma.giftCard.findUniqueOrThrow({ where: { id: e.giftCardId }, select: { id: true, code: true } });
    return {
      giftCard: { id: card.id, code: card.code, currency: e.currency, balance: money(e.balanceAfter, e.currency) },
      entry: {
        id: e.id,
        kind: e.kind,
        amount: money(e.amount, e.currency),
        balanceAfter: money(e.balanceAfter, e.currency),
        reference: e.reference,
        reversesId: e.reversesId,
        createdAt: e.createdAt.toISOString(),
      },
    };
  },
  /** Every redemption and reversal of the store, oldest first. */
  async listSubjectsForBackfill(services: Services, storeId: string): Promise<string[]> {
    const rows = await services.db.prisma.giftCardEntry.findMany({
      where: { storeId, kind: { in: ["redemption", "reversal"] } },
      select: { id: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((r) => r.id);
  },
};
