-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN     "platformPayload" TEXT,
ADD COLUMN     "platformTriggers" TEXT;

-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN     "platformId" INTEGER,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'active',
ADD COLUMN     "trigger" TEXT;

-- CreateTable
CREATE TABLE "WarehouseAccount" (
    "storeId" TEXT NOT NULL,
    "shopId" INTEGER NOT NULL,
    "secretEnc" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "secretShownAt" TIMESTAMP(3),
    "secretCreatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WarehouseAccount_pkey" PRIMARY KEY ("storeId")
);

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseAccount_shopId_key" ON "WarehouseAccount"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "Webhook_storeId_platformId_key" ON "Webhook"("storeId", "platformId");

