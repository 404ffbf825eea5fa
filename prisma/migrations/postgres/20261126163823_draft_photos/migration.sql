-- AlterTable
ALTER TABLE "ReturnItem" ADD COLUMN     "customerImages" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "DraftPhoto" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "draftId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DraftPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DraftPhoto_itemId_idx" ON "DraftPhoto"("itemId");

-- AddForeignKey
ALTER TABLE "DraftPhoto" ADD CONSTRAINT "DraftPhoto_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "DraftReturnItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

