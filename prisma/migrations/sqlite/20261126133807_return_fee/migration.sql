-- AlterTable
ALTER TABLE "Return" ADD COLUMN "returnFee" INTEGER;
ALTER TABLE "Return" ADD COLUMN "returnFeeOn" TEXT;

