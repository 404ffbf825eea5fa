-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookDelivery" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "eventId" TEXT,
    "subjectId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT 'event',
    "format" TEXT NOT NULL DEFAULT 'redo',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "DomainEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_WebhookDelivery" ("attempts", "createdAt", "eventId", "finishedAt", "id", "lastError", "lastStatusCode", "leaseExpiresAt", "leaseOwner", "nextAttemptAt", "payload", "reason", "seq", "status", "storeId", "subjectId", "type", "webhookId") SELECT "attempts", "createdAt", "eventId", "finishedAt", "id", "lastError", "lastStatusCode", "leaseExpiresAt", "leaseOwner", "nextAttemptAt", "payload", "reason", "seq", "status", "storeId", "subjectId", "type", "webhookId" FROM "WebhookDelivery";
DROP TABLE "WebhookDelivery";
ALTER TABLE "new_WebhookDelivery" RENAME TO "WebhookDelivery";
CREATE UNIQUE INDEX "WebhookDelivery_id_key" ON "WebhookDelivery"("id");
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "WebhookDelivery_webhookId_subjectId_status_seq_idx" ON "WebhookDelivery"("webhookId", "subjectId", "status", "seq");
CREATE INDEX "WebhookDelivery_webhookId_createdAt_idx" ON "WebhookDelivery"("webhookId", "createdAt");
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

