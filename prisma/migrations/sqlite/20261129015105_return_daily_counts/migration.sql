-- CreateTable
CREATE TABLE "ReturnDailyCount" (
    "storeId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("storeId", "day", "status")
);


-- Kept by triggers, in the statement's own transaction, whoever writes "Return" (hand-written: Prisma
-- models no triggers). A day is the UTC date of createdAt, stored as ISO 8601 text.
CREATE TRIGGER "Return_daily_count_insert" AFTER INSERT ON "Return" BEGIN
  INSERT INTO "ReturnDailyCount" ("storeId", "day", "status", "count") VALUES (NEW."storeId", substr(NEW."createdAt", 1, 10), NEW."status", 1)
    ON CONFLICT ("storeId", "day", "status") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "Return_daily_count_update" AFTER UPDATE OF "status", "storeId", "createdAt" ON "Return"
  WHEN OLD."status" IS NOT NEW."status" OR OLD."storeId" IS NOT NEW."storeId" OR substr(OLD."createdAt", 1, 10) IS NOT substr(NEW."createdAt", 1, 10)
BEGIN
  UPDATE "ReturnDailyCount" SET "count" = "count" - 1
    WHERE "storeId" = OLD."storeId" AND "day" = substr(OLD."createdAt", 1, 10) AND "status" = OLD."status";
  INSERT INTO "ReturnDailyCount" ("storeId", "day", "status", "count") VALUES (NEW."storeId", substr(NEW."createdAt", 1, 10), NEW."status", 1)
    ON CONFLICT ("storeId", "day", "status") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "Return_daily_count_delete" AFTER DELETE ON "Return" BEGIN
  UPDATE "ReturnDailyCount" SET "count" = "count" - 1
    WHERE "storeId" = OLD."storeId" AND "day" = substr(OLD."createdAt", 1, 10) AND "status" = OLD."status";
END;

-- The counts of the returns already there, in one grouped statement.
INSERT INTO "ReturnDailyCount" ("storeId", "day", "status", "count")
  SELECT "storeId", substr("createdAt", 1, 10), "status", COUNT(*) FROM "Return" GROUP BY 1, 2, 3;
