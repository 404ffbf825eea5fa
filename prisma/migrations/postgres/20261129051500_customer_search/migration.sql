-- The dashboard's customer search (src/customers/search.ts): the customers' e-mail, first and last name in a
-- pg_trgm GIN index behind the store (btree_gin, both created by 20261129020000_return_search), on the
-- customer rows themselves, so the index follows every write with no trigger. `ILIKE '%word%'` per word on
-- the same expression reads that store's entries of each word's trigrams. The SQLite migration of the same
-- name builds a per-store FTS5 document instead.
CREATE INDEX "Customer_storeId_search_idx" ON "Customer" USING GIN (
  "storeId",
  ("email" || ' ' || COALESCE("firstName", '') || ' ' || COALESCE("lastName", '')) gin_trgm_ops
);
