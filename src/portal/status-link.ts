// The link a shopper gets to a return's status page: /portal/{handle}/returns/{token}, where the token is
// the return's id and an HMAC of it (key derived from CURSOR_SECRET, shared by replicas): nothing to store,
// no return reachable without its mail, compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.js";

function signature(config: Config, returnId: string): Buffer {
  const key = createHmac("sha256", config.cursorSecret).update("retour:return-status-link").digest();
  return createHmac("sha256", key).update(returnId).digest().subarray(0, 18);
}

export function statusToken(config: Config, returnId: string): string {
  return `${returnId}.${signature(config, returnId).toString("base64url")}`;
}

/** The return id a token names, or null when it was not issued by this service. */
export function returnIdOfStatusToken(config: Config, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = signature(config, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function statusLink(config: Config, handle: string, returnId: string, fallbackBase: string): string {
  return `${config.publicUrl ?? fallbackBase}/portal/${handle}/returns/${statusToken(config, returnId)}`;
}
