// Throttles staff login, per client address and per email, through the shared rate limiter (in the
// database on PostgreSQL, so every replica counts together). Every attempt counts, right or wrong.
//
// Why it cannot lock the real user out forever: an email under attack (more than PER_EMAIL attempts
// in the window) refuses only addresses that already tried that email in this window; a first
// attempt from another address (the real user's) is still checked. One address gets at most
// PER_EMAIL_AND_ADDRESS guesses per email per window, and PER_ADDRESS attempts a minute in all.
import { createHash } from "node:crypto";
import type { Services } from "../core/context.js";
import { fail } from "../core/errors.js";

export const LOGIN_LIMITS = {
  perAddressPerMinute: 20,
  perEmailAndAddress: 5,
  perEmail: 10,
  emailWindowMs: 15 * 60_000,
} as const;

/** Refuses (429 with Retry-After) an attempt past a limit; counts it either way. */
export async function throttleLogin(services: Services, email: string, clientAddress: string | undefined): Promise<void> {
  const limiter = services.rateLimiter;
  if (!limiter) return;
  const address = clientAddress ?? "unknown";
  // Hashed: the counter table holds no email addresses, and keys stay short.
  const who = createHash("sha256").update(email).digest("base64url").slice(0, 22);
  const byAddress = await limiter.hit(`login:addr:${address}`, LOGIN_LIMITS.perAddressPerMinute, 60_000);
  if (!byAddress.allowed)
    throw fail.rateLimited(`Too many login attempts from this address; retry in ${byAddress.resetSeconds} s.`, byAddress.resetSeconds);
  const pair = await limiter.hit(`login:pair:${who}:${address}`, LOGIN_LIMITS.perEmailAndAddress, LOGIN_LIMITS.emailWindowMs);
  const byEmail = await limiter.hit(`login:email:${who}`, LOGIN_LIMITS.perEmail, LOGIN_LIMITS.emailWindowMs);
  const triedBefore = pair.remaining < LOGIN_LIMITS.perEmailAndAddress - 1;
  if (!pair.allowed || (!byEmail.allowed && triedBefore)) {
    throw fail.rateLimited(`Too many login attempts for this email; retry in ${pair.resetSeconds} s.`, pair.resetSeconds);
  }
}
