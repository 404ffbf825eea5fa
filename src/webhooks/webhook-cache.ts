// The dispatcher's view of the webhooks it delivers for: each row with its secret decrypted, its signing key
// decoded and its URL parsed once per load, cached briefly (an update takes effect within a second).
import type { KeyObject } from "node:crypto";
import type { Services } from "../core/context.js";
import { decryptSecret, signingKeyOf } from "./crypto.js";
import { bearerTokenOf } from "./callback.js";
import { formatOf } from "./formats.js";
import { parseUrl } from "./http-post.js";
import { originOf } from "./ssrf.js";

/** `url` is parsed once per cache load (null: unparseable). A registered format may sign with a secret of its own (formats.ts secretsOf). */
export type WebhookRow = {
  id: string;
  storeId: string;
  kind: string;
  active: boolean;
  topic: string;
  callbackUrl: string;
  url: URL | null;
  origin: string;
  secret: string;
  /** The secret's HMAC key, decoded once per cache load. */
  signingKey: KeyObject;
  token: string | null;
};

const FRESH_MS = 1000;
const MAX_ENTRIES = 10_000;

export class WebhookCache {
  private readonly entries = new Map<string, { at: number; row: WebhookRow | null }>();

  constructor(
    private readonly services: Services,
    private readonly encryptionKey: string,
  ) {}

  /** The cached row, fresh or not (null: deleted, undefined: never loaded). */
  cached(id: string): WebhookRow | null | undefined {
    return this.entries.get(id)?.row;
  }

  /** Every cached row. */
  *rows(): IterableIterator<WebhookRow> {
    for (const e of this.entries.values()) if (e.row) yield e.row;
  }

  /** The row, loaded again when not cached lately (null: deleted). */
  async get(id: string): Promise<WebhookRow | null> {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < FRESH_MS) return hit.row;
    await this.load([id]);
    return this.entries.get(id)!.row;
  }

  /** Caches the webhooks of a claimed batch, those not cached lately in one query. */
  async load(ids: string[]): Promise<void> {
    const now = Date.now();
    const stale = [...new Set(ids)].filter((id) => !(now - (this.entries.get(id)?.at ?? 0) < FRESH_MS));
    if (!stale.length) return;
    const prisma = this.services.db.prisma;
    const found = await prisma.webhook.findMany({ where: { id: { in: stale } } });
    // Secrets of registered formats, one read per format present in the batch.
    const secrets = new Map<string, Map<string, string>>();
    for (const kind of new Set(found.map((w) => w.kind))) {
      const format = formatOf(kind);
      if (format)
        secrets.set(kind, await format.secretsOf(prisma, [...new Set(found.filter((w) => w.kind === kind).map((w) => w.storeId))]));
    }
    if (this.entries.size > MAX_ENTRIES) this.entries.clear();
    for (const id of stale) this.entries.set(id, { at: now, row: null });
    for (const w of found) {
      const secret = decryptSecret(this.encryptionKey, secrets.get(w.kind)?.get(w.storeId) || w.signingSecretEnc);
      this.entries.set(w.id, {
        at: now,
        row: {
          id: w.id,
          storeId: w.storeId,
          kind: w.kind,
          active: w.status === "active",
          topic: w.topic,
          callbackUrl: w.callbackUrl,
          url: parseUrl(w.callbackUrl),
          origin: originOf(w.callbackUrl),
          secret,
          signingKey: signingKeyOf(secret),
          token: bearerTokenOf(this.services, w),
        },
      });
    }
  }
}
