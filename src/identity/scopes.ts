// The scope catalogue (mirrors `enum Scope` in schema.graphql, checked at start-up): the permissions, which
// "all scopes" grants, and the storefront mode, which a key is given on purpose (it changes how the key acts).
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
  "gift_cards_read",
  "gift_cards_write",
  "shop_read",
  "shop_write",
] as const;

/** Every scope a key may hold: the permissions and the storefront mode (src/drafts/session.ts). */
export const KNOWN_SCOPES = [...ALL_SCOPES, "draft_returns_storefront"] as const;

export type Scope = (typeof KNOWN_SCOPES)[number];

export function parseScopes(text: string): Scope[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is Scope => (KNOWN_SCOPES as readonly string[]).includes(s));
}
