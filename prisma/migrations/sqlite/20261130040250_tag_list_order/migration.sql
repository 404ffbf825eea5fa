-- A tag's returns read in the list's order along an index, and its status counts kept, so a tag on a
-- thousand returns reads a page and seven counts, not the thousand (hand-written around Prisma's DDL).
DROP INDEX "ReturnTagLink_tagId_idx";

-- ADD COLUMN, not a rebuild: the copies are filled by one UPDATE, before their indexes exist.
ALTER TABLE "ReturnTagLink" ADD COLUMN "returnCreatedAt" DATETIME;
ALTER TABLE "ReturnTagLink" ADD COLUMN "returnStatus" TEXT;
UPDATE "ReturnTagLink" SET ("returnCreatedAt", "returnStatus") =
  (SELECT r."createdAt", r."status" FROM "Return" r WHERE r."id" = "ReturnTagLink"."returnId");

CREATE TABLE "ReturnTagCount" (
    "tagId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("tagId", "status"),
    CONSTRAINT "ReturnTagCount_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "ReturnTag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "ReturnTagCount" ("tagId", "status", "count")
  SELECT "tagId", "returnStatus", COUNT(*) FROM "ReturnTagLink" WHERE "returnStatus" IS NOT NULL GROUP BY 1, 2;

CREATE INDEX "ReturnTagLink_tagId_returnCreatedAt_returnId_idx" ON "ReturnTagLink"("tagId", "returnCreatedAt", "returnId");
CREATE INDEX "ReturnTagLink_tagId_returnStatus_returnCreatedAt_returnId_idx" ON "ReturnTagLink"("tagId", "returnStatus", "returnCreatedAt", "returnId");

-- Kept by triggers in the writing statement's transaction, whoever writes (Prisma models no triggers).
-- A new link copies its return's createdAt and status (SQLite cannot change NEW: the row is updated after
-- its insert, which the count trigger below sees as its status going from nothing to the return's).
CREATE TRIGGER "ReturnTagLink_fill" AFTER INSERT ON "ReturnTagLink" BEGIN
  UPDATE "ReturnTagLink" SET ("returnCreatedAt", "returnStatus") =
    (SELECT r."createdAt", r."status" FROM "Return" r WHERE r."id" = NEW."returnId")
    WHERE "returnId" = NEW."returnId" AND "tagId" = NEW."tagId";
END;

-- A return's status or creation time moves, and its links with it.
CREATE TRIGGER "Return_tag_link_copy" AFTER UPDATE OF "status", "createdAt" ON "Return"
  WHEN OLD."status" IS NOT NEW."status" OR OLD."createdAt" IS NOT NEW."createdAt"
BEGIN
  UPDATE "ReturnTagLink" SET "returnStatus" = NEW."status", "returnCreatedAt" = NEW."createdAt" WHERE "returnId" = NEW."id";
END;

-- The counts follow the links' statuses. A decrement only updates (a link deleted with its tag finds no
-- row); an increment inserts the tag's first return of a status.
CREATE TRIGGER "ReturnTagLink_count_update" AFTER UPDATE OF "returnStatus", "tagId" ON "ReturnTagLink"
  WHEN OLD."returnStatus" IS NOT NEW."returnStatus" OR OLD."tagId" IS NOT NEW."tagId"
BEGIN
  UPDATE "ReturnTagCount" SET "count" = "count" - 1 WHERE "tagId" = OLD."tagId" AND "status" = OLD."returnStatus";
  INSERT INTO "ReturnTagCount" ("tagId", "status", "count") SELECT NEW."tagId", NEW."returnStatus", 1 WHERE NEW."returnStatus" IS NOT NULL
    ON CONFLICT ("tagId", "status") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "ReturnTagLink_count_delete" AFTER DELETE ON "ReturnTagLink" BEGIN
  UPDATE "ReturnTagCount" SET "count" = "count" - 1 WHERE "tagId" = OLD."tagId" AND "status" = OLD."returnStatus";
END;
