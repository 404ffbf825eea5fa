-- DropIndex
DROP INDEX "InventoryMovement_returnItemId_key";

-- AlterTable
ALTER TABLE "ReturnItem" ADD COLUMN "exchangeProductId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "InventoryMovement_returnItemId_cause_key" ON "InventoryMovement"("returnItemId", "cause");

