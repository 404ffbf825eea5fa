// Subscriber secrets at rest (AES-256-GCM) and Standard Webhooks signatures (HMAC-SHA256).
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from "node:crypto";

function keyOf(material: string): Buffer {
  // 64 hex characters are used as the raw 256-bit key; anything else is hashed to one.
  return /^[0-9a-fA-F]{64}$/.test(material) ? Buffer.from(material, "hex") : createHash("sha256").update(material).digest();
}

/** "v1.<iv>.<tag>.<ciphertext>" (base64url parts). */
export function encryptSecret(material: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(material), iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptSecret(material: string, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || ct === undefined) throw new Error("unreadable encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(material), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

/** A Standard Webhooks signing secret: "whsec_" + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The `webhook-signature` header value for one message (Standard Webhooks v1). */
export function sign(secret: string | KeyObject, msgId: string, timestampSeconds: number, body: string): string {
  const key = typeof secret === "string" ? signingKeyOf(secret) : secret;
  // The message is `${msgId}.${timestamp}.${body}`, fed in two parts: no copy of the body.
  const mac = createHmac("sha256", key).update(`${msgId}.${timestampSeconds}.`).update(body).digest("base64");
  return `v1,${mac}`;
}

/** A signing secret's key, decoded once (the dispatcher keeps it with the cached webhook row). */
export function signingKeyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64"));
}
