-- DropIndex
DROP INDEX "Return_compatId_key";

-- CreateIndex
CREATE UNIQUE INDEX "Return_storeId_compatId_key" ON "Return"("storeId", "compatId");


-- One counter per store from now on. Every existing store continues after the shared counter, so no
-- id ever handed out (deleted returns included) is handed out again in its store; new stores start at 1.
INSERT INTO "CompatSequence" ("name", "next")
  SELECT 'return:' || st."id", seq."next" FROM "Store" AS st CROSS JOIN "CompatSequence" AS seq WHERE seq."name" = 'return';
DELETE FROM "CompatSequence" WHERE "name" = 'return';
