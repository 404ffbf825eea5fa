-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "settleOn" TEXT;

-- AlterTable
ALTER TABLE "ReturnItem" ADD COLUMN     "outcomeBonus" INTEGER,
ADD COLUMN     "outcomeTotal" INTEGER;

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "returnItemId" TEXT NOT NULL,
    "customerId" TEXT,
    "customerEmail" TEXT,
    "currency" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "bonus" INTEGER NOT NULL DEFAULT 0,
    "balance" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_returnItemId_key" ON "GiftCard"("returnItemId");

-- CreateIndex
CREATE INDEX "GiftCard_storeId_customerEmail_idx" ON "GiftCard"("storeId", "customerEmail");

-- CreateIndex
CREATE INDEX "GiftCard_returnId_idx" ON "GiftCard"("returnId");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_storeId_code_key" ON "GiftCard"("storeId", "code");

