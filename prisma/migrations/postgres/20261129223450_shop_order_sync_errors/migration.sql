-- CreateTable
CREATE TABLE "ShopOrderSyncError" (
    "storeId" TEXT NOT NULL,
    "externalOrderId" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopOrderSyncError_pkey" PRIMARY KEY ("storeId","externalOrderId")
);

