-- The overview's rankings by product and variant (src/returns/overview.ts) read only the columns of this index:
-- measured on a store of 1 000 000 returns (SQLite), a year's product ranking read 54.7 ms from the table, 30.5 ms from it.
-- CreateIndex
CREATE INDEX "ReturnItemDaily_storeId_dimension_day_key_units_items_title_idx" ON "ReturnItemDaily"("storeId", "dimension", "day", "key", "units", "items", "title");

