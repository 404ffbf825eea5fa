-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ShopConnection" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "platform" TEXT NOT NULL,
    "adminApiUrl" TEXT NOT NULL,
    "apiKeyEnc" TEXT NOT NULL,
    "apiKeyHint" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "syncedThrough" DATETIME,
    "syncedIds" TEXT NOT NULL DEFAULT '[]',
    "syncOwner" TEXT,
    "syncLeaseUntil" DATETIME,
    "lastSyncAt" DATETIME,
    "lastSyncError" TEXT
);
INSERT INTO "new_ShopConnection" ("adminApiUrl", "apiKeyEnc", "apiKeyHint", "createdAt", "platform", "storeId", "updatedAt") SELECT "adminApiUrl", "apiKeyEnc", "apiKeyHint", "createdAt", "platform", "storeId", "updatedAt" FROM "ShopConnection";
DROP TABLE "ShopConnection";
ALTER TABLE "new_ShopConnection" RENAME TO "ShopConnection";
CREATE INDEX "ShopConnection_syncLeaseUntil_idx" ON "ShopConnection"("syncLeaseUntil");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

