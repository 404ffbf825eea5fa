-- AlterTable
ALTER TABLE "Store" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "policyVersion" INTEGER;

-- CreateTable
CREATE TABLE "ReturnPolicy" (
    "storeId" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 0,
    "updatedByType" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedByName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReturnPolicy_pkey" PRIMARY KEY ("storeId")
);

-- CreateTable
CREATE TABLE "ReturnPolicyVersion" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "rules" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedByType" TEXT NOT NULL,
    "publishedById" TEXT,
    "publishedByName" TEXT,

    CONSTRAINT "ReturnPolicyVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReturnPolicyVersion_storeId_number_key" ON "ReturnPolicyVersion"("storeId", "number");

