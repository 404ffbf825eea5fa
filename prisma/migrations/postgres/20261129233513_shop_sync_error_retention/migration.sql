-- CreateIndex
CREATE INDEX "ShopOrderSyncError_occurredAt_idx" ON "ShopOrderSyncError"("occurredAt");

