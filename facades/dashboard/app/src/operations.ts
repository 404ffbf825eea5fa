// Every GraphQL document the dashboard sends, in one place. test/unit/dashboard-operations.test.ts
// validates each against schema.graphql, so a schema change that breaks a page fails the tests.
// A new page adds its documents here.

export const LOGIN = `mutation DashboardLogin($email: String!, $password: String!) {
  login(email: $email, password: $password) { token expiresAt user { id email name } }
}`;

export const LOGOUT = `mutation DashboardLogout { logout }`;

export const VIEWER = `query DashboardViewer {
  viewer {
    __typename
    ... on StaffViewer { user { id email name } stores { id name } }
  }
}`;

// ─── Settings → Developer ─────────────────────────────────────────────────────

const API_CLIENT_FIELDS = `id name scopes legacyAllScopes secretHint createdAt lastUsedAt revokedAt`;

export const API_CLIENTS = `query DashboardApiClients($storeId: ID!) {
  store(id: $storeId) { id name createdAt }
  apiClients(storeId: $storeId) { ${API_CLIENT_FIELDS} }
}`;

export const CREATE_API_CLIENT = `mutation DashboardCreateApiClient($storeId: ID!, $input: CreateApiClientInput!) {
  createApiClient(storeId: $storeId, input: $input) { secret apiClient { ${API_CLIENT_FIELDS} } }
}`;

export const SET_API_CLIENT_SCOPES = `mutation DashboardSetApiClientScopes($id: ID!, $scopes: [Scope!]!) {
  setApiClientScopes(id: $id, scopes: $scopes) { ${API_CLIENT_FIELDS} }
}`;

export const END_API_CLIENT_LEGACY_SCOPES = `mutation DashboardEndApiClientLegacyScopes($id: ID!, $scopes: [Scope!]!) {
  endApiClientLegacyScopes(id: $id, scopes: $scopes) { ${API_CLIENT_FIELDS} }
}`;

export const REVOKE_API_CLIENT = `mutation DashboardRevokeApiClient($id: ID!) {
  revokeApiClient(id: $id) { ${API_CLIENT_FIELDS} }
}`;

// ─── Checkout routing ─────────────────────────────────────────────────────────

const EXPERIENCE_FIELDS = `id name description live createdAt updatedAt
  shippingMethods { id name carrier price { amount currency } minDays maxDays }`;

export const CHECKOUT_ROUTING = `query DashboardCheckoutRouting($storeId: ID!, $first: Int, $after: String) {
  checkoutTree(storeId: $storeId) { id position name countries experience { id name } }
  checkoutExperiences(storeId: $storeId, first: $first, after: $after) {
    nodes { ${EXPERIENCE_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const SET_CHECKOUT_TREE = `mutation DashboardSetCheckoutTree($storeId: ID!, $rules: [CheckoutRoutingRuleInput!]!) {
  setCheckoutTree(storeId: $storeId, rules: $rules) { id position name countries experience { id name } }
}`;

export const DELETE_CHECKOUT_EXPERIENCE = `mutation DashboardDeleteCheckoutExperience($storeId: ID!, $id: ID!) {
  deleteCheckoutExperience(storeId: $storeId, id: $id) { checkoutExperienceId }
}`;

// ─── A/B tests ────────────────────────────────────────────────────────────────

export const AB_TESTS = `query DashboardAbTests($storeId: ID!, $includeDeleted: Boolean) {
  checkoutAbTests(storeId: $storeId, includeDeleted: $includeDeleted) {
    totalCount
    abTests { id name description active isConcluded concludedToControl startDate endDate deleted createdAt
      treatments { name weight isControl isWinner } }
  }
}`;

export const AB_TEST = `query DashboardAbTest($storeId: ID!, $id: ID!) {
  checkoutAbTest(storeId: $storeId, id: $id) {
    id name description active isConcluded concludedToControl startDate endDate deleted createdAt
    treatments { name weight isControl isWinner }
  }
}`;

/** Every document above, for the schema check. */
export const ALL_OPERATIONS: Record<string, string> = {
  LOGIN, LOGOUT, VIEWER, API_CLIENTS, CREATE_API_CLIENT, SET_API_CLIENT_SCOPES, END_API_CLIENT_LEGACY_SCOPES, REVOKE_API_CLIENT,
  CHECKOUT_ROUTING, SET_CHECKOUT_TREE, DELETE_CHECKOUT_EXPERIENCE, AB_TESTS, AB_TEST,
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
];
