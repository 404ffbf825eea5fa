// The portal's only way to the service: POST /graphql, with the shopper session's token (kept in
// sessionStorage, per store, so it ends with the tab). Refusals keep the core's message, the field it names and
// the refusal as data (a code and its parameters), which the page words in the shopper's language.
import type { DecisionIn } from "./decisions";

/** The core's refusal as data (src/drafts/refusals.ts): worded by the catalogue's `refusal.<code>`. */
export interface RefusalIn {
  code: string;
  params: Record<string, string | number>;
}
export interface Problem {
  field: string;
  detail: string;
  refusal?: RefusalIn;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field: string | null = null,
    readonly type: string | null = null,
    readonly problems: Problem[] = [],
    readonly refusal: RefusalIn | null = null,
  ) {
    super(message);
  }
}

const KEY = (handle: string) => `retour.portal.${handle}`;
export const session = {
  get: (handle: string): string | null => sessionStorage.getItem(KEY(handle)),
  set: (handle: string, token: string) => sessionStorage.setItem(KEY(handle), token),
  clear: (handle: string) => sessionStorage.removeItem(KEY(handle)),
};

/** The core's words without its API spellings (`input.answer`, item paths): the field is shown by the page instead. */
export function plain(message: string): string {
  const text = message
    .replace(/`[^`]*`\s*:?\s*/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text ? text[0].toUpperCase() + text.slice(1) : message;
}

/** What the core's error extensions may carry (each read is checked before use). */
interface ErrorExtensions {
  code?: string;
  type?: string;
  field?: unknown;
  problems?: unknown;
  refusal?: { code?: unknown } | null;
}

export async function gql<T>(query: string, variables: Record<string, unknown>, token: string | null): Promise<T> {
  let res: Response;
  try {
    res = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ApiError("", "NETWORK");
  }
  let body: { data?: T; errors?: { message: string; extensions?: ErrorExtensions }[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError("", "NETWORK");
  }
  const first = body.errors?.[0];
  if (first) {
    const x = first.extensions ?? {};
    const problems = Array.isArray(x.problems) ? x.problems : [];
    const refusal = x.refusal && typeof x.refusal.code === "string" ? (x.refusal as RefusalIn) : null;
    throw new ApiError(first.message, x.code ?? "ERROR", typeof x.field === "string" ? x.field : null, x.type ?? null, problems, refusal);
  }
  return body.data as T;
}

const M = "{ amount currency }";
const OFFER = `{ outcome value ${M} fees ${M} bonus ${M} total ${M} }`;
export const DRAFT = `{ id state orderName currency allowedActions returnMethod statusPath
  items { id lineItemId title quantity reasonCode answer photos outcome exchangeSku offers ${OFFER} }
  lines { lineItemId title variantTitle quantity unitPrice ${M} returnableQuantity decision { code rule name params { name value } } exchangeVariants { sku title inStock } exchangeStock }
  reasons { code label question photoRequired }
  totals { returnTotal ${M} fees ${M} bonus ${M} refund ${M} storeCredit ${M} exchange ${M} }
  shipping { method carrier trackingNumber dropOffCode } }`;

export const OPEN = `mutation Open($store: ID!, $input: DraftLookupInput!) { openShopperSession(store: $store, input: $input) { token } }`;
export const READ = `query Draft { draftReturn ${DRAFT} }`;
export const ADD = `mutation Add($input: DraftItemInput!) { addDraftReturnItem(input: $input) ${DRAFT} }`;
export const REMOVE = `mutation Remove($item: ID!) { removeDraftReturnItem(itemId: $item) ${DRAFT} }`;
export const UPDATE = `mutation Update($item: ID!, $input: DraftItemUpdateInput!) { updateDraftReturnItem(itemId: $item, input: $input) ${DRAFT} }`;
export const PHOTO = `mutation Photo($item: ID!, $content: String!) { addDraftReturnPhoto(itemId: $item, contentBase64: $content) ${DRAFT} }`;
export const FINALIZE = `mutation Finalize { finalizeDraftReturnItems ${DRAFT} }`;
export const METHOD = `mutation Method($method: DraftReturnMethod!) { setDraftReturnMethod(method: $method) ${DRAFT} }`;
export const SUBMIT = `mutation Submit { submitDraftReturn ${DRAFT} }`;
export const STATUS = `query Status($handle: String!, $token: String!) { returnStatusPage(handle: $handle, token: $token) {
  returnNumber orderName status createdAt timeZone timeline { kind at }
  items { title variantTitle quantity reason reasonCode outcome exchangeTitle }
  shipping { method carrier trackingNumber labelPdfBase64 dropOffCode dropOffQrPngBase64 }
  returnAddress { name line1 line2 city state postalCode country lines }
  refund ${M} storeCredit ${M} refundState creditState } }`;

export interface Money {
  amount: string;
  currency: string;
}
export interface Offer {
  outcome: string;
  value: Money;
  fees: Money;
  bonus: Money;
  total: Money;
}
export interface Line {
  lineItemId: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  unitPrice: Money;
  returnableQuantity: number;
  /** Why not, or until when: a code the portal words in the shopper's language (./decisions.ts). */
  decision: DecisionIn | null;
  exchangeVariants: { sku: string; title: string; inStock: boolean }[];
  /** Whose stock inStock reads: shop_unavailable when the connected shop did not answer. */
  exchangeStock: "retour" | "shop" | "shop_unavailable" | null;
}
export interface Item {
  id: string;
  lineItemId: string;
  title: string;
  quantity: number;
  reasonCode: string | null;
  answer: string | null;
  photos: string[];
  outcome: string | null;
  exchangeSku: string | null;
  offers: Offer[];
}
export interface Draft {
  id: string;
  state: string;
  orderName: string;
  currency: string;
  allowedActions: string[];
  returnMethod: string | null;
  statusPath: string | null;
  items: Item[];
  lines: Line[];
  reasons: { code: string; label: string; question: string | null; photoRequired: boolean }[];
  totals: { returnTotal: Money; fees: Money; bonus: Money; refund: Money; storeCredit: Money; exchange: Money };
  shipping: { method: string; carrier: string | null; trackingNumber: string | null; dropOffCode: string | null } | null;
}
export interface Address {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string;
  /** By the country's convention (the core's), the country left out: named in the shopper's language here. */
  lines: string[];
}
export interface Portal {
  handle: string;
  displayName: string;
  logoUrl: string | null;
  accentColor: string;
  languages: string[];
  lookupMethod: "email" | "postal_code" | "either";
  returnMethods: string[];
  returnAddress: Address | null;
}
