-- The dashboard's search (src/returns/search.ts): one search document per return, indexed by FTS5.
-- Hand-written (Prisma models none of it); the PostgreSQL migration of the same name builds the same
-- thing with pg_trgm. Kept by triggers in the transaction of every write to what it indexes, so every
-- write path (the core, imports, order re-syncs, bulk inserts) keeps it right.
-- WARNING: SQLite drops a table's triggers with the table. A future migration that redefines
-- "Return", "Order", "ReturnItem", "OrderLineItem", "Fulfillment" or "ReturnShipping" (Prisma's
-- "RedefineTables": CREATE new_X, copy, DROP X, rename) must re-create their triggers below;
-- test/http/graphql/returns-search.test.ts fails when one is missing.

-- A small integer per store: a store's documents hold the FTS rowids [key * 2^40, (key + 1) * 2^40),
-- so a search reads its own store's range of every posting list and never another store's rows.
CREATE TABLE "ReturnSearchStore" (
    "key" INTEGER NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL
);
CREATE UNIQUE INDEX "ReturnSearchStore_storeId_key" ON "ReturnSearchStore"("storeId");

-- The document: docId is the FTS rowid (store range, then the order documents were added).
CREATE TABLE "ReturnSearch" (
    "docId" INTEGER NOT NULL PRIMARY KEY,
    "returnId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "ReturnSearch_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "ReturnSearch_returnId_key" ON "ReturnSearch"("returnId");

-- What a returns team types, one line per return: return number, order name and external id,
-- customer names and e-mail (the order's, or an imported return's own), the merchant's RMA id, SKUs
-- and product titles of the items, the return label's and the order's tracking numbers.
CREATE VIEW "ReturnSearchBody" AS
SELECT r."id" AS "returnId", r."storeId" AS "storeId", r."createdAt" AS "createdAt",
  concat_ws(' ',
    'R' || r."compatId", o."name", o."externalId", o."customerFirstName", o."customerLastName", o."customerEmail",
    r."externalReferenceId",
    CASE WHEN json_valid(r."customer") THEN concat_ws(' ', json_extract(r."customer", '$.firstName'),
      json_extract(r."customer", '$.lastName'), json_extract(r."customer", '$.email')) END,
    CASE WHEN json_valid(r."label") THEN json_extract(r."label", '$.trackingNumber') END,
    (SELECT s."trackingNumber" FROM "ReturnShipping" s WHERE s."returnId" = r."id"),
    (SELECT group_concat(concat_ws(' ', COALESCE(i."sku", l."sku"), COALESCE(i."productTitle", l."title")), ' ')
       FROM "ReturnItem" i LEFT JOIN "OrderLineItem" l ON l."id" = i."lineItemId" WHERE i."returnId" = r."id"),
    (SELECT group_concat(f."trackingNumber", ' ') FROM "Fulfillment" f WHERE f."orderId" = r."orderId")
  ) AS "body"
FROM "Return" r LEFT JOIN "Order" o ON o."id" = r."orderId";

-- Trigram tokenizer: any substring of 3 characters or more matches ("lovel", "hopper@sh", "1007"), as the
-- `contains` search before it did, case-insensitively; a word of one or two characters narrows a search
-- but cannot start one (src/returns/search.ts). External content: the body is stored once, in ReturnSearch.
CREATE VIRTUAL TABLE "ReturnSearchText" USING fts5("body", content = 'ReturnSearch', content_rowid = 'docId', tokenize = 'trigram');

-- Existing returns, set-based: store keys, then every document numbered per store oldest first.
INSERT INTO "ReturnSearchStore" ("storeId") SELECT DISTINCT "storeId" FROM "Return" ORDER BY "storeId";
INSERT INTO "ReturnSearch" ("docId", "returnId", "storeId", "body")
SELECT k."key" * 1099511627776 + ROW_NUMBER() OVER (PARTITION BY b."storeId" ORDER BY b."createdAt", b."returnId"),
  b."returnId", b."storeId", b."body"
FROM "ReturnSearchBody" b JOIN "ReturnSearchStore" k ON k."storeId" = b."storeId";
INSERT INTO "ReturnSearchText" ("ReturnSearchText") VALUES ('rebuild');

-- The FTS index follows its content table.
CREATE TRIGGER "ReturnSearch_fts_insert" AFTER INSERT ON "ReturnSearch" BEGIN
  INSERT INTO "ReturnSearchText" (rowid, "body") VALUES (NEW."docId", NEW."body");
END;
CREATE TRIGGER "ReturnSearch_fts_delete" AFTER DELETE ON "ReturnSearch" BEGIN
  INSERT INTO "ReturnSearchText" ("ReturnSearchText", rowid, "body") VALUES ('delete', OLD."docId", OLD."body");
END;
CREATE TRIGGER "ReturnSearch_fts_update" AFTER UPDATE OF "body" ON "ReturnSearch" WHEN OLD."body" IS NOT NEW."body" BEGIN
  INSERT INTO "ReturnSearchText" ("ReturnSearchText", rowid, "body") VALUES ('delete', OLD."docId", OLD."body");
  INSERT INTO "ReturnSearchText" (rowid, "body") VALUES (NEW."docId", NEW."body");
END;

-- A new return: its store's key (the first return of a store adds one), the next docId of that range.
-- (A return's deletion cascades to its document through the foreign key.)
CREATE TRIGGER "Return_search_insert" AFTER INSERT ON "Return" BEGIN
  INSERT INTO "ReturnSearchStore" ("storeId") SELECT NEW."storeId"
    WHERE NOT EXISTS (SELECT 1 FROM "ReturnSearchStore" WHERE "storeId" = NEW."storeId");
  INSERT INTO "ReturnSearch" ("docId", "returnId", "storeId", "body")
  SELECT COALESCE((SELECT d."docId" FROM "ReturnSearch" d
                    WHERE d."docId" >= k."key" * 1099511627776 AND d."docId" < (k."key" + 1) * 1099511627776
                    ORDER BY d."docId" DESC LIMIT 1), k."key" * 1099511627776) + 1,
    b."returnId", b."storeId", b."body"
  FROM "ReturnSearchStore" k JOIN "ReturnSearchBody" b ON b."returnId" = NEW."id"
  WHERE k."storeId" = NEW."storeId";
END;
CREATE TRIGGER "Return_search_update" AFTER UPDATE OF "compatId", "orderId", "externalReferenceId", "customer", "label" ON "Return" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = NEW."id") WHERE "returnId" = NEW."id";
END;
CREATE TRIGGER "Order_search_update" AFTER UPDATE OF "name", "externalId", "customerEmail", "customerFirstName", "customerLastName" ON "Order" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."id");
END;
CREATE TRIGGER "ReturnItem_search_insert" AFTER INSERT ON "ReturnItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = NEW."returnId") WHERE "returnId" = NEW."returnId";
END;
CREATE TRIGGER "ReturnItem_search_update" AFTER UPDATE OF "sku", "productTitle", "lineItemId", "returnId" ON "ReturnItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (NEW."returnId", OLD."returnId");
END;
CREATE TRIGGER "ReturnItem_search_delete" AFTER DELETE ON "ReturnItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = OLD."returnId") WHERE "returnId" = OLD."returnId";
END;
CREATE TRIGGER "OrderLineItem_search_insert" AFTER INSERT ON "OrderLineItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."orderId");
END;
CREATE TRIGGER "OrderLineItem_search_update" AFTER UPDATE OF "sku", "title" ON "OrderLineItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."orderId");
END;
CREATE TRIGGER "OrderLineItem_search_delete" AFTER DELETE ON "OrderLineItem" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = OLD."orderId");
END;
CREATE TRIGGER "Fulfillment_search_insert" AFTER INSERT ON "Fulfillment" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."orderId");
END;
CREATE TRIGGER "Fulfillment_search_update" AFTER UPDATE OF "trackingNumber", "orderId" ON "Fulfillment" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" IN (NEW."orderId", OLD."orderId"));
END;
CREATE TRIGGER "Fulfillment_search_delete" AFTER DELETE ON "Fulfillment" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (SELECT r."id" FROM "Return" r WHERE r."orderId" = OLD."orderId");
END;
CREATE TRIGGER "ReturnShipping_search_insert" AFTER INSERT ON "ReturnShipping" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = NEW."returnId") WHERE "returnId" = NEW."returnId";
END;
CREATE TRIGGER "ReturnShipping_search_update" AFTER UPDATE OF "trackingNumber", "returnId" ON "ReturnShipping" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = "ReturnSearch"."returnId")
  WHERE "returnId" IN (NEW."returnId", OLD."returnId");
END;
CREATE TRIGGER "ReturnShipping_search_delete" AFTER DELETE ON "ReturnShipping" BEGIN
  UPDATE "ReturnSearch" SET "body" = (SELECT b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = OLD."returnId") WHERE "returnId" = OLD."returnId";
END;

-- Exact shapes (src/returns/search.ts): an e-mail typed in any case, through an index.
CREATE INDEX "Order_storeId_lower_customerEmail_idx" ON "Order"("storeId", lower("customerEmail"));
