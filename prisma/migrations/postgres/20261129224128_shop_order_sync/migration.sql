-- AlterTable
ALTER TABLE "ShopConnection" ADD COLUMN     "lastSyncAt" TIMESTAMP(3),
ADD COLUMN     "lastSyncError" TEXT,
ADD COLUMN     "syncLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "syncOwner" TEXT,
ADD COLUMN     "syncedIds" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "syncedThrough" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "ShopConnection_syncLeaseUntil_idx" ON "ShopConnection"("syncLeaseUntil");

