// Every call Retour makes to a shop's Admin API goes through here: the URL passes the outbound guard of webhook
// callbacks (src/webhooks/ssrf.ts: https and a public address, checked again at DNS lookup; a private address only
// where the operator allows it, WEBHOOK_ALLOW_PRIVATE_URLS=true), redirects are never followed, and the answer is
// bounded in time (SHOP_CALL_TIMEOUT_MS for the whole exchange) and size (SHOP_ANSWER_LIMIT_BYTES, read no further).
import { Agent, errors as undiciErrors } from "undici";
import { BlockedAddressError, connectRefusal, guardedLookup, type UrlPolicy } from "../webhooks/ssrf.js";

/** The longest a shop may take to answer one call, connection included. */
export const SHOP_CALL_TIMEOUT_MS = 15_000;
/** The most of one answer Retour reads: a page of orders is far below it. */
export const SHOP_ANSWER_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Why Retour does not call the shop's address, as a code: not an absolute URL, not https, or a non-public address
 * (`host`, and the `address` the name resolves to; null when the host is that address).
 */
export type AddressRefusal =
  | { reason: "NOT_ABSOLUTE" }
  | { reason: "NOT_HTTPS" }
  | { reason: "NON_PUBLIC"; host: string; address: string | null };

/** The system's own account of a failed connection: its error code (ECONNREFUSED), when it has one, and message. */
export interface ConnectionFailure {
  code: string | null;
  message: string;
}

/** How a call ended: the shop answered (any status), or it did not. */
export type ShopAnswer =
  | { kind: "answered"; status: number; contentType: string; text: string }
  | { kind: "refused"; refusal: AddressRefusal }
  | { kind: "unreachable"; failure: ConnectionFailure }
  | { kind: "timeout" }
  | { kind: "too_large" };

const agents = new Map<boolean, Agent>();

function agentFor(policy: UrlPolicy): Agent {
  let agent = agents.get(policy.allowPrivateUrls);
  if (!agent) {
    const lookup = guardedLookup(policy);
    agent = new Agent({ connections: 4, ...(lookup ? { connect: { lookup } } : {}) });
    agents.set(policy.allowPrivateUrls, agent);
  }
  return agent;
}

function causeOf(err: unknown): NodeJS.ErrnoException {
  let e = err as NodeJS.ErrnoException & { cause?: unknown };
  while (e?.cause && typeof e.cause === "object") e = e.cause as NodeJS.ErrnoException & { cause?: unknown };
  return e;
}

/** POSTs a JSON body to the shop; headers may hold its credential (never logged, never part of an answer). */
export async function postToShop(
  policy: UrlPolicy,
  url: string,
  headers: Record<string, string>,
  body: string,
  limits: { timeoutMs: number; maxBytes: number } = { timeoutMs: SHOP_CALL_TIMEOUT_MS, maxBytes: SHOP_ANSWER_LIMIT_BYTES },
): Promise<ShopAnswer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: "refused", refusal: { reason: "NOT_ABSOLUTE" } };
  }
  const refused = connectRefusal(target, policy);
  if (refused) return { kind: "refused", refusal: refused.reason === "NON_PUBLIC" ? { ...refused, address: null } : refused };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const res = await agentFor(policy).request({
      origin: target.origin,
      path: target.pathname + target.search,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body,
      signal,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        res.body.destroy();
        return { kind: "too_large" };
      }
      chunks.push(chunk);
    }
    const type = res.headers["content-type"];
    return {
      kind: "answered",
      status: res.statusCode,
      contentType: Array.isArray(type) ? type.join(",") : (type ?? ""),
      text: Buffer.concat(chunks).toString("utf8"),
    };
  } catch (err) {
    if (signal.aborted) return { kind: "timeout" };
    const cause = causeOf(err);
    if (cause instanceof BlockedAddressError)
      return { kind: "refused", refusal: { reason: "NON_PUBLIC", host: cause.host, address: cause.address } };
    if (err instanceof undiciErrors.RequestAbortedError) return { kind: "timeout" };
    return { kind: "unreachable", failure: { code: cause?.code ?? null, message: String(cause?.message ?? err) } };
  }
}
