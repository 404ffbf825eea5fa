// How much a shopper may upload (PHOTO_QUOTA_* in src/config.ts; the portal guide tells the numbers): per
// draft a number of photos and their bytes together, per store the bytes of the photos of its open drafts
// together (a submitted draft's photos belong to its return and count no more; a cancelled or lapsed
// draft's are deleted). Checked in the upload's transaction, which holds the draft's row lock (act() in
// service.ts), so two uploads to one draft count one after the other; the store's total is serialised by
// a lock of its own on PostgreSQL (src/core/count-limits.ts; SQLite serialises every write transaction).
import type { Services } from "../core/context.js";
import { lockCountLimit } from "../core/count-limits.js";
import type { TransactionClient } from "../db/client.js";
import { OPEN_STATES } from "./lifecycle.js";
import { refuse } from "./refusals.js";

/** Draft states whose photos count against the store's quota: the open ones (lifecycle.ts). */
const OPEN = [...OPEN_STATES];

/** Refuses (400 naming `contentBase64` and the limit) a photo of `size` bytes the quotas have no room for. */
export async function holdPhotoQuota(
  tx: TransactionClient,
  services: Services,
  draft: { id: string; storeId: string; items: { id: string }[] },
  size: number,
): Promise<void> {
  const quota = services.config.photoQuota;
  const mine = await tx.draftPhoto.aggregate({
    where: { itemId: { in: draft.items.map((i) => i.id) } },
    _count: { _all: true },
    _sum: { size: true },
  });
  if (mine._count._all >= quota.draftCount)
    throw refuse("TOO_MANY_PHOTOS", { scope: "DRAFT", max: quota.draftCount, count: mine._count._all, uploaded: 0 });
  const draftBytes = mine._sum.size ?? 0;
  if (draftBytes + size > quota.draftBytes)
    throw refuse("PHOTO_DRAFT_FULL", {
      maxMb: (quota.draftBytes / 1_048_576).toFixed(1).replace(/\.0$/, ""),
      size,
      total: draftBytes + size,
      max: quota.draftBytes,
    });
  await lockCountLimit(tx, services.db.provider, "store-draft-photo-bytes", draft.storeId);
  const store = await tx.draftPhoto.aggregate({
    // By the store's open drafts (DraftReturn storeId+state index); one that lapsed counts until it is
    // marked expired (read, or the retention sweep within RETENTION_SWEEP_INTERVAL).
    where: { item: { draft: { storeId: draft.storeId, state: { in: OPEN } } } },
    _sum: { size: true },
  });
  const storeBytes = store._sum.size ?? 0;
  if (storeBytes + size > quota.storeBytes) throw refuse("PHOTO_STORE_FULL", { used: storeBytes, max: quota.storeBytes });
}
