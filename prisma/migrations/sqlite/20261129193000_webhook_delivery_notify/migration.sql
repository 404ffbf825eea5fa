-- PostgreSQL only (its dispatchers LISTEN for queued deliveries: src/webhooks/listen.ts). SQLite has no
-- notifications; its dispatcher is woken by commits in its own process and otherwise sleeps until the next
-- delivery it knows of comes due, looking again after WEBHOOK_POLL_INTERVAL at most.
SELECT 1;
