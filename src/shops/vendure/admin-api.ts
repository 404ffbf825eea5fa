// Vendure's Admin API (GraphQL) as Retour calls it: one POST with the API key in Vendure's `vendure-api-key`
// header (the server must list "api-key" in authOptions.tokenMethod, as Vendure's API-key guide says), the
// answer read as GraphQL or named for what it is when it is not.
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopConnectionProblem, ShopCredentials } from "../connector.js";
import { addressFinding, type ShopFinding, unreachableFinding } from "../findings.js";
import { postToShop, SHOP_ANSWER_LIMIT_BYTES, SHOP_CALL_TIMEOUT_MS } from "../http.js";

/** Vendure's default header for API keys (authOptions.apiKeyHeaderKey). */
export const VENDURE_API_KEY_HEADER = "vendure-api-key";

export interface VendureGraphqlError {
  message: string;
  extensions?: { code?: string };
  path?: (string | number)[];
}

export type VendureResult<T> =
  | { ok: true; data: T | null; errors: VendureGraphqlError[] }
  | { ok: false; problem: ShopConnectionProblem; finding: ShopFinding };

const short = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 160);

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
      return { ok: false, problem: "refused_address", finding: addressFinding(url, answer.refusal) };
    case "unreachable":
      return { ok: false, problem: "unreachable", finding: unreachableFinding(url, answer.failure) };
    case "timeout":
      return {
        ok: false,
        problem: "unreachable",
        finding: { code: "SHOP_TIMEOUT", params: { url, seconds: limits.timeoutMs / 1000 } },
      };
    case "too_large":
      return {
        ok: false,
        problem: "not_admin_api",
        finding: { code: "SHOP_ANSWER_TOO_LARGE", params: { url, mb: limits.maxBytes / 1024 / 1024, platform: "Vendure" } },
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
      finding: {
        code: "SHOP_NOT_GRAPHQL",
        params: {
          url,
          status: answer.status,
          ...(answer.contentType ? { contentType: answer.contentType.split(";")[0] } : {}),
          ...(answer.text ? { answer: short(answer.text) } : {}),
          platform: "Vendure",
        },
      },
    };
  return { ok: true, data: body.data ?? null, errors: Array.isArray(body.errors) ? body.errors : [] };
}

export const isForbidden = (errors: VendureGraphqlError[]) => errors.some((e) => e.extensions?.code === "FORBIDDEN");
/** A field the server's schema does not have: another API (the Shop API, another GraphQL server). */
export const unknownField = (errors: VendureGraphqlError[]) => errors.find((e) => /Cannot query field/.test(e.message));
