-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN "platformPayload" TEXT;
ALTER TABLE "DomainEvent" ADD COLUMN "platformTriggers" TEXT;

-- CreateTable
CREATE TABLE "WarehouseAccount" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "shopId" INTEGER NOT NULL,
    "secretEnc" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "secretShownAt" DATETIME,
    "secretCreatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Webhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'redo',
    "externalId" TEXT,
    "callbackUrl" TEXT NOT NULL,
    "authTokenEnc" TEXT,
    "signingSecretEnc" TEXT NOT NULL,
    "trigger" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "platformId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Webhook" ("authTokenEnc", "callbackUrl", "createdAt", "externalId", "id", "kind", "signingSecretEnc", "storeId", "topic", "updatedAt") SELECT "authTokenEnc", "callbackUrl", "createdAt", "externalId", "id", "kind", "signingSecretEnc", "storeId", "topic", "updatedAt" FROM "Webhook";
DROP TABLE "Webhook";
ALTER TABLE "new_Webhook" RENAME TO "Webhook";
CREATE INDEX "Webhook_storeId_createdAt_idx" ON "Webhook"("storeId", "createdAt");
CREATE UNIQUE INDEX "Webhook_storeId_externalId_key" ON "Webhook"("storeId", "externalId");
CREATE UNIQUE INDEX "Webhook_storeId_platformId_key" ON "Webhook"("storeId", "platformId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseAccount_shopId_key" ON "WarehouseAccount"("shopId");

