// Type-prefixed, time-ordered opaque ids (Stripe style): "<prefix>_<26 chars Crockford base32>".
import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

// Random bytes drawn 4 KB at a time (256 ids) rather than 16 per id: a synchronous CSPRNG call per id
// was ~2% of the webhook dispatcher's CPU (an attempt id per delivery). Each byte is used once.
const POOL = Buffer.alloc(4096);
let poolAt = POOL.length;

export function newId(prefix: string): string {
  let time = Date.now();
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  for (let i = 0; i < 16; i++) out += ALPHABET[POOL[poolAt + i] % 32];
  poolAt += 16;
  return `${prefix}_${out}`;
}
