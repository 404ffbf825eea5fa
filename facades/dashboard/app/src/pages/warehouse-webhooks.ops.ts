// The GraphQL documents of pages/warehouse-webhooks.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { WEBHOOK_FIELDS } from "../fragments.js";

// The warehouse platform's subscriptions (kind `loop`): the same Webhook (its delivery log, replay and
// retry are the ones above, by Webhook.id); one signing secret per store, shown once.
const SIGNING_SECRET_REVEAL = `secret hint createdAt`;

export const WAREHOUSE_WEBHOOKS = `query DashboardWarehouseWebhooks($storeId: ID!) {
  warehouseWebhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} }
  warehouseSigningSecret(storeId: $storeId) { hint createdAt shown }
}`;

/** The topics and triggers the form offers: the core's table, not a copy. */
export const WAREHOUSE_WEBHOOK_TOPICS = `query DashboardWarehouseWebhookTopics { warehouseWebhookTopics { topic triggers } }`;

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
