-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "customer" TEXT,
ADD COLUMN     "externalReferenceId" TEXT,
ADD COLUMN     "importHash" TEXT,
ADD COLUMN     "importKey" TEXT,
ADD COLUMN     "merchantAddress" TEXT,
ALTER COLUMN "orderId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "ReturnItem" ADD COLUMN     "barcode" TEXT,
ADD COLUMN     "condition" TEXT,
ADD COLUMN     "productId" TEXT,
ADD COLUMN     "productTitle" TEXT,
ADD COLUMN     "sku" TEXT,
ADD COLUMN     "variantTitle" TEXT,
ALTER COLUMN "orderId" DROP NOT NULL,
ALTER COLUMN "lineItemId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Return_storeId_importKey_key" ON "Return"("storeId", "importKey");

