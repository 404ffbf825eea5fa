// Vendure's Admin API (GraphQL) as Retour calls it: one POST with the API key in Vendure's `vendure-api-key`
// header (the server must list "api-key" in authOptions.tokenMethod, as Vendure's API-key guide says), the
// answer read as GraphQL or named for what it is when it is not.
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopConnectionProblem, ShopCredentials } from "../connector.js";
import { addressRefusalWords, failureWords, postToShop, SHOP_ANSWER_LIMIT_BYTES, SHOP_CALL_TIMEOUT_MS } from "../http.js";

/** Vendure's default header for API keys (authOptions.apiKeyHeaderKey). */
export const VENDURE_API_KEY_HEADER = "vendure-api-key";

export interface VendureGraphqlError {
  message: string;
  extensions?: { code?: string };
  path?: (string | number)[];
}

export type VendureResult<T> =
  | { ok: true; data: T | null; errors: VendureGraphqlError[] }
  | { ok: false; problem: ShopConnectionProblem; message: string };

const short = (text: string) => JSON.stringify(text.replace(/\s+/g, " ").trim().slice(0, 160));

/** One GraphQL operation on the shop's Admin API. */
export async function vendureAdmin<T>(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  query: string,
  variables: Record<string, unknown> = {},
  limits: { timeoutMs: number; maxBytes: number } = { timeoutMs: SHOP_CALL_TIMEOUT_MS, maxBytes: SHOP_ANSWER_LIMIT_BYTES },
): Promise<VendureResult<T>> {
  const url = credentials.adminApiUrl;
  const answer = await postToShop(
    policy,
    url,
    { [VENDURE_API_KEY_HEADER]: credentials.apiKey },
    JSON.stringify({ query, variables }),
    limits,
  );
  switch (answer.kind) {
    case "refused":
      return {
        ok: false,
        problem: "refused_address",
        message:
          `Retour may not call ${url}: ${addressRefusalWords(answer.refusal)} (http and private addresses are allowed only where the operator ` +
          `sets WEBHOOK_ALLOW_PRIVATE_URLS=true, as for a shop running beside Retour).`,
      };
    case "unreachable":
      return { ok: false, problem: "unreachable", message: `The shop at ${url} could not be reached (${failureWords(answer.failure)}).` };
    case "timeout":
      return {
        ok: false,
        problem: "unreachable",
        message: `The shop at ${url} did not answer within ${limits.timeoutMs / 1000} seconds.`,
      };
    case "too_large":
      return {
        ok: false,
        problem: "not_admin_api",
        message: `The answer from ${url} was larger than ${limits.maxBytes >= 1024 * 1024 ? `${limits.maxBytes / 1024 / 1024} MB` : `${Math.round(limits.maxBytes / 1024)} KB`}: not what Vendure's Admin API answers.`,
      };
  }
  let body: { data?: T | null; errors?: VendureGraphqlError[] } | null;
  try {
    body = JSON.parse(answer.text) as { data?: T | null; errors?: VendureGraphqlError[] } | null;
  } catch {
    body = null;
  }
  if (!body || typeof body !== "object" || (!("data" in body) && !Array.isArray(body.errors)))
    return {
      ok: false,
      problem: "not_admin_api",
      message:
        `${url} answered HTTP ${answer.status}${answer.contentType ? ` (${answer.contentType.split(";")[0]})` : ""}, not GraphQL: ` +
        `it is not a Vendure Admin API. The address usually ends in /admin-api.` +
        (answer.text ? ` It answered ${short(answer.text)}.` : ""),
    };
  return { ok: true, data: body.data ?? null, errors: Array.isArray(body.errors) ? body.errors : [] };
}

export const isForbidden = (errors: VendureGraphqlError[]) => errors.some((e) => e.extensions?.code === "FORBIDDEN");
/** A field the server's schema does not have: another API (the Shop API, another GraphQL server). */
export const unknownField = (errors: VendureGraphqlError[]) => errors.find((e) => /Cannot query field/.test(e.message));
