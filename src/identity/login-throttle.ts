// Throttles staff login through the shared rate limiter (in the database on PostgreSQL, so every
// replica counts together), keyed on what an attacker cannot rotate cheaply:
// - per email, across all addresses: PER_EMAIL failed attempts per window, wherever they come from;
// - per source, PER_SOURCE_PER_MINUTE failed attempts in all: an IPv4 address, or an IPv6 /64 (one
//   host is handed a whole /64, so a per-address key would give it 2^64 guesses).
// Only failures count: an attempt is counted before the password is checked (so a concurrent burst
// cannot pass the limit) and given back when it succeeds; a success also resets its email's count,
// so an office behind one address does not lock its own staff out.
// The client's address is Express's `req.ip`: X-Forwarded-For counts only from TRUST_PROXY's peers.
import { createHash } from "node:crypto";
import type { Services } from "../core/context.js";
import { fail } from "../core/errors.js";
import { sourceOf } from "../core/rate-limit.js";

export const LOGIN_LIMITS = {
  perSourcePerMinute: 20,
  perEmail: 10,
  emailWindowMs: 15 * 60_000,
} as const;

/** The part of a client address one party holds (src/core/rate-limit.ts). */
export const loginSource = sourceOf;

export interface LoginAttempt {
  /** The password was right: the attempt does not count, and the email's failures are forgotten. */
  succeeded(): Promise<void>;
}

/** Refuses (429 with Retry-After) an attempt past a limit; otherwise counts it as a failure until told it succeeded. */
export async function throttleLogin(services: Services, email: string, clientAddress: string | undefined): Promise<LoginAttempt> {
  const limiter = services.rateLimiter;
  if (!limiter) return { succeeded: async () => {} };
  // Hashed: the counter table holds no email addresses, and keys stay short.
  const who = createHash("sha256").update(email).digest("base64url").slice(0, 22);
  const sourceKey = `login:src:${loginSource(clientAddress)}`;
  const emailKey = `login:email:${who}`;
  const bySource = await limiter.hit(sourceKey, LOGIN_LIMITS.perSourcePerMinute, 60_000);
  if (!bySource.allowed)
    throw fail.rateLimited(`Too many failed logins from this network; retry in ${bySource.resetSeconds} s.`, bySource.resetSeconds);
  const byEmail = await limiter.hit(emailKey, LOGIN_LIMITS.perEmail, LOGIN_LIMITS.emailWindowMs);
  if (!byEmail.allowed)
    throw fail.rateLimited(`Too many failed logins for this email; retry in ${byEmail.resetSeconds} s.`, byEmail.resetSeconds);
  return {
    async succeeded() {
      await limiter.giveBack(sourceKey, 60_000, 1);
      await limiter.giveBack(emailKey, LOGIN_LIMITS.emailWindowMs);
    },
  };
}
