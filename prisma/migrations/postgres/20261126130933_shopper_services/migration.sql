-- CreateTable
CREATE TABLE "PortalSettings" (
    "storeId" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "logoUrl" TEXT,
    "accentColor" TEXT NOT NULL,
    "languages" TEXT NOT NULL DEFAULT 'en',
    "lookupMethod" TEXT NOT NULL DEFAULT 'email',
    "returnAddress" TEXT,
    "returnMethods" TEXT NOT NULL DEFAULT 'prepaid_label',
    "carrier" TEXT NOT NULL DEFAULT 'test',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalSettings_pkey" PRIMARY KEY ("storeId")
);

-- CreateTable
CREATE TABLE "ReturnShipping" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "carrier" TEXT,
    "trackingNumber" TEXT,
    "labelPdf" BYTEA,
    "dropOffCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReturnShipping_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailMessage" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "giftCardId" TEXT,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastError" TEXT,
    "subject" TEXT,
    "text" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("id")
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

