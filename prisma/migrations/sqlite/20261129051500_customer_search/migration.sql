-- The dashboard's customer search (src/customers/search.ts): one document per customer (e-mail, first and
-- last name), indexed by FTS5 with the trigram tokenizer, as the returns' search (20261129020000_return_search)
-- and sharing its store keys: a store's documents hold the FTS rowids [key * 2^40, (key + 1) * 2^40), so a
-- search reads its own store's range of every posting list. Hand-written (Prisma models none of it), kept by
-- triggers in the transaction of every write to a customer. The PostgreSQL migration of the same name
-- indexes the customer rows themselves with pg_trgm.
-- WARNING: SQLite drops a table's triggers with the table: a migration that redefines "Customer" must
-- re-create its triggers below (test/http/graphql/customers-search.test.ts fails when one is missing).
CREATE TABLE "CustomerSearch" (
    "docId" INTEGER NOT NULL PRIMARY KEY,
    "customerId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "CustomerSearch_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "CustomerSearch_customerId_key" ON "CustomerSearch"("customerId");
CREATE VIRTUAL TABLE "CustomerSearchText" USING fts5("body", content = 'CustomerSearch', content_rowid = 'docId', tokenize = 'trigram');

-- Existing customers, set-based: the stores' keys, then every document numbered per store oldest first.
INSERT INTO "ReturnSearchStore" ("storeId")
  SELECT DISTINCT c."storeId" FROM "Customer" c
  WHERE NOT EXISTS (SELECT 1 FROM "ReturnSearchStore" k WHERE k."storeId" = c."storeId") ORDER BY c."storeId";
INSERT INTO "CustomerSearch" ("docId", "customerId", "storeId", "body")
SELECT k."key" * 1099511627776 + ROW_NUMBER() OVER (PARTITION BY c."storeId" ORDER BY c."createdAt", c."id"),
  c."id", c."storeId", concat_ws(' ', c."email", c."firstName", c."lastName")
FROM "Customer" c JOIN "ReturnSearchStore" k ON k."storeId" = c."storeId";
INSERT INTO "CustomerSearchText" ("CustomerSearchText") VALUES ('rebuild');

-- The FTS index follows its content table.
CREATE TRIGGER "CustomerSearch_fts_insert" AFTER INSERT ON "CustomerSearch" BEGIN
  INSERT INTO "CustomerSearchText" (rowid, "body") VALUES (NEW."docId", NEW."body");
END;
CREATE TRIGGER "CustomerSearch_fts_delete" AFTER DELETE ON "CustomerSearch" BEGIN
  INSERT INTO "CustomerSearchText" ("CustomerSearchText", rowid, "body") VALUES ('delete', OLD."docId", OLD."body");
END;
CREATE TRIGGER "CustomerSearch_fts_update" AFTER UPDATE OF "body" ON "CustomerSearch" WHEN OLD."body" IS NOT NEW."body" BEGIN
  INSERT INTO "CustomerSearchText" ("CustomerSearchText", rowid, "body") VALUES ('delete', OLD."docId", OLD."body");
  INSERT INTO "CustomerSearchText" (rowid, "body") VALUES (NEW."docId", NEW."body");
END;

-- A new customer: its store's key (added with the store's first customer or return), the next docId of that
-- range. (A customer's deletion cascades to its document through the foreign key.)
CREATE TRIGGER "Customer_search_insert" AFTER INSERT ON "Customer" BEGIN
  INSERT INTO "ReturnSearchStore" ("storeId") SELECT NEW."storeId"
    WHERE NOT EXISTS (SELECT 1 FROM "ReturnSearchStore" WHERE "storeId" = NEW."storeId");
  INSERT INTO "CustomerSearch" ("docId", "customerId", "storeId", "body")
  SELECT COALESCE((SELECT d."docId" FROM "CustomerSearch" d
                    WHERE d."docId" >= k."key" * 1099511627776 AND d."docId" < (k."key" + 1) * 1099511627776
                    ORDER BY d."docId" DESC LIMIT 1), k."key" * 1099511627776) + 1,
    NEW."id", NEW."storeId", concat_ws(' ', NEW."email", NEW."firstName", NEW."lastName")
  FROM "ReturnSearchStore" k WHERE k."storeId" = NEW."storeId";
END;
CREATE TRIGGER "Customer_search_update" AFTER UPDATE OF "email", "firstName", "lastName" ON "Customer" BEGIN
  UPDATE "CustomerSearch" SET "body" = concat_ws(' ', NEW."email", NEW."firstName", NEW."lastName") WHERE "customerId" = NEW."id";
END;
