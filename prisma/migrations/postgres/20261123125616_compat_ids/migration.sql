-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "compatId" INTEGER;

-- CreateTable
CREATE TABLE "CompatSequence" (
    "name" TEXT NOT NULL,
    "next" INTEGER NOT NULL,

    CONSTRAINT "CompatSequence_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "Return_compatId_key" ON "Return"("compatId");

-- CreateIndex
CREATE INDEX "Return_storeId_updatedAt_idx" ON "Return"("storeId", "updatedAt");


-- Backfill: existing returns get compat ids 1…n in creation order; the counter continues after them.
UPDATE "Return" SET "compatId" = (
  SELECT COUNT(*) FROM "Return" AS r2
  WHERE r2."createdAt" < "Return"."createdAt" OR (r2."createdAt" = "Return"."createdAt" AND r2."id" <= "Return"."id")
);
INSERT INTO "CompatSequence" ("name", "next") SELECT 'return', COALESCE(MAX("compatId"), 0) + 1 FROM "Return";
