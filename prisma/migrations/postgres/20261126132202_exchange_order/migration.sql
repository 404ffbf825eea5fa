-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "exchangeOrderExternalId" TEXT;

-- CreateIndex
CREATE INDEX "Return_storeId_exchangeOrderExternalId_idx" ON "Return"("storeId", "exchangeOrderExternalId");

