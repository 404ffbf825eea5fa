// A shopper's photos of a draft item: uploaded as base64, their type judged from the bytes (never from a name
// or a declared type), kept in the database (DraftPhoto) under an unguessable id whose link,
// /portal/photos/<id>, is what the item's `photos` (and, once submitted, the return item's customerImages)
// hold. Every refusal names its field and, in the action's one transaction, changes nothing.
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { RequestContext } from "../core/context.js";
import type { DomainError } from "../core/errors.js";
import { refuse } from "./refusals.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { act } from "./service.js";
import { STEPS } from "./lifecycle.js";
import { holdPhotoQuota } from "./quota.js";

type Ref = { id?: string | null; shopperToken?: string | null };

/** The types a photo may have, by the MIME type its bytes show. */
export const PHOTO_TYPES: Record<string, string> = { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" };
/** Where the portal door serves a photo (same origin as the portal and the dashboard). */
export const PHOTO_PATH = "/portal/photos/";
const PHOTO_ID = /^ph_[A-Za-z0-9_-]{22}$/;

export const photoLink = (id: string) => `${PHOTO_PATH}${id}`;
/** The upload's id a link names, or null when the link is not one of ours (an absolute URL given). */
export const uploadIdOf = (link: string) => (link.startsWith(PHOTO_PATH) ? link.slice(PHOTO_PATH.length) : null);

type Judged = { ok: true; bytes: Buffer; contentType: string } | { ok: false; refused: DomainError };

/** Decodes and judges a photo (pure but for the sniffing): the refusal is thrown later, once access is checked. */
export async function judgePhoto(contentBase64: string): Promise<Judged> {
  const text = contentBase64.replace(/^data:[\w.+/-]*(;[\w=.-]+)*;base64,/, "").replace(/\s+/g, "");
  if (!text || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1)
    return { ok: false, refused: refuse("PHOTO_NOT_IMAGE", { reason: "NOT_BASE64", kind: "" }) };
  const bytes = Buffer.from(text, "base64");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !PHOTO_TYPES[type.mime])
    return { ok: false, refused: refuse("PHOTO_NOT_IMAGE", { reason: "NOT_IMAGE", kind: type ? type.ext.toUpperCase() : "" }) };
  return { ok: true, bytes, contentType: type.mime };
}

function itemOf(items: { id: string; photos: string }[], itemId: string) {
  const item = items.find((i) => i.id === itemId);
  if (!item) throw refuse("ITEM_NOT_FOUND", { id: itemId });
  return item;
}

export async function addPhoto(ctx: RequestContext, ref: Ref, itemId: string, contentBase64: string) {
  const judged = await judgePhoto(contentBase64);
  return act(
    ctx,
    ref,
    STEPS.addPhoto,
    async ({ tx, draft }) => {
      const item = itemOf(draft.items, itemId);
      const photos = JSON.parse(item.photos) as string[];
      if (photos.length >= LIST_BOUNDS.draftPhotos)
        throw refuse("TOO_MANY_PHOTOS", { scope: "ITEM", max: LIST_BOUNDS.draftPhotos, count: photos.length, uploaded: 0 });
      if (!judged.ok) throw judged.refused;
      await holdPhotoQuota(tx, ctx.services, draft, judged.bytes.length);
      const id = `ph_${randomBytes(16).toString("base64url")}`;
      await tx.draftPhoto.create({
        data: {
          id,
          storeId: draft.storeId,
          draftId: draft.id,
          itemId: item.id,
          contentType: judged.contentType,
          bytes: new Uint8Array(judged.bytes),
          size: judged.bytes.length,
        },
      });
      await tx.draftReturnItem.update({ where: { id: item.id }, data: { photos: JSON.stringify([...photos, photoLink(id)]) } });
    },
    itemId,
  );
}

export function removePhoto(ctx: RequestContext, ref: Ref, itemId: string, photo: string) {
  return act(
    ctx,
    ref,
    STEPS.removePhoto,
    async ({ tx, draft }) => {
      const item = itemOf(draft.items, itemId);
      const photos = JSON.parse(item.photos) as string[];
      if (!photos.includes(photo)) throw refuse("PHOTO_NOT_ON_ITEM", { photo: photo.slice(0, 200) });
      const upload = uploadIdOf(photo);
      if (upload) await tx.draftPhoto.deleteMany({ where: { id: upload, itemId: item.id } });
      await tx.draftReturnItem.update({ where: { id: item.id }, data: { photos: JSON.stringify(photos.filter((p) => p !== photo)) } });
    },
    itemId,
  );
}

/** A photo by its id, for the door that serves it (public: the id is the capability); null when none. */
export async function readPhoto(ctx: RequestContext, id: string) {
  if (!PHOTO_ID.test(id)) return null;
  const row = await ctx.prisma.draftPhoto.findUnique({ where: { id }, select: { contentType: true, bytes: true, size: true } });
  return row && { contentType: row.contentType, contentBase64: Buffer.from(row.bytes).toString("base64"), size: row.size };
}
