-- The overview's units sold of its ten top products and variants read each key's days from this index: on a store of
-- 250 000 returns (PostgreSQL) the primary key's day range read every product's rows of the year (58-70 ms a statement).
-- No figure in it, so the triggers' upserts (which change only figures) leave it alone.
-- CreateIndex
CREATE INDEX "OrderUnitsDaily_storeId_dimension_key_day_idx" ON "OrderUnitsDaily"("storeId", "dimension", "key", "day");

