-- CreateTable
CREATE TABLE "DraftPhoto" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "draftId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DraftPhoto_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "DraftReturnItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "outcomeTotal" INTEGER,
    "outcomeBonus" INTEGER,
    "exchangeProductId" TEXT,
    "customerImages" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "ReturnItem_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ReturnItem" ("barcode", "compensation", "condition", "customerComment", "exchangeProductId", "id", "lineItemId", "merchantAdjustment", "orderId", "outcomeBonus", "outcomeTotal", "position", "processedAt", "productId", "productTitle", "quantity", "reason", "reasonCode", "restock", "returnId", "sku", "status", "variantTitle") SELECT "barcode", "compensation", "condition", "customerComment", "exchangeProductId", "id", "lineItemId", "merchantAdjustment", "orderId", "outcomeBonus", "outcomeTotal", "position", "processedAt", "productId", "productTitle", "quantity", "reason", "reasonCode", "restock", "returnId", "sku", "status", "variantTitle" FROM "ReturnItem";
DROP TABLE "ReturnItem";
ALTER TABLE "new_ReturnItem" RENAME TO "ReturnItem";
CREATE INDEX "ReturnItem_returnId_position_idx" ON "ReturnItem"("returnId", "position");
CREATE INDEX "ReturnItem_orderId_lineItemId_idx" ON "ReturnItem"("orderId", "lineItemId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "DraftPhoto_itemId_idx" ON "DraftPhoto"("itemId");

