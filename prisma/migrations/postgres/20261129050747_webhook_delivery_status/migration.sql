-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_status_createdAt_idx" ON "WebhookDelivery"("webhookId", "status", "createdAt");

