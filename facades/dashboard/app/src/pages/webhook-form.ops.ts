// The GraphQL documents of pages/webhook-form.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { WEBHOOK_FIELDS } from "../fragments.js";

export const CREATE_WEBHOOK = `mutation DashboardCreateWebhook($storeId: ID!, $input: CreateWebhookInput!) {
  createWebhook(storeId: $storeId, input: $input) { created signingSecret webhook { ${WEBHOOK_FIELDS} } }
}`;

export const UPDATE_WEBHOOK = `mutation DashboardUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
  updateWebhook(id: $id, input: $input) { ${WEBHOOK_FIELDS} }
}`;
