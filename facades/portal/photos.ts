// GET /portal/photos/<id>: a shopper's photo (uploaded with addDraftReturnPhoto), served from the core's
// `draftPhoto` query. The id is the capability (128 random bits), so no credential is asked; the type is
// the one the core judged from the bytes, `nosniff` keeps the browser to it, and caches stay private.
import { type Request, type Response, Router } from "express";
import { CoreUnavailableError, type Executor, operation } from "../executor.js";
import { STORAGE_RETRY_AFTER_SECONDS } from "../../src/core/errors.js";

export const PHOTO_OPERATION = operation(`query PortalPhoto($id: String!) { draftPhoto(id: $id) { contentType contentBase64 } }`);

const notFound = (res: Response) => res.status(404).type("text/plain").send("No such photo.");

export function createPortalPhotos(executor: Executor): Router {
  const router = Router();
  router.get("/:id", async (req: Request, res: Response) => {
    const id = String(req.params.id);
    if (!/^ph_[A-Za-z0-9_-]{22}$/.test(id)) return void notFound(res);
    try {
      const out = await executor.run<{ draftPhoto: { contentType: string; contentBase64: string } | null }>(
        PHOTO_OPERATION,
        { id },
        { requestId: (req as Request & { id?: string }).id ?? "", door: "graphql" },
      );
      const photo = out.data?.draftPhoto;
      if (out.errors?.length) {
        const unavailable = out.errors.some((e) => (e.extensions as { status?: number } | undefined)?.status === 503);
        if (unavailable) res.set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
        return void res
          .status(unavailable ? 503 : 500)
          .type("text/plain")
          .send(unavailable ? "Service unavailable." : "Unexpected error.");
      }
      if (!photo) return void notFound(res);
      const bytes = Buffer.from(photo.contentBase64, "base64");
      res.set({
        "Content-Type": photo.contentType,
        "Content-Length": String(bytes.length),
        "Cache-Control": "private, max-age=86400, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
      res.status(200).end(bytes);
    } catch (err) {
      if (err instanceof CoreUnavailableError)
        return void res.status(503).set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS)).type("text/plain").send("Service unavailable.");
      res.status(500).type("text/plain").send("Unexpected error.");
    }
  });
  return router;
}
