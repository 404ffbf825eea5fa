// Cross-process wake-ups on PostgreSQL: a dispatcher's connection of its own LISTENs on `retour_webhook_due`,
// and every process that records events NOTIFYs it after its commits (deliveryNotices), so a dispatcher
// sleeps until there is work even when another process wrote it (an API replica without a dispatcher). A lost
// connection is opened again after a pause; meanwhile the dispatcher's poll interval is the bound. SQLite has
// no notifications: nothing to listen to (one process writes its file; its commits wake its dispatcher).
//
// The NOTIFY is its own statement after the writing transaction's commit, never inside it: a transaction that
// notifies holds PostgreSQL's cluster-wide notification lock from its pre-commit to its end, so a trigger in
// every event's transaction (tried: 2026-11-29) would serialise the commits of every writer on the cluster.
// Here only the tiny notifying transactions serialise, and at most one is in flight per process: commits
// that arrive meanwhile are folded into one more NOTIFY after it, so a burst of writes costs two.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Services } from "../core/context.js";
import { pgConfigOf } from "../db/url.js";

const CHANNEL = "retour_webhook_due";
/**
 * A service (its Services: one per process, except in tests), as its notices name it: its own dispatcher was
 * woken by the commit already (afterCommit) and skips them.
 */
const names = new WeakMap<Services, string>();
const nameOf = (services: Services) => {
  let name = names.get(services);
  if (!name) names.set(services, (name = randomUUID()));
  return name;
};

/**
 * PostgreSQL: after each commit that recorded events in this process (services.afterCommit), tells every
 * listening dispatcher, folded as above. Returns the function that stops it (null on SQLite).
 */
export function deliveryNotices(services: Services): (() => Promise<void>) | null {
  if (services.db.provider !== "postgresql") return null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const send = () => {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    again = false;
    inFlight = services.db.direct
      .query(`SELECT pg_notify('${CHANNEL}', $1)`, [nameOf(services)])
      .then(
        () => {},
        (err: unknown) =>
          services.log.warn({ err }, "could not notify the webhook dispatchers; they find the deliveries at their next poll"),
      )
      .finally(() => {
        inFlight = null;
        if (again) send();
      });
  };
  services.afterCommit.add(send);
  return async () => {
    stopped = true;
    services.afterCommit.delete(send);
    await inFlight;
  };
}
const RECONNECT_MS = 2_000;

export interface Listening {
  close(): Promise<void>;
}

export function listenForDeliveries(services: Services, onNotice: () => void): Listening | null {
  if (services.db.provider !== "postgresql") return null;
  const self = nameOf(services);
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
    c.on("notification", (n) => {
      if (n.payload !== self) onNotice();
    });
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
