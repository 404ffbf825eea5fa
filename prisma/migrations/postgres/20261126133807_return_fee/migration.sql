-- AlterTable
ALTER TABLE "Return" ADD COLUMN     "returnFee" INTEGER,
ADD COLUMN     "returnFeeOn" TEXT;

