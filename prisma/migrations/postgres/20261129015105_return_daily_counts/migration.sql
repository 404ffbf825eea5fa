-- CreateTable
CREATE TABLE "ReturnDailyCount" (
    "storeId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ReturnDailyCount_pkey" PRIMARY KEY ("storeId","day","status")
);


-- Kept by triggers, in the statement's own transaction, whoever writes "Return" (hand-written: Prisma
-- models no triggers). A day is the UTC date of createdAt (timestamps are stored in UTC).
CREATE FUNCTION "return_daily_count_add"(s TEXT, d TEXT, st TEXT, delta INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ReturnDailyCount" ("storeId", "day", "status", "count") VALUES (s, d, st, delta)
    ON CONFLICT ("storeId", "day", "status") DO UPDATE SET "count" = "ReturnDailyCount"."count" + delta;
$$;

-- A status change moves one return between two rows; both are locked in key order (the smaller key
-- first), so two transactions moving returns in opposite directions (open -> flagged, flagged -> open)
-- never wait for each other's second row: no deadlock.
CREATE FUNCTION "return_daily_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day TEXT;
  new_day TEXT;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "return_daily_count_add"(NEW."storeId", to_char(NEW."createdAt", 'YYYY-MM-DD'), NEW."status", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "return_daily_count_add"(OLD."storeId", to_char(OLD."createdAt", 'YYYY-MM-DD'), OLD."status", -1);
  ELSE
    old_day := to_char(OLD."createdAt", 'YYYY-MM-DD');
    new_day := to_char(NEW."createdAt", 'YYYY-MM-DD');
    IF (OLD."storeId", old_day, OLD."status") < (NEW."storeId", new_day, NEW."status") THEN
      PERFORM "return_daily_count_add"(OLD."storeId", old_day, OLD."status", -1);
      PERFORM "return_daily_count_add"(NEW."storeId", new_day, NEW."status", 1);
    ELSE
      PERFORM "return_daily_count_add"(NEW."storeId", new_day, NEW."status", 1);
      PERFORM "return_daily_count_add"(OLD."storeId", old_day, OLD."status", -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Return_daily_count_insert_delete" AFTER INSERT OR DELETE ON "Return"
  FOR EACH ROW EXECUTE FUNCTION "return_daily_count"();
CREATE TRIGGER "Return_daily_count_update" AFTER UPDATE OF "status", "storeId", "createdAt" ON "Return"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."storeId" IS DISTINCT FROM NEW."storeId"
    OR to_char(OLD."createdAt", 'YYYY-MM-DD') IS DISTINCT FROM to_char(NEW."createdAt", 'YYYY-MM-DD'))
  EXECUTE FUNCTION "return_daily_count"();

-- The counts of the returns already there, in one grouped statement.
INSERT INTO "ReturnDailyCount" ("storeId", "day", "status", "count")
  SELECT "storeId", to_char("createdAt", 'YYYY-MM-DD'), "status", COUNT(*) FROM "Return" GROUP BY 1, 2, 3;
