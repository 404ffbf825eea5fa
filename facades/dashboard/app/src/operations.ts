// Every GraphQL document the dashboard sends, in one place. test/unit/dashboard-operations.test.ts
// validates each against schema.graphql, so a schema change that breaks a page fails the tests.
// A new page keeps its documents beside it (pages/<page>.ops.ts) and lists them in ALL_OPERATIONS.
import { CUSTOMER_ORDERS, CUSTOMER_RETURNS, CUSTOMERS } from "./pages/customers.ops.js";
import { ATTENTION } from "./pages/attention.ops.js";
import {
  PUBLISH_RETURN_POLICY,
  RETURN_POLICY,
  RETURN_POLICY_EVALUATION,
  RETURN_POLICY_SIMULATION,
  SET_STORE_TIME_ZONE,
  UPDATE_RETURN_POLICY_DRAFT,
} from "./pages/policy.ops.js";

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

// ─── Returns ──────────────────────────────────────────────────────────────────

const MONEY = `amount currency`;
const WRAPPED = `amount { ${MONEY} }`;

const RETURN_LIST_VARS = `$storeId: ID!, $first: Int, $after: String, $filter: ReturnFilter, $sort: ReturnSort`;
const RETURN_LIST_ARGS = `storeId: $storeId, first: $first, after: $after, filter: $filter, sort: $sort`;

