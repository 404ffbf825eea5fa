-- CreateTable
CREATE TABLE "DraftPhoto" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "draftId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DraftPhoto_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "DraftReturnItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (an ADD COLUMN: Prisma's diff rebuilt the whole table here, copying every row under the
-- write lock, to keep the column in its schema position; rewritten 2026-11-29, src/db/migrate.ts REWRITTEN)
ALTER TABLE "ReturnItem" ADD COLUMN "customerImages" TEXT NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "DraftPhoto_itemId_idx" ON "DraftPhoto"("itemId");

