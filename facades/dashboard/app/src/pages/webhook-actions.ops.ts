// The GraphQL documents of pages/webhook-actions.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { DELIVERY_FIELDS } from "../fragments.js";

export const REPLAY_WEBHOOK = `mutation DashboardReplayWebhook($id: ID!, $start: DateTime!) {
  replayWebhook(id: $id, start: $start) { webhookId deliveriesQueued }
}`;

export const RETRY_WEBHOOK_DELIVERY = `mutation DashboardRetryWebhookDelivery($id: ID!) {
  retryWebhookDelivery(id: $id) { ${DELIVERY_FIELDS} }
}`;

export const SEND_WEBHOOK_TEST_EVENT = `mutation DashboardSendWebhookTestEvent($id: ID!) {
  sendWebhookTestEvent(id: $id) { id }
}`;
