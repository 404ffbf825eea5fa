// API secrets and session tokens: "<kind>_<lookupId>_<secret>", generated with a CSPRNG. The
// lookup id finds the row; only a SHA-256 of the whole token is stored and it is compared in
// constant time. The recognisable prefix lets secret scanners find leaked keys.
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptUnbounded = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * Password hashing runs on libuv's thread pool (4 threads by default, also used by DNS lookups and
 * file I/O), 16 MB and ~50 ms each. At most two run at once, so a login flood queues here instead of
 * starving the rest of the process; past MAX_WAITING the attempt is refused at once.
 */
const MAX_HASHING = 2;
const MAX_WAITING = 200;
let hashing = 0;
const waiting: (() => void)[] = [];

export class PasswordHashingBusyError extends Error {}

async function scryptAsync(pw: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  if (hashing >= MAX_HASHING) {
    if (waiting.length >= MAX_WAITING) throw new PasswordHashingBusyError("Too many password checks in progress");
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else hashing++;
  try {
    return await scryptUnbounded(pw, salt, len, opts);
  } finally {
    // Hand the slot to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomBase62(length: number): string {
  // Rejection sampling keeps the distribution uniform.
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
  }
  return out;
}

export const API_SECRET_PREFIX = "rtr_sk";
export const SESSION_TOKEN_PREFIX = "rtr_ss";

export interface IssuedToken {
  token: string;
  lookupId: string;
  hash: string;
}

export function issueToken(prefix: string): IssuedToken {
  const lookupId = randomBase62(12);
  const token = `${prefix}_${lookupId}_${randomBase62(40)}`;
  return { token, lookupId, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Splits a presented token; null when it is not of the given kind. */
export function parseToken(token: string, prefix: string): { lookupId: string } | null {
  const m = /^([a-z]+_[a-z]+)_([0-9A-Za-z]{12})_([0-9A-Za-z]{40})$/.exec(token);
  if (!m || m[1] !== prefix) return null;
  return { lookupId: m[2] };
}

export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split("$");
  if (alg !== "scrypt") return false;
  const expected = Buffer.from(keyB64, "base64");
  const key = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** For logs: the recognisable start of a token, never the secret part. */
export function redactToken(token: string): string {
  const parts = token.split("_");
  return parts.length >= 3 ? `${parts[0]}_${parts[1]}_${parts[2]}_…` : "…";
}
