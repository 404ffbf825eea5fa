// The product upload as the core's mutations run it (`uploadProducts`, and the deprecated `bulkUploadProducts`
// through src/products/legacy-upload.ts).
import { idempotent } from "../core/idempotency.js";
import type { RequestContext } from "../core/context.js";
import type { FamilyInput } from "./inputs.js";
import { bulkUpload } from "./service.js";

/**
 * The upload, answered once per idempotency key. Upload chunks commit one by one, so the result is stored
 * after the last one; a crash mid-upload leaves the key in flight until it is taken over, and running the
 * upload again is safe (it matches). Both mutations share the key under one operation and one request form.
 */
export async function uploadProducts(ctx: RequestContext, storeId: string, families: FamilyInput[], key?: string | null) {
  const { result, replayed } = await idempotent(ctx, { storeId, operation: "uploadProducts", key, request: families }, () =>
    bulkUpload(ctx, storeId, families),
  );
  return { ...result, replayed };
}
