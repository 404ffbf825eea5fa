-- AlterTable
ALTER TABLE "Return" ADD COLUMN "policyVersion" INTEGER;

-- CreateTable
CREATE TABLE "ReturnPolicy" (
    "storeId" TEXT NOT NULL PRIMARY KEY,
    "rules" TEXT NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 0,
    "updatedByType" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedByName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ReturnPolicyVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "rules" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedByType" TEXT NOT NULL,
    "publishedById" TEXT,
    "publishedByName" TEXT
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Store" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "allowFlaggedReturnProcessing" BOOLEAN NOT NULL DEFAULT false,
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Store" ("allowFlaggedReturnProcessing", "createdAt", "id", "name", "updatedAt") SELECT "allowFlaggedReturnProcessing", "createdAt", "id", "name", "updatedAt" FROM "Store";
DROP TABLE "Store";
ALTER TABLE "new_Store" RENAME TO "Store";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "ReturnPolicyVersion_storeId_number_key" ON "ReturnPolicyVersion"("storeId", "number");

