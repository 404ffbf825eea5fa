-- CreateTable
CREATE TABLE "PortalSettings" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "handle" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "logoUrl" TEXT,
    "accentColor" TEXT NOT NULL,
    "languages" TEXT NOT NULL DEFAULT 'en',
    "lookupMethod" TEXT NOT NULL DEFAULT 'email',
    "returnAddress" TEXT,
    "returnMethods" TEXT NOT NULL DEFAULT 'prepaid_label',
    "carrier" TEXT NOT NULL DEFAULT 'test',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ReturnShipping" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "carrier" TEXT,
    "trackingNumber" TEXT,
    "labelPdf" BLOB,
    "dropOffCode" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "EmailMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "giftCardId" TEXT,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastError" TEXT,
    "subject" TEXT,
    "text" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "PortalSettings_handle_key" ON "PortalSettings"("handle");

-- CreateIndex
CREATE UNIQUE INDEX "ReturnShipping_returnId_key" ON "ReturnShipping"("returnId");

-- CreateIndex
CREATE UNIQUE INDEX "ReturnShipping_dropOffCode_key" ON "ReturnShipping"("dropOffCode");

-- CreateIndex
CREATE INDEX "ReturnShipping_storeId_createdAt_idx" ON "ReturnShipping"("storeId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailMessage_status_nextAttemptAt_idx" ON "EmailMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "EmailMessage_storeId_createdAt_idx" ON "EmailMessage"("storeId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailMessage_storeId_dedupeKey_key" ON "EmailMessage"("storeId", "dedupeKey");

