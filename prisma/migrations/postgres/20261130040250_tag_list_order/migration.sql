-- A tag's returns read in the list's order along an index, and its status counts kept, so a tag on a
-- thousand returns reads a page and seven counts, not the thousand (hand-written around Prisma's DDL).
DROP INDEX "ReturnTagLink_tagId_idx";

-- Nullable columns, so ADD COLUMN rewrites nothing; the copies are filled by one UPDATE before their indexes exist.
ALTER TABLE "ReturnTagLink" ADD COLUMN "returnCreatedAt" TIMESTAMP(3), ADD COLUMN "returnStatus" TEXT;
UPDATE "ReturnTagLink" l SET "returnCreatedAt" = r."createdAt", "returnStatus" = r."status" FROM "Return" r WHERE r."id" = l."returnId";

CREATE TABLE "ReturnTagCount" (
    "tagId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ReturnTagCount_pkey" PRIMARY KEY ("tagId","status")
);
ALTER TABLE "ReturnTagCount" ADD CONSTRAINT "ReturnTagCount_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "ReturnTag"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "ReturnTagCount" ("tagId", "status", "count")
  SELECT "tagId", "returnStatus", COUNT(*) FROM "ReturnTagLink" WHERE "returnStatus" IS NOT NULL GROUP BY 1, 2;

CREATE INDEX "ReturnTagLink_tagId_returnCreatedAt_returnId_idx" ON "ReturnTagLink"("tagId", "returnCreatedAt", "returnId");
CREATE INDEX "ReturnTagLink_tagId_returnStatus_returnCreatedAt_returnId_idx" ON "ReturnTagLink"("tagId", "returnStatus", "returnCreatedAt", "returnId");

-- Kept by triggers in the writing statement's transaction, whoever writes (Prisma models no triggers).
-- A new link copies its return's createdAt and status.
CREATE FUNCTION "return_tag_link_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r."createdAt", r."status" INTO NEW."returnCreatedAt", NEW."returnStatus" FROM "Return" r WHERE r."id" = NEW."returnId";
  RETURN NEW;
END $$;
CREATE TRIGGER "ReturnTagLink_fill" BEFORE INSERT ON "ReturnTagLink" FOR EACH ROW EXECUTE FUNCTION "return_tag_link_fill"();

-- A return's status or creation time moves, and its links with it.
CREATE FUNCTION "return_tag_link_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ReturnTagLink" SET "returnStatus" = NEW."status", "returnCreatedAt" = NEW."createdAt" WHERE "returnId" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "Return_tag_link_copy" AFTER UPDATE OF "status", "createdAt" ON "Return"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION "return_tag_link_copy"();

-- The counts follow the links' statuses. A decrement only updates (a link deleted with its tag finds no
-- row, and inserting one would name a deleted tag); an increment inserts the tag's first return of a
-- status. A move locks its two rows in key order, as ReturnDailyCount's do: no deadlock between two
-- transactions moving returns of one tag in opposite directions.
CREATE FUNCTION "return_tag_count_add"(t TEXT, st TEXT, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF st IS NULL THEN RETURN; END IF;
  IF delta < 0 THEN
    UPDATE "ReturnTagCount" SET "count" = "count" + delta WHERE "tagId" = t AND "status" = st;
  ELSE
    INSERT INTO "ReturnTagCount" ("tagId", "status", "count") VALUES (t, st, delta)
      ON CONFLICT ("tagId", "status") DO UPDATE SET "count" = "ReturnTagCount"."count" + delta;
  END IF;
END $$;

CREATE FUNCTION "return_tag_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "return_tag_count_add"(NEW."tagId", NEW."returnStatus", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "return_tag_count_add"(OLD."tagId", OLD."returnStatus", -1);
  ELSIF (OLD."tagId", COALESCE(OLD."returnStatus", '')) < (NEW."tagId", COALESCE(NEW."returnStatus", '')) THEN
    PERFORM "return_tag_count_add"(OLD."tagId", OLD."returnStatus", -1);
    PERFORM "return_tag_count_add"(NEW."tagId", NEW."returnStatus", 1);
  ELSE
    PERFORM "return_tag_count_add"(NEW."tagId", NEW."returnStatus", 1);
    PERFORM "return_tag_count_add"(OLD."tagId", OLD."returnStatus", -1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "ReturnTagLink_count_insert_delete" AFTER INSERT OR DELETE ON "ReturnTagLink"
  FOR EACH ROW EXECUTE FUNCTION "return_tag_count"();
CREATE TRIGGER "ReturnTagLink_count_update" AFTER UPDATE OF "returnStatus", "tagId" ON "ReturnTagLink"
  FOR EACH ROW WHEN (OLD."returnStatus" IS DISTINCT FROM NEW."returnStatus" OR OLD."tagId" IS DISTINCT FROM NEW."tagId")
  EXECUTE FUNCTION "return_tag_count"();
