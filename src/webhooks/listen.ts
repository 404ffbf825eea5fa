// Cross-process wake-ups on PostgreSQL: a connection of its own LISTENs on `retour_webhook_due`, which the
// database notifies at the commit of any statement that queued deliveries (migration
// webhook_delivery_notify), so a dispatcher sleeps until there is work even when another process wrote
// it (an API replica without a dispatcher, a CLI import). A lost connection is opened again after a pause;
// meanwhile the dispatcher's poll interval is the bound. SQLite has no notifications: nothing to listen to.
import pg from "pg";
import type { Services } from "../core/context.js";
import { pgConfigOf } from "../db/url.js";

const CHANNEL = "retour_webhook_due";
const RECONNECT_MS = 2_000;

export interface Listening {
  close(): Promise<void>;
}

export function listenForDeliveries(services: Services, onNotice: () => void): Listening | null {
  if (services.db.provider !== "postgresql") return null;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const open = async () => {
    if (closed) return;
    const c = new pg.Client({ ...pgConfigOf(services.config.databaseUrl), application_name: "retour-webhook-listen" });
    const retry = (err: unknown) => {
      if (closed) return;
      services.log.warn({ err }, "webhook dispatcher lost its notification connection; opening it again");
      c.removeAllListeners();
      void c.end().catch(() => {});
      if (client === c) client = null;
      onNotice(); // whatever was notified meanwhile is looked for now
      timer = setTimeout(() => void open(), RECONNECT_MS);
    };
    c.on("error", retry);
    c.on("notification", () => onNotice());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await c.end());
      client = c;
    } catch (err) {
      retry(err);
    }
  };
  void open();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
