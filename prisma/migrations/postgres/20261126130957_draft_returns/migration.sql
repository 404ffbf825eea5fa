-- CreateTable
CREATE TABLE "DraftReturn" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "compatId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'created',
    "tokenLookupId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenExpiresAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "openedBy" TEXT NOT NULL,
    "customerEmail" TEXT,
    "shippingAddress" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "isGift" BOOLEAN NOT NULL DEFAULT false,
    "creditType" TEXT,
    "returnMethod" TEXT,
    "returnId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DraftReturn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DraftReturnItem" (
    "id" TEXT NOT NULL,
    "draftId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "reasonCode" TEXT,
    "answer" TEXT,
    "photos" TEXT NOT NULL DEFAULT '[]',
    "outcome" TEXT,
    "exchangeSku" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DraftReturnItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DraftReturn_tokenLookupId_key" ON "DraftReturn"("tokenLookupId");

-- CreateIndex
CREATE UNIQUE INDEX "DraftReturn_returnId_key" ON "DraftReturn"("returnId");

-- CreateIndex
CREATE INDEX "DraftReturn_storeId_createdAt_idx" ON "DraftReturn"("storeId", "createdAt");

-- CreateIndex
CREATE INDEX "DraftReturn_orderId_idx" ON "DraftReturn"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "DraftReturn_storeId_compatId_key" ON "DraftReturn"("storeId", "compatId");

-- CreateIndex
CREATE INDEX "DraftReturnItem_draftId_position_idx" ON "DraftReturnItem"("draftId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "DraftReturnItem_draftId_lineItemId_key" ON "DraftReturnItem"("draftId", "lineItemId");

-- AddForeignKey
ALTER TABLE "DraftReturnItem" ADD CONSTRAINT "DraftReturnItem_draftId_fkey" FOREIGN KEY ("draftId") REFERENCES "DraftReturn"("id") ON DELETE CASCADE ON UPDATE CASCADE;

