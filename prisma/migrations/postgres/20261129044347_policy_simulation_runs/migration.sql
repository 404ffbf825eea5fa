-- CreateTable
CREATE TABLE "PolicySimulationRun" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "runningStoreId" TEXT,
    "status" TEXT NOT NULL,
    "rangeFrom" TIMESTAMP(3) NOT NULL,
    "rangeTo" TIMESTAMP(3) NOT NULL,
    "returnsTotal" INTEGER NOT NULL DEFAULT 0,
    "returnsDone" INTEGER NOT NULL DEFAULT 0,
    "linesDone" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "startedByType" TEXT NOT NULL,
    "startedById" TEXT,
    "startedByName" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "publishedVersion" INTEGER,
    "result" TEXT,
    "error" TEXT,

    CONSTRAINT "PolicySimulationRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PolicySimulationRun_runningStoreId_key" ON "PolicySimulationRun"("runningStoreId");

-- CreateIndex
CREATE INDEX "PolicySimulationRun_storeId_startedAt_idx" ON "PolicySimulationRun"("storeId", "startedAt");

-- CreateIndex
CREATE INDEX "PolicySimulationRun_finishedAt_idx" ON "PolicySimulationRun"("finishedAt");

-- CreateIndex
CREATE INDEX "Order_storeId_customerEmail_idx" ON "Order"("storeId", "customerEmail");

