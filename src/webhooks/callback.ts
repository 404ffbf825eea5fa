// A webhook's callback as a caller gives it: the URL (SSRF rules, ssrf.ts), the subscriber's bearer token
// (masked in every read, kept by sending the mask back) and the caller's external id.
import type { Services } from "../core/context.js";
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { decryptSecret, encryptSecret } from "./crypto.js";
import { originOf, urlProblem } from "./ssrf.js";

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
  if (!callback || typeof callback.url !== "string") throw fail.badInput(`\`${field}.url\` is required.`, `${field}.url`);
  const problem = urlProblem(callback.url, ctx.config.webhooks);
  if (problem) throw fail.badInput(`\`${field}.url\` ${problem}; got ${JSON.stringify(callback.url.slice(0, 200))}.`, `${field}.url`);
  let token: string | null | undefined = null;
  if (callback.auth) {
    const t = callback.auth.bearer?.token;
    if (typeof t !== "string" || t.length === 0)
      throw fail.badInput(
        `\`${field}.auth.bearer.token\` must be a non-empty string, or send \`${field}.auth: null\`.`,
        `${field}.auth.bearer.token`,
      );
    if (t.length > 2048)
      throw fail.badInput(`\`${field}.auth.bearer.token\` must have at most 2048 characters.`, `${field}.auth.bearer.token`);
    if (/[\r\n]/.test(t)) throw fail.badInput(`\`${field}.auth.bearer.token\` must not contain line breaks.`, `${field}.auth.bearer.token`);
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
      throw fail.badInput(
        `\`${field}.auth.bearer.token\` is the masked value ${JSON.stringify(MASKED_TOKEN)}, which keeps the stored token only while the callback stays on ${originOf(existing.callbackUrl)}; ` +
          `the new URL is on ${originOf(url)}: send the subscriber's token again, or \`${field}.auth: null\` to send none.`,
        `${field}.auth.bearer.token`,
      );
    }
    return existing.authTokenEnc;
  }
  return token === null ? null : encryptSecret(key, token);
}

export function checkExternalId(externalId: string | null | undefined, field: string): string | null {
  if (externalId === null || externalId === undefined) return null;
  if (externalId.length === 0 || externalId.length > 255)
    throw fail.badInput(`\`${field}\` must have 1 to 255 characters, or be null.`, field);
  return externalId;
}

/** The subscriber's token, decrypted (delivery only; never returned by reads). */
export function bearerTokenOf(services: Services, webhook: { authTokenEnc: string | null }): string | null {
  return webhook.authTokenEnc ? decryptSecret(services.config.webhooks.encryptionKey, webhook.authTokenEnc) : null;
}
