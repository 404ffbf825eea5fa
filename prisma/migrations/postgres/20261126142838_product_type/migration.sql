-- AlterTable
ALTER TABLE "ProductFamily" ADD COLUMN     "productType" TEXT;

