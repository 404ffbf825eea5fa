-- AlterTable
ALTER TABLE "BulkUploadLock" ADD COLUMN     "holderHost" TEXT,
ADD COLUMN     "holderPid" INTEGER;

