-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "origin" TEXT;

