// The store's webhook limit (LIST_BOUNDS.storeWebhooks, `redo` and `loop` kinds together): each event
// fans out to every webhook, and the lists show at most that many, so none may exist past it.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { holdCountLimit } from "../core/count-limits.js";
import type { TransactionClient } from "../db/client.js";

/** Counted under the limit's lock inside the creating transaction: racing creates never pass it together. */
export async function holdStoreWebhookLimit(tx: TransactionClient, ctx: RequestContext, storeId: string, refuse: () => Error) {
  await holdCountLimit(tx, ctx.services.db.provider, storeId, {
    name: "store-webhooks",
    max: LIST_BOUNDS.storeWebhooks,
    count: () => tx.webhook.count({ where: { storeId } }),
    refuse,
  });
}
