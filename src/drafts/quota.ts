// How much a shopper may upload (PHOTO_QUOTA_* in src/config.ts; the portal guide tells the numbers): per
// draft a number of photos and their bytes together, per store the bytes of the photos of its open drafts
// together (a submitted draft's photos belong to its return and count no more; a cancelled or lapsed
// draft's are deleted). Checked in the upload's transaction, which holds the draft's row lock (act() in
// service.ts), so two uploads to one draft count one after the other; the store's total is serialised by
// a lock of its own on PostgreSQL (src/core/count-limits.ts; SQLite serialises every write transaction).
import type { Services } from "../core/context.js";
import { lockCountLimit } from "../core/count-limits.js";
import { fail } from "../core/errors.js";
import type { TransactionClient } from "../db/client.js";
import { OPEN_STATES } from "./lifecycle.js";
import { refusal } from "./refusals.js";

/** Draft states whose photos count against the store's quota: the open ones (lifecycle.ts). */
const OPEN = [...OPEN_STATES];
const FIELD = "contentBase64";

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

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
    throw fail.badInput(
      `\`${FIELD}\`: this draft return already holds ${mine._count._all} photos, the most one draft may hold (${quota.draftCount}); remove one before adding another.`,
      FIELD,
      "drafts/photo-quota-exceeded",
      refusal("TOO_MANY_PHOTOS", { max: quota.draftCount }),
    );
  const draftBytes = mine._sum.size ?? 0;
  if (draftBytes + size > quota.draftBytes)
    throw fail.badInput(
      `\`${FIELD}\`: this photo (${mb(size)}) would bring the draft return's photos to ${mb(draftBytes + size)}, over the ${mb(quota.draftBytes)} one draft may hold; send a smaller photo or remove one.`,
      FIELD,
      "drafts/photo-quota-exceeded",
      refusal("PHOTO_DRAFT_FULL", { maxMb: (quota.draftBytes / 1_048_576).toFixed(1).replace(/\.0$/, "") }),
    );
  await lockCountLimit(tx, services.db.provider, "store-draft-photo-bytes", draft.storeId);
  const store = await tx.draftPhoto.aggregate({
    // By the store's open drafts (DraftReturn storeId+state index); one that lapsed counts until it is
    // marked expired (read, or the retention sweep within RETENTION_SWEEP_INTERVAL).
    where: { item: { draft: { storeId: draft.storeId, state: { in: OPEN } } } },
    _sum: { size: true },
  });
  const storeBytes = store._sum.size ?? 0;
  if (storeBytes + size > quota.storeBytes)
    throw fail.badInput(
      `\`${FIELD}\`: the store's open draft returns already hold ${mb(storeBytes)} of photos, and ${mb(quota.storeBytes)} is the most they may hold together; try again once some are submitted, or ask the store.`,
      FIELD,
      "drafts/photo-quota-exceeded",
      refusal("PHOTO_STORE_FULL"),
    );
}
