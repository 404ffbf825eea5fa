-- CreateTable
CREATE TABLE "ShopConnection" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "platform" TEXT NOT NULL,
    "adminApiUrl" TEXT NOT NULL,
    "apiKeyEnc" TEXT NOT NULL,
    "apiKeyHint" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