export const RETURNS = `query DashboardReturns(${RETURN_LIST_VARS}) {
  returns(${RETURN_LIST_ARGS}) {
    statusCounts { status count }
    nodes {
      id number type status createdAt updatedAt
      order { id name }
      source { emailAddress name { given surname } }
      items { id quantity }
      tags { name }
      totals { refund { ${WRAPPED} } storeCredit { ${WRAPPED} } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

const ORDER_ADDRESS = `firstName lastName company address1 address2 city province postalCode country phone`;

const RETURN_DETAIL_FIELDS = `id number type status createdAt updatedAt reopened allowedActions storeId
  order { id name }
  tags { name source }
  source { emailAddress phoneNumber name { given surname } mailingAddress { line1 line2 city state postalCode country } }
  items { id quantity reason reasonCode customerComment status compensation outcome productAdjustment sku title imageUrl tax { ${WRAPPED} }
    orderItem { id line_item_id }
    refund { amount { ${MONEY} } type }
    productValueNoTaxNoAdjustment { ${WRAPPED} } maxMerchantAdjustment { ${MONEY} } }
  totals { charge { ${WRAPPED} } exchange { ${WRAPPED} } refund { ${WRAPPED} } storeCredit { ${WRAPPED} } shippingFee { ${WRAPPED} } }
  shipment { carrier status tracker trackingUrl postageLabel formLabel }
  createdBy { type id name }
  timeline { id action fromStatus toStatus actor { type id name } detail at }
  comments { id message image author { type id name } createdAt }
  fullOrder { id name currency shippingAddress { ${ORDER_ADDRESS} } billingAddress { ${ORDER_ADDRESS} } items { id externalId quantity price { ${MONEY} } product { name } variant { name sku } }
    customerRecord { id email returns(first: 11) { nodes { id number status createdAt } pageInfo { hasNextPage } } } }`;

export const RETURN = `query DashboardReturn($id: ID!) {
  return(id: $id) { ${RETURN_DETAIL_FIELDS} }
}`;

const ACTION_PAYLOAD = `message return { ${RETURN_DETAIL_FIELDS} }`;

export const PROCESS_RETURN = `mutation DashboardProcessReturn($id: ID!, $items: [ProcessReturnItemInput!]!) {
  processReturn(id: $id, items: $items) { ${ACTION_PAYLOAD} }
}`;
export const FLAG_RETURN = `mutation DashboardFlagReturn($id: ID!, $reason: String) { flagReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const REJECT_RETURN = `mutation DashboardRejectReturn($id: ID!, $reason: String) { rejectReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const CANCEL_RETURN = `mutation DashboardCancelReturn($id: ID!, $reason: String) { cancelReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const RESET_RETURN = `mutation DashboardResetReturn($id: ID!, $reason: String) { resetReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const REOPEN_RETURN = `mutation DashboardReopenReturn($id: ID!) { reopenReturn(id: $id) { ${ACTION_PAYLOAD} } }`;
export const COMPLETE_RETURN = `mutation DashboardCompleteReturn($id: ID!) { completeReturn(id: $id) { ${ACTION_PAYLOAD} } }`;
export const REMOVE_RETURN_ITEMS = `mutation DashboardRemoveReturnItems($id: ID!, $itemIds: [ID!]!) { removeReturnItems(id: $id, itemIds: $itemIds) { ${ACTION_PAYLOAD} } }`;
export const ADD_RETURN_COMMENT = `mutation DashboardAddReturnComment($id: ID!, $message: String) {
  addReturnComment(id: $id, message: $message) { id message image author { type id name } createdAt }
}`;

// ─── Returns: overview, bulk actions, CSV export (issue 16, returns side) ──────

const RETURN_TAG_FIELDS = `name pillTheme returnCount`;
export const RETURN_TAGS = `query DashboardReturnTags($storeId: ID!) { returnTags(storeId: $storeId) { ${RETURN_TAG_FIELDS} } }`;
export const UPSERT_RETURN_TAG = `mutation DashboardUpsertReturnTag($storeId: ID!, $name: String!, $pillTheme: PillTheme!, $newName: String) {
  upsertReturnTag(storeId: $storeId, name: $name, pillTheme: $pillTheme, newName: $newName) { ${RETURN_TAG_FIELDS} }
}`;
export const DELETE_RETURN_TAG = `mutation DashboardDeleteReturnTag($storeId: ID!, $name: String!) { deleteReturnTag(storeId: $storeId, name: $name) }`;
export const TAG_RETURN = `mutation DashboardTagReturn($id: ID!, $names: [String!]!) { tagReturn(id: $id, names: $names) { id updatedAt tags { name source } } }`;
export const UNTAG_RETURN = `mutation DashboardUntagReturn($id: ID!, $names: [String!]!) { untagReturn(id: $id, names: $names) { id updatedAt tags { name source } } }`;

export const RETURNS_OVERVIEW = `query DashboardReturnsOverview($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) {
    from to returnCount unitCount
    byDay { day count }
    byStatus { status count }
    byReason { reason units }
    values { currency refund { ${MONEY} } storeCredit { ${MONEY} } exchange { ${MONEY} } }
    topProducts { productId title units }
  }
}`;

export const BULK_RETURN_ACTION = `mutation DashboardBulkReturnAction($ids: [ID!]!, $action: BulkReturnAction!, $reason: String) {
  bulkReturnAction(ids: $ids, action: $action, reason: $reason) { id ok message errorType return { id number status order { name } } }
}`;

export const RETURNS_CSV = `query DashboardReturnsCsv(${RETURN_LIST_VARS}) {
  returnsCsv(${RETURN_LIST_ARGS}) { csv rowCount pageInfo { hasNextPage endCursor } }
}`;

// ─── Webhooks ─────────────────────────────────────────────────────────────────

// trigger, platformId: kind `loop` only (the warehouse platform's subscriptions); status: `inactive` ones are sent nothing.
const WEBHOOK_FIELDS = `id storeId topic kind trigger status platformId externalId createdAt updatedAt callback { url auth { bearer { token } } }
  health { status failingSince lastSuccessAt consecutiveFailures }`;
const DELIVERY_FIELDS = `id webhookId subjectId subjectReturn { id number order { name } } type reason status attemptCount nextAttemptAt lastStatusCode lastError createdAt finishedAt
  event { id sequence occurredAt }
  attempts { id number at outcome statusCode latencyMs responseBody error }`;

export const WEBHOOKS = `query DashboardWebhooks($storeId: ID!) {
  webhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} }
}`;

export const WEBHOOK = `query DashboardWebhook($id: ID!, $status: String, $first: Int, $after: String) {
  webhook(id: $id) {
    ${WEBHOOK_FIELDS}
    deliveries(status: $status, first: $first, after: $after) { nodes { ${DELIVERY_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`;

export const CREATE_WEBHOOK = `mutation DashboardCreateWebhook($storeId: ID!, $input: CreateWebhookInput!) {
  createWebhook(storeId: $storeId, input: $input) { created signingSecret webhook { ${WEBHOOK_FIELDS} } }
}`;

export const UPDATE_WEBHOOK = `mutation DashboardUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(id: $id, input: $input) { ${WEBHOOK_FIELDS} }
}`;

export const DELETE_WEBHOOK = `mutation DashboardDeleteWebhook($id: ID!) { deleteWebhook(id: $id) { webhookId } }`;

export const REPLAY_WEBHOOK = `mutation DashboardReplayWebhook($id: ID!, $start: DateTime!) {
  replayWebhook(id: $id, start: $start) { webhookId deliveriesQueued }
}`;

export const RETRY_WEBHOOK_DELIVERY = `mutation DashboardRetryWebhookDelivery($id: ID!) {
  retryWebhookDelivery(id: $id) { ${DELIVERY_FIELDS} }
}`;

// The warehouse platform's subscriptions (kind `loop`): the same Webhook (its delivery log, replay and
// retry are the ones above, by Webhook.id); one signing secret per store, shown once.
const SIGNING_SECRET_REVEAL = `secret hint createdAt`;

export const WAREHOUSE_WEBHOOKS = `query DashboardWarehouseWebhooks($storeId: ID!) {
  warehouseWebhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} }
  warehouseSigningSecret(storeId: $storeId) { hint createdAt shown }
}`;

export const CREATE_WAREHOUSE_WEBHOOK = `mutation DashboardCreateWarehouseWebhook($storeId: ID!, $input: WarehouseWebhookInput!) {
  createWarehouseWebhook(storeId: $storeId, input: $input) { ${WEBHOOK_FIELDS} }
}`;

export const UPDATE_WAREHOUSE_WEBHOOK = `mutation DashboardUpdateWarehouseWebhook($storeId: ID!, $platformId: Int!, $input: WarehouseWebhookInput!) {
  updateWarehouseWebhook(storeId: $storeId, platformId: $platformId, input: $input) { ${WEBHOOK_FIELDS} }
}`;

export const DELETE_WAREHOUSE_WEBHOOK = `mutation DashboardDeleteWarehouseWebhook($storeId: ID!, $platformId: Int!) {
  deleteWarehouseWebhook(storeId: $storeId, platformId: $platformId) { webhookId }
}`;

export const REVEAL_WAREHOUSE_SIGNING_SECRET = `mutation DashboardRevealWarehouseSigningSecret($storeId: ID!) {
  revealWarehouseSigningSecret(storeId: $storeId) { ${SIGNING_SECRET_REVEAL} }
}`;

export const ROTATE_WAREHOUSE_SIGNING_SECRET = `mutation DashboardRotateWarehouseSigningSecret($storeId: ID!) {
  rotateWarehouseSigningSecret(storeId: $storeId) { ${SIGNING_SECRET_REVEAL} }
}`;

// ─── Inbound shipments ────────────────────────────────────────────────────────

const INBOUND_SUMMARY = `id shipmentId status carrier trackingNumber estimatedArrivalDate actualArrivalDate location { id name }
  skuCount itemCount receivedCount damagedCount missingCount createdAt updatedAt`;

export const INBOUND_SHIPMENTS = `query DashboardInboundShipments($storeId: ID!, $status: String, $locationId: ID, $first: Int, $after: String) {
  locations(storeId: $storeId) { id name }
  inboundShipments(storeId: $storeId, status: $status, locationId: $locationId, first: $first, after: $after) {
    nodes { ${INBOUND_SUMMARY} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const INBOUND_SHIPMENT = `query DashboardInboundShipment($storeId: ID!, $id: ID!) {
  inboundShipment(storeId: $storeId, id: $id) {
    ${INBOUND_SUMMARY} trackingUrl freightType paymentTerms customVolumeCubicMeters
    freightCost { ${MONEY} } dutyCost { ${MONEY} }
    items { id quantity receivedQuantity damagedQuantity missingQuantity discrepancy packingMode product { id title sku upc } }
    purchaseOrders { id name } transferOrders { id name }
    files { id title url contentType createdAt }
  }
}`;

// ─── Products ─────────────────────────────────────────────────────────────────

export const PRODUCT_FAMILIES = `query DashboardProductFamilies($storeId: ID!, $first: Int, $after: String) {
  productFamilies(storeId: $storeId, first: $first, after: $after) {
    nodes { id externalId title vendor kind tags updatedAt products { id sku price { ${MONEY} } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const PRODUCT_FIELDS = `id externalId sku title upc price { ${MONEY} } weight weightUnit optionValues updatedAt images { url altText }`;

export const PRODUCT_FAMILY = `query DashboardProductFamily($storeId: ID!, $id: ID!) {
  productFamily(storeId: $storeId, id: $id) {
    id externalId title description vendor kind tags createdAt updatedAt images { url altText }
    products { ${PRODUCT_FIELDS} }
  }
}`;

// ─── Invoices ─────────────────────────────────────────────────────────────────

const INVOICE_FIELDS = `id status charge { ${MONEY} } periodStart periodEnd createdAt updatedAt`;

export const INVOICES = `query DashboardInvoices($storeId: ID!) {
  invoices(storeId: $storeId) { ${INVOICE_FIELDS} }
}`;

export const INVOICE = `query DashboardInvoice($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) {
    ${INVOICE_FIELDS}
    items(first: $first, after: $after) {
      nodes { id occurredAt type description orderName returnId quantity unitAmount { ${MONEY} } amount { ${MONEY} } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const INVOICE_CSV = `query DashboardInvoiceCsv($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) { id itemsCsv(first: $first, after: $after) { csv rowCount pageInfo { hasNextPage endCursor } } }
}`;

// ─── Operations pages: inbound receiving, product edits, webhook tests ─────────

export const CREATE_LOCATION = `mutation DashboardCreateLocation($storeId: ID!, $name: String!) {
  createLocation(storeId: $storeId, name: $name) { id name }
}`;

export const CREATE_INBOUND_SHIPMENT = `mutation DashboardCreateInboundShipment($storeId: ID!, $input: InboundShipmentInput!) {
  createInboundShipment(storeId: $storeId, input: $input) { id }
}`;

export const MARK_INBOUND_IN_TRANSIT = `mutation DashboardMarkInboundInTransit($storeId: ID!, $id: ID!) {
  markInboundShipmentInTransit(storeId: $storeId, id: $id) { id status }
}`;

export const RECORD_INBOUND_RECEIPTS = `mutation DashboardRecordInboundReceipts($storeId: ID!, $id: ID!, $receipts: [InboundReceiptInput!]!) {
  recordInboundReceipts(storeId: $storeId, id: $id, receipts: $receipts) { id status receivedCount damagedCount missingCount }
}`;

/** Products to put on a new shipment (the first page; the catalogue search is the products page's). */
export const INBOUND_PRODUCT_CHOICES = `query DashboardInboundProductChoices($storeId: ID!) {
  productFamilies(storeId: $storeId, first: 100) { nodes { id title products { id sku title } } }
}`;

export const UPDATE_PRODUCT_FAMILY = `mutation DashboardUpdateProductFamily($storeId: ID!, $id: ID!, $input: ProductFamilyEditInput!) {
  updateProductFamily(storeId: $storeId, id: $id, input: $input) { id }
}`;

export const UPDATE_PRODUCT = `mutation DashboardUpdateProduct($storeId: ID!, $id: ID!, $input: ProductEditInput!) {
  updateProduct(storeId: $storeId, id: $id, input: $input) { ${PRODUCT_FIELDS} }
}`;

export const SEND_WEBHOOK_TEST_EVENT = `mutation DashboardSendWebhookTestEvent($id: ID!) {
  sendWebhookTestEvent(id: $id) { id }
}`;

// ─── Inventory ────────────────────────────────────────────────────────────────

export const INVENTORY_LEVELS = `query DashboardInventoryLevels($storeId: ID!, $locationId: ID, $sku: String, $first: Int, $after: String) {
  locations(storeId: $storeId) { id name }
  inventoryLevels(storeId: $storeId, locationId: $locationId, sku: $sku, first: $first, after: $after) {
    nodes { id quantity updatedAt location { id name } item { id sku name kind } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const INVENTORY_ITEM = `query DashboardInventoryItem($storeId: ID!, $id: ID!) {
  inventoryItem(storeId: $storeId, id: $id) {
    id sku name kind quantity createdAt updatedAt
    product { id title sku }
    locations { quantity location { id name } level { id updatedAt } }
    movements { id delta cause returnId returnItemId shipmentId shipmentItemId createdAt location { id name } }
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
};

/** Every document above and beside the pages, for the schema check. */
export const ALL_OPERATIONS: Record<string, string> = {
  CUSTOMERS,
  CUSTOMER_ORDERS,
  CUSTOMER_RETURNS,
  ATTENTION,
  RETURN_POLICY,
  UPDATE_RETURN_POLICY_DRAFT,
  SET_STORE_TIME_ZONE,
  PUBLISH_RETURN_POLICY,
  RETURN_POLICY_SIMULATION,
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
  RETURN,
  PROCESS_RETURN,
  FLAG_RETURN,
  REJECT_RETURN,
  CANCEL_RETURN,
  RESET_RETURN,
  REOPEN_RETURN,
  COMPLETE_RETURN,
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
  WEBHOOKS,
  WEBHOOK,
  CREATE_WEBHOOK,
  UPDATE_WEBHOOK,
  DELETE_WEBHOOK,
  REPLAY_WEBHOOK,
  RETRY_WEBHOOK_DELIVERY,
  WAREHOUSE_WEBHOOKS,
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
];
