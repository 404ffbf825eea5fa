-- CreateTable
CREATE TABLE "ReturnLedgerEntry" (
    "id" TEXT NOT NULL,
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
    "nextAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "ReturnLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReturnLedgerEntry_dedupeKey_key" ON "ReturnLedgerEntry"("dedupeKey");

-- CreateIndex
CREATE INDEX "ReturnLedgerEntry_returnId_idx" ON "ReturnLedgerEntry"("returnId");

-- CreateIndex
CREATE INDEX "ReturnLedgerEntry_state_nextAttemptAt_idx" ON "ReturnLedgerEntry"("state", "nextAttemptAt");

