-- Wakes every webhook dispatcher listening on this database (src/webhooks/listen.ts) when deliveries are
-- queued, whichever process queued them (an API replica without a dispatcher, a CLI import, a replay):
-- one notification per statement, sent at commit (PostgreSQL folds identical ones within a transaction),
-- so an idle dispatcher need not poll. Hand-written: Prisma models no triggers.
CREATE FUNCTION "webhook_delivery_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('retour_webhook_due', '');
  RETURN NULL;
END $$;
CREATE TRIGGER "WebhookDelivery_notify" AFTER INSERT ON "WebhookDelivery"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_delivery_notify"();
