-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "customerId" TEXT,
    "customerEmail" TEXT,
    "customerPhone" TEXT,
    "customerFirstName" TEXT NOT NULL DEFAULT '',
    "customerLastName" TEXT NOT NULL DEFAULT '',
    "shippingAddress" TEXT,
    "billingAddress" TEXT,
    "shippingMethod" TEXT,
    "shippingCost" INTEGER NOT NULL DEFAULT 0,
    "discountTotal" INTEGER NOT NULL DEFAULT 0,
    "taxTotal" INTEGER NOT NULL DEFAULT 0,
    "totalPrice" INTEGER,
    "locationId" TEXT,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "covered" BOOLEAN NOT NULL DEFAULT false,
    "finalSaleCoverage" BOOLEAN NOT NULL DEFAULT false,
    "packageProtection" BOOLEAN NOT NULL DEFAULT false,
    "returnsCoverage" BOOLEAN NOT NULL DEFAULT false,
    "placedAt" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderLineItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "variantId" TEXT,
    "sku" TEXT,
    "title" TEXT NOT NULL,
    "variantTitle" TEXT,
    "vendor" TEXT,
    "imageUrl" TEXT,
    "quantity" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL DEFAULT 0,
    "discount" INTEGER NOT NULL DEFAULT 0,
    "tax" INTEGER NOT NULL DEFAULT 0,
    "weightGrams" REAL,
    "fulfillmentLocationId" TEXT,
    CONSTRAINT "OrderLineItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Fulfillment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "publicId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trackingCompany" TEXT,
    "trackingNumber" TEXT,
    "estimatedDeliveryDate" TEXT,
    "deliveredAt" DATETIME,
    "dummy" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Fulfillment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FulfillmentLineItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fulfillmentId" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    CONSTRAINT "FulfillmentLineItem_fulfillmentId_fkey" FOREIGN KEY ("fulfillmentId") REFERENCES "Fulfillment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackingEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fulfillmentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "datetime" DATETIME NOT NULL,
    "city" TEXT,
    "state" TEXT,
    "country" TEXT,
    "postalCode" TEXT,
    CONSTRAINT "TrackingEvent_fulfillmentId_fkey" FOREIGN KEY ("fulfillmentId") REFERENCES "Fulfillment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Return" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'return',
    "status" TEXT NOT NULL,
    "shippingAddress" TEXT,
    "label" TEXT,
    "notes" TEXT,
    "createdByType" TEXT NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT,
    "reopened" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Return_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReturnItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "returnId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "reasonCode" TEXT,
    "customerComment" TEXT,
    "compensation" TEXT NOT NULL DEFAULT 'refund',
    "status" TEXT NOT NULL DEFAULT 'open',
    "restock" BOOLEAN,
    "merchantAdjustment" INTEGER,
    "processedAt" DATETIME,
    CONSTRAINT "ReturnItem_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReturnTimelineEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "returnId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "fromStatus" TEXT,
    "toStatus" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReturnTimelineEntry_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReturnComment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "returnId" TEXT NOT NULL,
    "message" TEXT,
    "image" TEXT,
    "authorType" TEXT NOT NULL,
    "authorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReturnComment_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Order_storeId_externalId_idx" ON "Order"("storeId", "externalId");

-- CreateIndex
CREATE INDEX "Order_storeId_name_idx" ON "Order"("storeId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Order_storeId_provider_externalId_key" ON "Order"("storeId", "provider", "externalId");

-- CreateIndex
CREATE INDEX "OrderLineItem_orderId_position_idx" ON "OrderLineItem"("orderId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "OrderLineItem_orderId_externalId_key" ON "OrderLineItem"("orderId", "externalId");

-- CreateIndex
CREATE INDEX "Fulfillment_orderId_idx" ON "Fulfillment"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Fulfillment_storeId_publicId_key" ON "Fulfillment"("storeId", "publicId");

-- CreateIndex
CREATE INDEX "FulfillmentLineItem_fulfillmentId_idx" ON "FulfillmentLineItem"("fulfillmentId");

-- CreateIndex
CREATE INDEX "FulfillmentLineItem_lineItemId_idx" ON "FulfillmentLineItem"("lineItemId");

-- CreateIndex
CREATE INDEX "TrackingEvent_fulfillmentId_position_idx" ON "TrackingEvent"("fulfillmentId", "position");

-- CreateIndex
CREATE INDEX "Return_storeId_createdAt_idx" ON "Return"("storeId", "createdAt");

-- CreateIndex
CREATE INDEX "Return_storeId_status_createdAt_idx" ON "Return"("storeId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Return_orderId_idx" ON "Return"("orderId");

-- CreateIndex
CREATE INDEX "ReturnItem_returnId_position_idx" ON "ReturnItem"("returnId", "position");

-- CreateIndex
CREATE INDEX "ReturnItem_orderId_lineItemId_idx" ON "ReturnItem"("orderId", "lineItemId");

-- CreateIndex
CREATE INDEX "ReturnTimelineEntry_returnId_createdAt_idx" ON "ReturnTimelineEntry"("returnId", "createdAt");

-- CreateIndex
CREATE INDEX "ReturnComment_returnId_createdAt_idx" ON "ReturnComment"("returnId", "createdAt");

