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
-- One pass numbering the returns in that order (ROW_NUMBER), not a count of the earlier ones per return,
-- which is quadratic (rewritten 2026-11-29; the same ids: src/db/migrate.ts REWRITTEN).
UPDATE "Return" SET "compatId" = n."number"
FROM (SELECT "id", ROW_NUMBER() OVER (ORDER BY "createdAt", "id") AS "number" FROM "Return") AS n
WHERE n."id" = "Return"."id";
INSERT INTO "CompatSequence" ("name", "next") SELECT 'return', COALESCE(MAX("compatId"), 0) + 1 FROM "Return";
