-- AlterTable (an ADD COLUMN: Prisma's diff rebuilt the whole table here, copying every row under the
-- write lock, to keep the column in its schema position; rewritten 2026-11-29, src/db/migrate.ts REWRITTEN)
ALTER TABLE "WebhookDelivery" ADD COLUMN "format" TEXT NOT NULL DEFAULT 'redo';

