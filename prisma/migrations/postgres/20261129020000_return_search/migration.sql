-- The dashboard's search (src/returns/search.ts): one search document per return, indexed by pg_trgm.
-- Hand-written (Prisma models none of it); the SQLite migration of the same name builds the same thing
-- with FTS5. Kept by triggers in the transaction of every write to what it indexes, so every write path
-- (the core, imports, order re-syncs, bulk inserts) keeps it right.
-- Needs the contrib extensions pg_trgm and btree_gin (both "trusted": a database owner may create them;
-- Debian's and the official images' PostgreSQL ship them). See the operations guide.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- docId: the order documents were added (a search that matches more than its bound keeps the newest).
CREATE TABLE "ReturnSearch" (
    "returnId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "docId" BIGINT GENERATED ALWAYS AS IDENTITY,
    "body" TEXT NOT NULL,
    CONSTRAINT "ReturnSearch_pkey" PRIMARY KEY ("returnId"),
    CONSTRAINT "ReturnSearch_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A JSON column's text field, or NULL when the text is not a JSON object (a write never fails on it).
CREATE FUNCTION "retour_json_field"(doc TEXT, field TEXT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN doc::jsonb ->> field;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

-- What a returns team types, one line per return: return number, order name and external id,
-- customer names and e-mail (the order's, or an imported return's own), the merchant's RMA id, SKUs
-- and product titles of the items, the return label's and the order's tracking numbers.
CREATE VIEW "ReturnSearchBody" AS
SELECT r."id" AS "returnId", r."storeId" AS "storeId", r."createdAt" AS "createdAt",
  concat_ws(' ',
    'R' || r."compatId", o."name", o."externalId", o."customerFirstName", o."customerLastName", o."customerEmail",
    r."externalReferenceId",
    CASE WHEN r."customer" IS NOT NULL THEN concat_ws(' ', "retour_json_field"(r."customer", 'firstName'),
      "retour_json_field"(r."customer", 'lastName'), "retour_json_field"(r."customer", 'email')) END,
    CASE WHEN r."label" IS NOT NULL THEN "retour_json_field"(r."label", 'trackingNumber') END,
    (SELECT s."trackingNumber" FROM "ReturnShipping" s WHERE s."returnId" = r."id"),
    (SELECT string_agg(concat_ws(' ', COALESCE(i."sku", l."sku"), COALESCE(i."productTitle", l."title")), ' ' ORDER BY i."position")
       FROM "ReturnItem" i LEFT JOIN "OrderLineItem" l ON l."id" = i."lineItemId" WHERE i."returnId" = r."id"),
    (SELECT string_agg(f."trackingNumber", ' ') FROM "Fulfillment" f WHERE f."orderId" = r."orderId")
  ) AS "body"
FROM "Return" r LEFT JOIN "Order" o ON o."id" = r."orderId";

-- Existing returns, set-based, oldest first (docId order).
INSERT INTO "ReturnSearch" ("returnId", "storeId", "body")
SELECT b."returnId", b."storeId", b."body" FROM "ReturnSearchBody" b ORDER BY b."createdAt", b."returnId";

-- Trigrams of the body behind the store: an ILIKE '%word%' of 3 characters or more is a GIN lookup of
-- that store's entries (btree_gin puts "storeId" in the same index), never a walk of the store.
CREATE INDEX "ReturnSearch_storeId_body_idx" ON "ReturnSearch" USING GIN ("storeId", "body" gin_trgm_ops);
-- The newest matches first, and the other plan for a word most of a store's returns carry.
CREATE UNIQUE INDEX "ReturnSearch_storeId_docId_key" ON "ReturnSearch"("storeId", "docId");
-- Statistics now, so the first searches after the upgrade choose between the two by the words' frequency.
ANALYZE "ReturnSearch";

-- Rewrites the documents of these returns (the few of one order) where their text changed, one return at a
-- time: a primary-key lookup whatever the statistics say. (One statement over `= ANY(ids)` joined to the view
-- was planned as hash joins over "Return" and "Order" while they had no statistics yet, which made a bulk
-- insert into a new database quadratic: 4 000 return items in 14 s.)
CREATE FUNCTION "retour_search_refresh"(ids TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  id TEXT;
BEGIN
  FOREACH id IN ARRAY ids LOOP
    UPDATE "ReturnSearch" s SET "body" = b."body" FROM "ReturnSearchBody" b
    WHERE s."returnId" = id AND b."returnId" = id AND s."body" IS DISTINCT FROM b."body";
  END LOOP;
END $$;

CREATE FUNCTION "retour_search_on_return"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ReturnSearch" ("returnId", "storeId", "body")
    SELECT b."returnId", b."storeId", b."body" FROM "ReturnSearchBody" b WHERE b."returnId" = NEW."id";
  ELSE
    PERFORM "retour_search_refresh"(ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END $$;

-- A change to one of these rows rewrites the documents of the returns it belongs to (by return id or order id).
CREATE FUNCTION "retour_search_on_return_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "retour_search_refresh"(ARRAY[NEW."returnId"]);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "retour_search_refresh"(ARRAY[OLD."returnId"]);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "retour_search_on_order_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "retour_search_refresh"(ARRAY(SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."orderId"));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "retour_search_refresh"(ARRAY(SELECT r."id" FROM "Return" r WHERE r."orderId" = OLD."orderId"));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "retour_search_on_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "retour_search_refresh"(ARRAY(SELECT r."id" FROM "Return" r WHERE r."orderId" = NEW."id"));
  RETURN NULL;
END $$;

-- (A return's deletion cascades to its document through the foreign key.)
CREATE TRIGGER "Return_search_insert" AFTER INSERT ON "Return" FOR EACH ROW EXECUTE FUNCTION "retour_search_on_return"();
CREATE TRIGGER "Return_search_update" AFTER UPDATE OF "compatId", "orderId", "externalReferenceId", "customer", "label" ON "Return"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_return"();
CREATE TRIGGER "Order_search_update" AFTER UPDATE OF "name", "externalId", "customerEmail", "customerFirstName", "customerLastName" ON "Order"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_order"();
CREATE TRIGGER "ReturnItem_search" AFTER INSERT OR DELETE OR UPDATE OF "sku", "productTitle", "lineItemId", "returnId" ON "ReturnItem"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_return_part"();
CREATE TRIGGER "ReturnShipping_search" AFTER INSERT OR DELETE OR UPDATE OF "trackingNumber", "returnId" ON "ReturnShipping"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_return_part"();
CREATE TRIGGER "OrderLineItem_search" AFTER INSERT OR DELETE OR UPDATE OF "sku", "title" ON "OrderLineItem"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_order_part"();
CREATE TRIGGER "Fulfillment_search" AFTER INSERT OR DELETE OR UPDATE OF "trackingNumber", "orderId" ON "Fulfillment"
  FOR EACH ROW EXECUTE FUNCTION "retour_search_on_order_part"();

-- Exact shapes (src/returns/search.ts): an e-mail typed in any case, through an index.
CREATE INDEX "Order_storeId_lower_customerEmail_idx" ON "Order"("storeId", lower("customerEmail"));
