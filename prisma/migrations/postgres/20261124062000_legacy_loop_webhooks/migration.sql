-- Webhooks made with kind "loop" before it had its own format received Retour's own payloads: they keep
-- doing so as kind "redo" (a "loop" webhook now needs the platform's trigger and status).
UPDATE "Webhook" SET "kind" = 'redo' WHERE "kind" = 'loop' AND "trigger" IS NULL;
