-- AlterTable
ALTER TABLE "ShopOrderSyncError" ADD COLUMN "code" TEXT;
ALTER TABLE "ShopOrderSyncError" ADD COLUMN "params" TEXT;

