// The GraphQL documents of pages/webhooks.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { DELIVERY_FIELDS, WEBHOOK_FIELDS } from "../fragments.js";

export const WEBHOOKS = `query DashboardWebhooks($storeId: ID!) {
  webhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} }
}`;

export const WEBHOOK = `query DashboardWebhook($id: ID!, $status: String, $first: Int, $after: String) {
  webhook(id: $id) {
    ${WEBHOOK_FIELDS}
    deliveries(status: $status, first: $first, after: $after) { nodes { ${DELIVERY_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`;

export const DELETE_WEBHOOK = `mutation DashboardDeleteWebhook($id: ID!) { deleteWebhook(id: $id) { webhookId } }`;
