// A failed push of a return's ledger entry queued again (GraphQL retryReturnLedgerEntry): the pusher
// (outcomes.ts) takes it at once, and first asks the shop for a refund it may already have made.
import type { RequestContext } from "../core/context.js";
import { eventsCommitted } from "../core/events.js";
import { LEDGER_TOPIC, ledgerView } from "../returns/ledger.js";
import { refuse } from "./refusals.js";

export async function retryLedgerEntry(ctx: RequestContext, id: string) {
  const entry = await ctx.prisma.returnLedgerEntry.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
  if (!entry) throw refuse("LEDGER_ENTRY_NOT_FOUND", { id: id.slice(0, 64) });
  const { count } = await ctx.prisma.returnLedgerEntry.updateMany({
    where: { id, state: "failed" },
    data: { state: "pending", nextAttemptAt: new Date(), lastError: null },
  });
  if (!count) throw refuse("LEDGER_ENTRY_NOT_RETRYABLE", { id, state: entry.state });
  // Read before the pusher is woken: the answer is the entry as queued, never a push half-way.
  const queued = ledgerView(await ctx.prisma.returnLedgerEntry.findUniqueOrThrow({ where: { id } }));
  eventsCommitted(ctx.services, LEDGER_TOPIC);
  return queued;
}
