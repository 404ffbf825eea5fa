// Fixtures for the warehouse compat suites: orders and returns made through REST, then driven
// through /api/v1/warehouse with the platform's header (responses validated against its OpenAPI).
import { expect } from "vitest";
import type { TestService } from "./server.js";
import { pushOrder, returnBody } from "./orders.js";

export const W = "/api/v1/warehouse";
export const NOT_FOUND = { errors: { message: "No return found with this ID." } };
export const DETAILS_NOT_FOUND = { error: { message: "No return found with this ID." } };
export const UNAUTHORIZED = { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } };
export const FORBIDDEN = { error: { code: "403", http_code: "GEN-FORBIDDEN", message: "Forbidden." } };
export const unprocessable = (state: string, code = "UNPROCESSABLE_RETURN") => ({
  errors: { message: `Return is ${state} and therefore cannot be processed.`, code },
});

export interface CompatFixture {
  /** Our return id (service_id). */
  id: string;
  compatId: number;
  orderName: string;
  orderExternalId: string;
  orderInternalId: string;
  /** Return item ids (line_items[].line_item_id) and the order's line-item ids. */
  itemIds: string[];
  lineItemIds: string[];
}

let n = 0;

export function compatClient(svc: TestService, key: string) {
  const headers = { "x-authorization": key };
  return {
    get: (path: string, extra: Record<string, string> = {}) => svc.http.get(W + path, { headers: { ...headers, ...extra } }),
    post: (path: string, body?: unknown, extra: Record<string, string> = {}) =>
      svc.http.post(W + path, body, { headers: { ...headers, ...extra } }),
    /** GET of an absolute URL (a nextPageUrl), validated like the rest. */
    getUrl: (url: string) => {
      const u = new URL(url);
      return svc.http.get(u.pathname + u.search, { headers });
    },
  };
}

/** A fresh order (named `#C<n>…`) and a return of `items` of its lines (default: one unit of each of two lines). */
export async function compatReturn(
  svc: TestService,
  storeId: string,
  secret: string,
  opts: { lines?: number; orderName?: string; existing?: CompatFixture; compensation?: string } = {},
): Promise<CompatFixture> {
  const lines = opts.lines ?? 2;
  let order: { externalId: string; name: string; internalId: string; lineItems: { id: string; quantity: number }[] };
  if (opts.existing) {
    order = {
      externalId: opts.existing.orderExternalId,
      name: opts.existing.orderName,
      internalId: opts.existing.orderInternalId,
      lineItems: opts.existing.lineItemIds.map((id) => ({ id, quantity: 2 })),
    };
  } else {
    const tag = `${Date.now().toString(36)}${++n}`;
    order = await pushOrder(svc.http, storeId, secret, {
      id: `C-${tag}`,
      name: opts.orderName ?? `#C${tag}`,
      lines: Array.from({ length: lines }, (_, i) => ({ id: `C-${tag}-${i + 1}`, quantity: 2, price: "40.00" })),
    });
  }
  const body = returnBody(
    order,
    order.lineItems.slice(0, lines).map((l) => ({ lineItemId: l.id, quantity: 1 })),
  );
  if (opts.compensation) body.data.items = body.data.items.map((i: any) => ({ ...i, compensation: opts.compensation }));
  const res = await svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: secret });
  expect(res.status, res.text).toBe(201);
  const ret = res.body.return;
  const g = await svc.http.graphql(`query($id: ID!) { return(id: $id) { compatId } }`, { id: ret.id }, secret);
  expect(g.errors).toBeUndefined();
  return {
    id: ret.id,
    compatId: g.data.return.compatId,
    orderName: order.name,
    orderExternalId: order.externalId,
    orderInternalId: order.internalId,
    itemIds: ret.items.map((i: any) => i.id),
    lineItemIds: order.lineItems.map((l) => l.id),
  };
}

/** The four ways of naming a return (plus the variants of two of them), as path segment + query. */
export const NAMINGS: [string, (f: CompatFixture) => { id: string; query: string }][] = [
  ["compat id in the path", (f) => ({ id: String(f.compatId), query: "" })],
  ["0 + service_return_id", (f) => ({ id: "0", query: `service_return_id=${encodeURIComponent(f.id)}` })],
  ["0 + order_name", (f) => ({ id: "0", query: `order_name=${encodeURIComponent(f.orderName)}` })],
  ["0 + order_name without #", (f) => ({ id: "0", query: `order_name=${encodeURIComponent(f.orderName.replace(/^#/, ""))}` })],
  ["0 + order_id (platform id)", (f) => ({ id: "0", query: `order_id=${encodeURIComponent(f.orderExternalId)}` })],
  ["0 + order_id (our id)", (f) => ({ id: "0", query: `order_id=${encodeURIComponent(f.orderInternalId)}` })],
];

/** Ways of naming nothing that exists. */
export const UNKNOWN_NAMINGS: [string, { id: string; query: string }][] = [
  ["an unknown compat id", { id: "987654321", query: "" }],
  ["a compat id beyond 32 bits", { id: "99999999999", query: "" }],
  ["0 + unknown service_return_id", { id: "0", query: "service_return_id=ret_nope" }],
  ["0 + unknown order_name", { id: "0", query: "order_name=%23nope" }],
  ["0 + unknown order_id", { id: "0", query: "order_id=nope" }],
  ["0 and nothing else", { id: "0", query: "" }],
];

export async function statusOf(svc: TestService, secret: string, id: string): Promise<string> {
  const g = await svc.http.graphql(`query($id: ID!) { return(id: $id) { status } }`, { id }, secret);
  return g.data.return.status;
}
