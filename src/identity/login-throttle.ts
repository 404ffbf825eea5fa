// Throttles staff login through the shared rate limiter (in the database on PostgreSQL, so every
// replica counts together), keyed on what an attacker cannot rotate cheaply, and shaped so that nobody can
// lock a real user out (issue 36, the class of M2):
// - per source, PER_SOURCE_PER_MINUTE failed attempts in all: an IPv4 address, or an IPv6 /64 (one
//   host is handed a whole /64, so a per-address key would give it 2^64 guesses);
// - per email *and* source: PER_EMAIL_AND_SOURCE failures a window lock that source out of that email, not
//   the user, who logs in from elsewhere;
// - per email across all sources: past PER_EMAIL failures a window the email is being guessed from many
//   places, and it takes logins only from the source of its last successful login (the user's office or
//   home, kept hashed on the user), which a guesser does not have.
// Only failures count: an attempt is counted before the password is checked (so a concurrent burst
// cannot pass the limit) and given back when it succeeds; a success also resets its email's counts,
// so an office behind one address does not lock its own staff out.
// The client's address is Express's `req.ip`: X-Forwarded-For counts only from TRUST_PROXY's peers.
import { refuse } from "./refusals.js";
import { createHash } from "node:crypto";
import type { Services } from "../core/context.js";
import { sourceOf } from "../core/rate-limit.js";

export const LOGIN_LIMITS = {
  perSourcePerMinute: 20,
  perEmailAndSource: 10,
  perEmail: 50,
  emailWindowMs: 15 * 60_000,
} as const;

/** The part of a client address one party holds (src/core/rate-limit.ts). */
export const loginSource = sourceOf;

/** How a source is kept on the user: hashed, so the database holds no address. */
export const sourceDigest = (clientAddress: string | undefined) =>
  createHash("sha256")
    .update(`retour:login-source:${loginSource(clientAddress)}`)
    .digest("base64url")
    .slice(0, 22);

export interface LoginAttempt {
  /** The password was right: the attempt does not count, and the email's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Refuses (429 with Retry-After) an attempt past a limit; otherwise counts it as a failure until told it succeeded.
 * `knownSource`: whether the attempt comes from the source of the user's last successful login.
 */
export async function throttleLogin(
  services: Services,
  email: string,
  clientAddress: string | undefined,
  knownSource: boolean,
): Promise<LoginAttempt> {
  const limiter = services.rateLimiter;
  if (!limiter) return { succeeded: async () => {} };
  // Hashed: the counter table holds no email addresses, and keys stay short.
  const who = createHash("sha256").update(email).digest("base64url").slice(0, 22);
  const source = loginSource(clientAddress);
  const sourceKey = `login:src:${source}`;
  const emailKey = `login:email:${who}`;
  const mineKey = `${emailKey}:${source}`;
  const w = LOGIN_LIMITS.emailWindowMs;
  const bySource = await limiter.hit(sourceKey, LOGIN_LIMITS.perSourcePerMinute, 60_000);
  if (!bySource.allowed) throw refuse("LOGIN_THROTTLED_SOURCE", { seconds: bySource.resetSeconds });
  const [byMe, byAll] = await Promise.all([
    limiter.hit(mineKey, LOGIN_LIMITS.perEmailAndSource, w),
    limiter.hit(emailKey, LOGIN_LIMITS.perEmail, w),
  ]);
  if (!byMe.allowed) throw refuse("LOGIN_THROTTLED_EMAIL_SOURCE", { seconds: byMe.resetSeconds });
  if (!byAll.allowed && !knownSource) throw refuse("LOGIN_THROTTLED_EMAIL", { seconds: byAll.resetSeconds });
  return {
    async succeeded() {
      await Promise.all([limiter.giveBack(sourceKey, 60_000, 1), limiter.giveBack(mineKey, w), limiter.giveBack(emailKey, w)]);
    },
  };
}
