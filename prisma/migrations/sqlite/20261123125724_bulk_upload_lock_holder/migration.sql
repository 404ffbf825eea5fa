-- AlterTable
ALTER TABLE "BulkUploadLock" ADD COLUMN "holderHost" TEXT;
ALTER TABLE "BulkUploadLock" ADD COLUMN "holderPid" INTEGER;

