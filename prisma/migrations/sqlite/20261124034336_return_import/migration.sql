-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Return" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "orderId" TEXT,
    "type" TEXT NOT NULL DEFAULT 'return',
    "status" TEXT NOT NULL,
    "shippingAddress" TEXT,
    "label" TEXT,
    "notes" TEXT,
    "createdByType" TEXT NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT,
    "reopened" BOOLEAN NOT NULL DEFAULT false,
    "compatId" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "externalReferenceId" TEXT,
    "currency" TEXT,
    "merchantAddress" TEXT,
    "customer" TEXT,
    "importKey" TEXT,
    "importHash" TEXT,
    CONSTRAINT "Return_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Return" ("compatId", "createdAt", "createdById", "createdByName", "createdByType", "id", "label", "notes", "orderId", "reopened", "shippingAddress", "status", "storeId", "type", "updatedAt", "version") SELECT "compatId", "createdAt", "createdById", "createdByName", "createdByType", "id", "label", "notes", "orderId", "reopened", "shippingAddress", "status", "storeId", "type", "updatedAt", "version" FROM "Return";
DROP TABLE "Return";
ALTER TABLE "new_Return" RENAME TO "Return";
CREATE INDEX "Return_storeId_createdAt_idx" ON "Return"("storeId", "createdAt");
CREATE INDEX "Return_storeId_status_createdAt_idx" ON "Return"("storeId", "status", "createdAt");
CREATE INDEX "Return_storeId_updatedAt_idx" ON "Return"("storeId", "updatedAt");
CREATE INDEX "Return_orderId_idx" ON "Return"("orderId");
CREATE UNIQUE INDEX "Return_storeId_compatId_key" ON "Return"("storeId", "compatId");
CREATE UNIQUE INDEX "Return_storeId_importKey_key" ON "Return"("storeId", "importKey");
CREATE TABLE "new_ReturnItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "returnId" TEXT NOT NULL,
    "orderId" TEXT,
    "lineItemId" TEXT,
    "productId" TEXT,
    "sku" TEXT,
    "barcode" TEXT,
    "productTitle" TEXT,
    "variantTitle" TEXT,
    "condition" TEXT,
    "position" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "reasonCode" TEXT,
    "customerComment" TEXT,
    "compensation" TEXT NOT NULL DEFAULT 'refund',
    "status" TEXT NOT NULL DEFAULT 'open',
    "restock" BOOLEAN,
    "merchantAdjustment" INTEGER,
    "processedAt" DATETIME,
    CONSTRAINT "ReturnItem_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ReturnItem" ("compensation", "customerComment", "id", "lineItemId", "merchantAdjustment", "orderId", "position", "processedAt", "quantity", "reason", "reasonCode", "restock", "returnId", "status") SELECT "compensation", "customerComment", "id", "lineItemId", "merchantAdjustment", "orderId", "position", "processedAt", "quantity", "reason", "reasonCode", "restock", "returnId", "status" FROM "ReturnItem";
DROP TABLE "ReturnItem";
ALTER TABLE "new_ReturnItem" RENAME TO "ReturnItem";
CREATE INDEX "ReturnItem_returnId_position_idx" ON "ReturnItem"("returnId", "position");
CREATE INDEX "ReturnItem_orderId_lineItemId_idx" ON "ReturnItem"("orderId", "lineItemId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

