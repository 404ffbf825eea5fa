-- AlterTable
ALTER TABLE "Order" ADD COLUMN "customerRecordId" TEXT;

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "phoneNumbers" TEXT NOT NULL DEFAULT '[]',
    "location" TEXT,
    "customFields" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InventoryItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sku" TEXT,
    "name" TEXT,
    "kind" TEXT NOT NULL,
    "productId" TEXT,
    "externalProductId" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "InventoryLevel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "InventoryLevel_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InventoryLevel_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InventoryMovement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "levelId" TEXT NOT NULL,
    "delta" INTEGER NOT NULL,
    "cause" TEXT NOT NULL,
    "returnId" TEXT,
    "returnItemId" TEXT,
    "shipmentId" TEXT,
    "shipmentItemId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InventoryMovement_levelId_fkey" FOREIGN KEY ("levelId") REFERENCES "InventoryLevel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Customer_storeId_updatedAt_idx" ON "Customer"("storeId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_storeId_email_key" ON "Customer"("storeId", "email");

-- CreateIndex
CREATE INDEX "InventoryItem_storeId_updatedAt_idx" ON "InventoryItem"("storeId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryItem_storeId_key_key" ON "InventoryItem"("storeId", "key");

-- CreateIndex
CREATE INDEX "InventoryLevel_storeId_updatedAt_idx" ON "InventoryLevel"("storeId", "updatedAt");

-- CreateIndex
CREATE INDEX "InventoryLevel_locationId_idx" ON "InventoryLevel"("locationId");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryLevel_itemId_locationId_key" ON "InventoryLevel"("itemId", "locationId");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryMovement_returnItemId_key" ON "InventoryMovement"("returnItemId");

-- CreateIndex
CREATE INDEX "InventoryMovement_levelId_createdAt_idx" ON "InventoryMovement"("levelId", "createdAt");

-- CreateIndex
CREATE INDEX "InventoryMovement_storeId_createdAt_idx" ON "InventoryMovement"("storeId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_customerRecordId_idx" ON "Order"("customerRecordId");

