-- AlterTable
ALTER TABLE "PolicySimulationRun" ADD COLUMN     "coveredTo" TIMESTAMP(3);

