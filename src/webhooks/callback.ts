// A webhook's callback as a caller gives it: the URL (SSRF rules, ssrf.ts), the subscriber's bearer token
// (masked in every read, kept by sending the mask back) and the caller's external id.
import { refuse } from "./refusals.js";
import type { Services } from "../core/context.js";
import type { RequestContext } from "../core/context.js";
import { decryptSecret, encryptSecret } from "./crypto.js";
import { originOf, urlReason } from "./ssrf.js";

/** What list/get answer instead of the subscriber's token; sending it back in an update keeps the stored token. */
export const MASKED_TOKEN = "********";

export interface CallbackInput {
  url: string;
  auth?: { bearer?: { token?: string | null } | null } | null;
}

export function checkCallback(
  ctx: RequestContext,
  callback: CallbackInput | null | undefined,
  field: string,
): { url: string; token: string | null | undefined } {
  if (!callback || typeof callback.url !== "string") throw refuse("CALLBACK_URL_REQUIRED", { field });
  const reason = urlReason(callback.url, ctx.config.webhooks);
  if (reason) throw refuse("CALLBACK_URL_INVALID", { field, reason, value: callback.url.slice(0, 200) });
  let token: string | null | undefined = null;
  if (callback.auth) {
    const t = callback.auth.bearer?.token;
    if (typeof t !== "string" || t.length === 0) throw refuse("CALLBACK_TOKEN_EMPTY", { field });
    if (t.length > 2048) throw refuse("CALLBACK_TOKEN_TOO_LONG", { field, max: 2048 });
    if (/[\r\n]/.test(t)) throw refuse("CALLBACK_TOKEN_LINE_BREAK", { field });
    token = t === MASKED_TOKEN ? undefined : t; // undefined: keep the stored token
  }
  return { url: callback.url, token };
}

/**
 * The token to store. The masked value keeps the stored token only while the callback stays on its
 * origin: otherwise a caller who never knew the token could send it to a host of their choosing.
 */
export function tokenToStore(
  key: string,
  existing: { callbackUrl: string; authTokenEnc: string | null },
  url: string,
  token: string | null | undefined,
  field: string,
): string | null {
  if (token === undefined) {
    if (existing.authTokenEnc && originOf(existing.callbackUrl) !== originOf(url)) {
      throw refuse("CALLBACK_TOKEN_MASKED_ELSEWHERE", {
        field,
        masked: MASKED_TOKEN,
        origin: originOf(existing.callbackUrl),
        newOrigin: originOf(url),
      });
    }
    return existing.authTokenEnc;
  }
  return token === null ? null : encryptSecret(key, token);
}

export function checkExternalId(externalId: string | null | undefined, field: string): string | null {
  if (externalId === null || externalId === undefined) return null;
  if (externalId.length === 0 || externalId.length > 255) throw refuse("EXTERNAL_ID_LENGTH", { field, min: 1, max: 255 });
  return externalId;
}

/** The subscriber's token, decrypted (delivery only; never returned by reads). */
export function bearerTokenOf(services: Services, webhook: { authTokenEnc: string | null }): string | null {
  return webhook.authTokenEnc ? decryptSecret(services.config.webhooks.encryptionKey, webhook.authTokenEnc) : null;
}
