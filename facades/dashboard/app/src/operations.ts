// Every GraphQL document the dashboard sends, listed in one place (ALL_OPERATIONS): each page keeps
// its documents beside it (pages/<page>.ops.ts; selections several pages share in fragments.ts), and
// test/unit/dashboard-operations.test.ts validates each against schema.graphql, so a schema change
// that breaks a page fails the tests. Here only the shell's own (login, logout, viewer).
import { CUSTOMER_ORDERS, CUSTOMER_RETURNS, CUSTOMERS } from "./pages/customers.ops.js";
import { CUSTOMER_GIFT_CARDS } from "./pages/customer-credit.ops.js";
import { ATTENTION } from "./pages/attention.ops.js";
import { AB_TEST, AB_TESTS } from "./pages/ab-tests.ops.js";
import { CHECKOUT_ROUTING, DELETE_CHECKOUT_EXPERIENCE, SET_CHECKOUT_TREE } from "./pages/checkout.ops.js";
import {
  API_CLIENTS,
  CREATE_API_CLIENT,
  END_API_CLIENT_LEGACY_SCOPES,
  REVOKE_API_CLIENT,
  SET_API_CLIENT_SCOPES,
} from "./pages/developer.ops.js";
import { CREATE_INBOUND_SHIPMENT, CREATE_LOCATION, INBOUND_PRODUCT_CHOICES, RECORD_INBOUND_RECEIPTS } from "./pages/inbound-forms.ops.js";
import { INBOUND_SHIPMENT, INBOUND_SHIPMENTS, MARK_INBOUND_IN_TRANSIT } from "./pages/inbound.ops.js";
import { INVENTORY_ITEM, INVENTORY_LEVELS } from "./pages/inventory.ops.js";
import { INVOICE, INVOICES, INVOICE_CSV } from "./pages/invoices.ops.js";
import { RETURNS_OVERVIEW } from "./pages/overview.ops.js";
import { PRODUCT_FAMILIES, PRODUCT_FAMILY, UPDATE_PRODUCT, UPDATE_PRODUCT_FAMILY } from "./pages/products.ops.js";
import {
  CANCEL_RETURN,
  COMPLETE_RETURN,
  DELIVER_RETURN,
  FLAG_RETURN,
  PROCESS_RETURN,
  REJECT_RETURN,
  REMOVE_RETURN_ITEMS,
  REOPEN_RETURN,
  RESET_RETURN,
} from "./pages/return-actions.ops.js";
import { ADD_RETURN_COMMENT, RETURN } from "./pages/return-page.ops.js";
import { RETRY_RETURN_LEDGER_ENTRY } from "./pages/return-ledger.ops.js";
import { DELETE_RETURN_TAG, RETURN_TAGS, TAG_RETURN, UNTAG_RETURN, UPSERT_RETURN_TAG } from "./pages/return-tags.ops.js";
import { BULK_RETURN_ACTION, RETURN_STATUSES, RETURNS, RETURNS_CSV } from "./pages/returns.ops.js";
import {
  CREATE_WAREHOUSE_WEBHOOK,
  DELETE_WAREHOUSE_WEBHOOK,
  REVEAL_WAREHOUSE_SIGNING_SECRET,
  ROTATE_WAREHOUSE_SIGNING_SECRET,
  UPDATE_WAREHOUSE_WEBHOOK,
  WAREHOUSE_WEBHOOKS,
  WAREHOUSE_WEBHOOK_TOPICS,
} from "./pages/warehouse-webhooks.ops.js";
import { REPLAY_WEBHOOK, RETRY_WEBHOOK_DELIVERY, SEND_WEBHOOK_TEST_EVENT } from "./pages/webhook-actions.ops.js";
import { CREATE_WEBHOOK, UPDATE_WEBHOOK } from "./pages/webhook-form.ops.js";
import { DELETE_WEBHOOK, WEBHOOK, WEBHOOKS } from "./pages/webhooks.ops.js";
import {
  PUBLISH_RETURN_POLICY,
  RETURN_POLICY,
  RETURN_POLICY_EVALUATION,
  START_POLICY_SIMULATION,
  POLICY_SIMULATION_RUN,
  CANCEL_POLICY_SIMULATION,
  SET_STORE_TIME_ZONE,
  UPDATE_RETURN_POLICY_DRAFT,
} from "./pages/policy.ops.js";
import { EMAIL_OUTBOX, PORTAL_SETTINGS, UPDATE_PORTAL_SETTINGS } from "./pages/portal.ops.js";
import {
  IMPORT_SHOP_ORDERS,
  REMOVE_SHOP_CONNECTION,
  SET_SHOP_CONNECTION,
  SHOP_CONNECTION,
  TEST_SHOP_CONNECTION,
} from "./pages/shop.ops.js";

export const LOGIN = `mutation DashboardLogin($email: String!, $password: String!) {
  login(email: $email, password: $password) { token expiresAt user { id email name } }
}`;

export const LOGOUT = `mutation DashboardLogout { logout }`;

export const VIEWER = `query DashboardViewer {
  viewer {
    __typename
    ... on StaffViewer { user { id email name } stores { id name timeZone } }
  }
}`;

