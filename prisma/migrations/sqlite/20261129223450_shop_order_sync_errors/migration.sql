-- CreateTable
CREATE TABLE "ShopOrderSyncError" (
    "storeId" TEXT NOT NULL,
    "externalOrderId" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "occurredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("storeId", "externalOrderId")
);

