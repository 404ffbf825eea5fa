// The scope catalogue (mirrors `enum Scope` in schema.graphql, checked at start-up).
export const ALL_SCOPES = [
  "checkout_read",
  "checkout_write",
  "orders_read",
  "orders_write",
  "returns_read",
  "returns_write",
  "products_write",
  "inbound_shipments_read",
  "invoices_read",
  "webhooks_read",
  "webhooks_write",
  "customers_read",
  "customers_write",
  "inventory_read",
  "policy_read",
  "policy_write",
  "portal_read",
  "portal_write",
  "draft_returns_read",
  "draft_returns_write",
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export function parseScopes(text: string): Scope[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is Scope => (ALL_SCOPES as readonly string[]).includes(s));
}
