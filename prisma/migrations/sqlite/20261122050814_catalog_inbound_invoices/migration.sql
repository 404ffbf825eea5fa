-- CreateTable
CREATE TABLE "Location" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ProductFamily" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "externalId" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "vendor" TEXT NOT NULL DEFAULT '',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "kind" TEXT NOT NULL DEFAULT 'SELLABLE',
    "options" TEXT NOT NULL DEFAULT '[]',
    "images" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "externalId" TEXT,
    "sku" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "upc" TEXT,
    "barcodes" TEXT NOT NULL DEFAULT '[]',
    "priceAmount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "weight" REAL,
    "weightUnit" TEXT,
    "width" REAL,
    "length" REAL,
    "height" REAL,
    "dimensionUnit" TEXT,
    "hsCode" TEXT,
    "originCountry" TEXT,
    "optionValues" TEXT NOT NULL DEFAULT '[]',
    "images" TEXT NOT NULL DEFAULT '[]',
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Product_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ProductFamily" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BulkUploadLock" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "InboundShipment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "shipmentId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "locationId" TEXT NOT NULL,
    "carrier" TEXT,
    "trackingNumber" TEXT,
    "trackingUrl" TEXT,
    "estimatedArrivalDate" TEXT,
    "actualArrivalDate" TEXT,
    "freightType" TEXT,
    "paymentTerms" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "freightCostAmount" INTEGER NOT NULL DEFAULT 0,
    "dutyCostAmount" INTEGER NOT NULL DEFAULT 0,
    "customVolumeCubicMeters" REAL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "InboundShipment_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InboundShipmentItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shipmentId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "receivedQuantity" INTEGER NOT NULL DEFAULT 0,
    "damagedQuantity" INTEGER NOT NULL DEFAULT 0,
    "missingQuantity" INTEGER NOT NULL DEFAULT 0,
    "packingMode" TEXT NOT NULL DEFAULT 'individual',
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "InboundShipmentItem_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "InboundShipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InboundShipmentItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InboundDocument" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shipmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT,
    "contentType" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InboundDocument_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "InboundShipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InvoiceItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT NOT NULL,
    "occurredAt" DATETIME NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "orderName" TEXT,
    "returnId" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "unitAmount" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    CONSTRAINT "InvoiceItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Location_storeId_idx" ON "Location"("storeId");

-- CreateIndex
CREATE INDEX "ProductFamily_storeId_createdAt_idx" ON "ProductFamily"("storeId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductFamily_storeId_externalId_key" ON "ProductFamily"("storeId", "externalId");

-- CreateIndex
CREATE INDEX "Product_familyId_position_idx" ON "Product"("familyId", "position");

-- CreateIndex
CREATE INDEX "Product_storeId_externalId_idx" ON "Product"("storeId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Product_storeId_sku_key" ON "Product"("storeId", "sku");

-- CreateIndex
CREATE INDEX "InboundShipment_storeId_updatedAt_id_idx" ON "InboundShipment"("storeId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "InboundShipment_storeId_status_updatedAt_idx" ON "InboundShipment"("storeId", "status", "updatedAt");

-- CreateIndex
CREATE INDEX "InboundShipmentItem_shipmentId_position_idx" ON "InboundShipmentItem"("shipmentId", "position");

-- CreateIndex
CREATE INDEX "InboundShipmentItem_productId_idx" ON "InboundShipmentItem"("productId");

-- CreateIndex
CREATE INDEX "InboundDocument_shipmentId_kind_position_idx" ON "InboundDocument"("shipmentId", "kind", "position");

-- CreateIndex
CREATE INDEX "Invoice_storeId_createdAt_idx" ON "Invoice"("storeId", "createdAt");

-- CreateIndex
CREATE INDEX "Invoice_storeId_status_idx" ON "Invoice"("storeId", "status");

-- CreateIndex
CREATE INDEX "InvoiceItem_invoiceId_occurredAt_id_idx" ON "InvoiceItem"("invoiceId", "occurredAt", "id");

