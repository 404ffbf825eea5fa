-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "format" TEXT NOT NULL DEFAULT 'redo';

