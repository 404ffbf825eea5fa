// Type-prefixed, time-ordered opaque ids (Stripe style): "<prefix>_<26 chars Crockford base32>".
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function newId(prefix: string): string {
  let time = Date.now();
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  const rand = randomBytes(16);
  for (let i = 0; i < 16; i++) out += ALPHABET[rand[i] % 32];
  return `${prefix}_${out}`;
}
