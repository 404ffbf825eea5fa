-- AlterTable
ALTER TABLE "PolicySimulationRun" ADD COLUMN "coveredTo" DATETIME;

