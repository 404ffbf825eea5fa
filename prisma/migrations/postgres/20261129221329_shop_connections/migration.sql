-- CreateTable
CREATE TABLE "ShopConnection" (
    "storeId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "adminApiUrl" TEXT NOT NULL,
    "apiKeyEnc" TEXT NOT NULL,
    "apiKeyHint" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopConnection_pkey" PRIMARY KEY ("storeId")
);

