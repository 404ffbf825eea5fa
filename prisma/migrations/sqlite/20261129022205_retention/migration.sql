-- CreateTable
CREATE TABLE "MaintenanceLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastStartedAt" DATETIME,
    "lastFinishedAt" DATETIME,
    "lastResult" TEXT,
    "expiredFrom" DATETIME,
    "recentFrom" DATETIME
);

-- CreateIndex
CREATE INDEX "StaffSession_expiresAt_idx" ON "StaffSession"("expiresAt");

-- CreateIndex
CREATE INDEX "DomainEvent_occurredAt_id_idx" ON "DomainEvent"("occurredAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_finishedAt_idx" ON "WebhookDelivery"("finishedAt");

-- CreateIndex
CREATE INDEX "EmailMessage_status_updatedAt_idx" ON "EmailMessage"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "DraftReturn_state_expiresAt_idx" ON "DraftReturn"("state", "expiresAt");

-- CreateIndex
CREATE INDEX "DraftReturn_state_updatedAt_idx" ON "DraftReturn"("state", "updatedAt");

-- CreateIndex
CREATE INDEX "DraftReturn_storeId_state_idx" ON "DraftReturn"("storeId", "state");

