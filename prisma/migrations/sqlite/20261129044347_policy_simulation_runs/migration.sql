-- CreateTable
CREATE TABLE "PolicySimulationRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "runningStoreId" TEXT,
    "status" TEXT NOT NULL,
    "rangeFrom" DATETIME NOT NULL,
    "rangeTo" DATETIME NOT NULL,
    "returnsTotal" INTEGER NOT NULL DEFAULT 0,
    "returnsDone" INTEGER NOT NULL DEFAULT 0,
    "linesDone" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "startedByType" TEXT NOT NULL,
    "startedById" TEXT,
    "startedByName" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "publishedVersion" INTEGER,
    "result" TEXT,
    "error" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "PolicySimulationRun_runningStoreId_key" ON "PolicySimulationRun"("runningStoreId");

-- CreateIndex
CREATE INDEX "PolicySimulationRun_storeId_startedAt_idx" ON "PolicySimulationRun"("storeId", "startedAt");

-- CreateIndex
CREATE INDEX "PolicySimulationRun_finishedAt_idx" ON "PolicySimulationRun"("finishedAt");

-- CreateIndex
CREATE INDEX "Order_storeId_customerEmail_idx" ON "Order"("storeId", "customerEmail");

