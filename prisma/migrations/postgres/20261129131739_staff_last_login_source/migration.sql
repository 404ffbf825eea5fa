-- AlterTable
ALTER TABLE "StaffUser" ADD COLUMN     "lastLoginSource" TEXT;

