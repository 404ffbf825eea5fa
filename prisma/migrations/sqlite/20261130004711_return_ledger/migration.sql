-- CreateTable
CREATE TABLE "ReturnLedgerEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "returnItemId" TEXT,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "attemptLog" TEXT NOT NULL DEFAULT '[]',
    "lastError" TEXT,
    "shopReference" TEXT,
    "nextAttemptAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "sentAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "ReturnLedgerEntry_dedupeKey_key" ON "ReturnLedgerEntry"("dedupeKey");

-- CreateIndex
CREATE INDEX "ReturnLedgerEntry_returnId_idx" ON "ReturnLedgerEntry"("returnId");

-- CreateIndex
CREATE INDEX "ReturnLedgerEntry_state_nextAttemptAt_idx" ON "ReturnLedgerEntry"("state", "nextAttemptAt");

