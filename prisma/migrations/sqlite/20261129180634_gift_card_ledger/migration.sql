-- CreateTable
CREATE TABLE "GiftCardEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "giftCardId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "balanceAfter" INTEGER NOT NULL,
    "reference" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "requestHash" TEXT,
    "reversesId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "GiftCardEntry_giftCardId_createdAt_idx" ON "GiftCardEntry"("giftCardId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCardEntry_storeId_dedupeKey_key" ON "GiftCardEntry"("storeId", "dedupeKey");


-- Every card issued before the ledger gets its issue entry (no card could be spent before it).
INSERT INTO "GiftCardEntry" ("id", "storeId", "giftCardId", "kind", "amount", "currency", "balanceAfter", "reference", "dedupeKey", "createdAt")
SELECT 'gce_' || substr("id", 4), "storeId", "id", 'issue', "amount", "currency", "amount", "returnId", 'issue:' || "id", "createdAt" FROM "GiftCard";
