-- AlterTable
ALTER TABLE "ShopOrderSyncError" ADD COLUMN     "code" TEXT,
ADD COLUMN     "params" TEXT;