const OPERATIONS_PAGES: Record<string, string> = {
  INVENTORY_LEVELS,
  INVENTORY_ITEM,
  CREATE_LOCATION,
  CREATE_INBOUND_SHIPMENT,
  MARK_INBOUND_IN_TRANSIT,
  RECORD_INBOUND_RECEIPTS,
  INBOUND_PRODUCT_CHOICES,
  UPDATE_PRODUCT_FAMILY,
  UPDATE_PRODUCT,
  SEND_WEBHOOK_TEST_EVENT,
  PORTAL_SETTINGS,
  UPDATE_PORTAL_SETTINGS,
  EMAIL_OUTBOX,
  SHOP_CONNECTION,
  SET_SHOP_CONNECTION,
  REMOVE_SHOP_CONNECTION,
  TEST_SHOP_CONNECTION,
  IMPORT_SHOP_ORDERS,
};

/** Every document above and beside the pages, for the schema check. */
export const ALL_OPERATIONS: Record<string, string> = {
  CUSTOMERS,
  CUSTOMER_ORDERS,
  CUSTOMER_RETURNS,
  CUSTOMER_GIFT_CARDS,
  ATTENTION,
  RETURN_POLICY,
  UPDATE_RETURN_POLICY_DRAFT,
  SET_STORE_TIME_ZONE,
  PUBLISH_RETURN_POLICY,
  START_POLICY_SIMULATION,
  POLICY_SIMULATION_RUN,
  CANCEL_POLICY_SIMULATION,
  RETURN_POLICY_EVALUATION,
  LOGIN,
  LOGOUT,
  VIEWER,
  API_CLIENTS,
  CREATE_API_CLIENT,
  SET_API_CLIENT_SCOPES,
  END_API_CLIENT_LEGACY_SCOPES,
  REVOKE_API_CLIENT,
  CHECKOUT_ROUTING,
  SET_CHECKOUT_TREE,
  DELETE_CHECKOUT_EXPERIENCE,
  AB_TESTS,
  AB_TEST,
  RETURNS,
  RETURN_STATUSES,
  RETURN,
  PROCESS_RETURN,
  FLAG_RETURN,
  REJECT_RETURN,
  CANCEL_RETURN,
  RESET_RETURN,
  REOPEN_RETURN,
  COMPLETE_RETURN,
  DELIVER_RETURN,
  REMOVE_RETURN_ITEMS,
  ADD_RETURN_COMMENT,
  RETURNS_OVERVIEW,
  BULK_RETURN_ACTION,
  RETURNS_CSV,
  RETURN_TAGS,
  UPSERT_RETURN_TAG,
  DELETE_RETURN_TAG,
  TAG_RETURN,
  UNTAG_RETURN,
  RETRY_RETURN_LEDGER_ENTRY,
  WEBHOOKS,
  WEBHOOK,
  CREATE_WEBHOOK,
  UPDATE_WEBHOOK,
  DELETE_WEBHOOK,
  REPLAY_WEBHOOK,
  RETRY_WEBHOOK_DELIVERY,
  WAREHOUSE_WEBHOOKS,
  WAREHOUSE_WEBHOOK_TOPICS,
  CREATE_WAREHOUSE_WEBHOOK,
  UPDATE_WAREHOUSE_WEBHOOK,
  DELETE_WAREHOUSE_WEBHOOK,
  REVEAL_WAREHOUSE_SIGNING_SECRET,
  ROTATE_WAREHOUSE_SIGNING_SECRET,
  INBOUND_SHIPMENTS,
  INBOUND_SHIPMENT,
  PRODUCT_FAMILIES,
  PRODUCT_FAMILY,
  INVOICES,
  INVOICE,
  INVOICE_CSV,
  ...OPERATIONS_PAGES,
};

/** Mirrors `enum Scope` (the schema check asserts they agree), with labels for the scope checkboxes. */
export const SCOPES: { name: string; label: string }[] = [
  { name: "checkout_read", label: "Checkout: read" },
  { name: "checkout_write", label: "Checkout: write" },
  { name: "orders_read", label: "Orders: read" },
  { name: "orders_write", label: "Orders: write" },
  { name: "returns_read", label: "Returns: read" },
  { name: "returns_write", label: "Returns: write" },
  { name: "products_write", label: "Products: write" },
  { name: "inbound_shipments_read", label: "Inbound shipments: read" },
  { name: "invoices_read", label: "Invoices: read" },
  { name: "webhooks_read", label: "Webhooks: read" },
  { name: "webhooks_write", label: "Webhooks: write" },
  { name: "customers_read", label: "Customers: read" },
  { name: "customers_write", label: "Customers: write" },
  { name: "inventory_read", label: "Inventory: read" },
  { name: "policy_read", label: "Return policy: read" },
  { name: "policy_write", label: "Return policy: write" },
  { name: "portal_read", label: "Returns portal and shopper emails: read" },
  { name: "portal_write", label: "Returns portal: write" },
  { name: "draft_returns_read", label: "Draft returns: read" },
  { name: "draft_returns_write", label: "Draft returns: write" },
  { name: "gift_cards_read", label: "Store credit: read a gift card's balance and history" },
  { name: "gift_cards_write", label: "Store credit: redeem gift cards, reverse redemptions" },
  { name: "shop_read", label: "Shop connection: read (never the key)" },
  { name: "shop_write", label: "Shop connection: set, remove and test" },
  // With the two above: the key acts for shoppers and must send each draft's shopper token.
  { name: "draft_returns_storefront", label: "Draft returns: storefront (acts for shoppers, with their token)" },
];
