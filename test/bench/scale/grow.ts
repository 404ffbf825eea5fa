// The scale data generator (issue 34): a store of N returns shaped exactly as the service writes them.
//
// How: a template store is filled through the real doors (orders pushed through the custom order sync,
// returns created through REST, so every column, event and timeline row is the service's own), then a
// target store is grown by cloning those rows in set-based statements (INSERT … SELECT over a number
// series): every column is copied from its template row except the identity ones (ids, store, order
// name, external id, customer, dates, status), which are derived from the row's number. Columns are
// read from the database, so a column added tomorrow is cloned too. 1 000 000 returns with their orders,
// lines, items, timelines, events, deliveries, customers and tags take minutes, not hours.
//
// Shape of a grown store of N returns: one order per return (two lines, one item per returned line),
// created over the last two years (newest first: return i is i × step seconds old), statuses spread over
// the lifecycle, one customer per three orders (emails `shopper<j>@scale.test`), the tag `vip` on a
// third of the returns and `fraud-check` on one in a thousand, one event and one delivered delivery each, lines of 2 000 products.
import type { Provider } from "../../../src/db/url.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import type { TestService } from "../../support/server.js";
import { suspendRollups } from "./rollups.js";

/** Executes one statement (the bench's own connection to the database under test). */
export type Exec = (sql: string) => Promise<unknown>;
export type Query = <T>(sql: string) => Promise<T[]>;

export interface ScaleDb {
  provider: Provider;
  exec: Exec;
  query: Query;
}

export interface Template {
  storeId: string;
  secret: string;
}

/** Two years, newest first. */
const SPAN_SECONDS = 2 * 365 * 86_400;
/** Seconds between two consecutive returns of a store grown to `total`. */
export const stepOf = (total: number) => Math.max(1, Math.floor(SPAN_SECONDS / Math.max(1, total)));
const SURNAMES = ["Lovelace", "Hopper", "Turing", "Noether", "Curie", "Franklin", "Meitner", "Ramanujan"];
const STATUSES = ["complete", "complete", "complete", "open", "in_transit", "delivered", "in_review", "flagged", "rejected", "deleted"];

/** Fills a template store through the real doors: 8 orders of two lines, one return on each, tagged and subscribed. */
export async function buildTemplate(svc: TestService, label: string): Promise<Template> {
  const storeId = (await svc.createStore(`Scale template ${label}`)).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  await subscribe(svc, storeId, secret);
  for (let t = 0; t < SURNAMES.length; t++) {
    const order = await pushOrder(svc.http, storeId, secret, {
      id: `${label}-tmpl-${t}`,
      name: `#T${t}`,
      customer: { email: `tmpl${t}@scale.test`, firstName: `Shopper${t}`, lastName: SURNAMES[t] },
      lines: [
        { id: `${label}-tmpl-${t}-a`, quantity: 2, price: "40.00" },
        { id: `${label}-tmpl-${t}-b`, quantity: 1, price: `${20 + t}.50` },
      ],
    });
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(
        order,
        order.lineItems.map((l) => ({ lineItemId: l.id, quantity: 1 })),
      ),
      { token: secret },
    );
    if (res.status !== 201) throw new Error(`template return: ${res.status} ${res.text}`);
    // Half the template's returns arrive and a quarter are refunded: their timelines carry the stages the
    // overview times (each clone's entries are dated from its return: grow()).
    for (const status of t % 2 ? [] : t % 4 ? ["delivered"] : ["delivered", "complete"]) {
      const put = await svc.http.put(`/v2.2/returns/${res.body.return.id}/status`, { status }, { token: secret });
      if (put.status >= 300) throw new Error(`template status ${status}: ${put.status} ${put.text}`);
    }
  }
  return { storeId, secret };
}

/** A store's webhook (its deliveries are cloned with the events); the dispatcher is off in the bench. */
export async function subscribe(svc: TestService, storeId: string, secret: string) {
  const res = await svc.http.post(
    `/v2.2/stores/${storeId}/webhooks`,
    { webhook: { topic: "return", callback: { url: "http://127.0.0.1:9/scale", auth: null } } },
    { token: secret },
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`webhook: ${res.status} ${res.text}`);
}

/** The store's tags `vip` and `fraud-check`, made through the door. */
export async function makeTags(svc: TestService, storeId: string, secret: string) {
  for (const name of ["vip", "fraud-check"]) {
    const res = await svc.http.put(`/v2.2/stores/${storeId}/return-tags/${name}`, { pillTheme: "NORMAL" }, { token: secret });
    if (res.status >= 300) throw new Error(`tag ${name}: ${res.status} ${res.text}`);
  }
}

async function columnsOf(db: ScaleDb, table: string): Promise<string[]> {
  if (db.provider === "sqlite") return (await db.query<{ name: string }>(`PRAGMA table_info("${table}")`)).map((c) => c.name);
  return (
    await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}' ORDER BY ordinal_position`,
    )
  ).map((c) => c.column_name);
}

/** Dialect pieces: a number series, zero-padded numbers, a date `seconds` before `base`, string concat. */
function dialect(provider: Provider) {
  const sqlite = provider === "sqlite";
  return {
    series: (from: number, to: number, step = 1) =>
      sqlite
        ? `(WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + ${step} FROM s WHERE i + ${step} <= ${to}) SELECT i FROM s)`
        : `(SELECT generate_series(${from}, ${to}, ${step}) AS i)`,
    pad: (expr: string, width: number) => (sqlite ? `printf('%0${width}d', ${expr})` : `lpad((${expr})::text, ${width}, '0')`),
    ago: (base: number, secondsExpr: string) =>
      sqlite
        ? `strftime('%Y-%m-%dT%H:%M:%S.000+00:00', ${base} - (${secondsExpr}), 'unixepoch')`
        : `to_timestamp(${base} - (${secondsExpr})) AT TIME ZONE 'UTC'`,
    /** The last 8 characters of an id (the random part of ours). */
    tail: (expr: string) => (sqlite ? `substr(${expr}, -8)` : `right(${expr}, 8)`),
  };
}

/** INSERT INTO table SELECT every column, `overrides` in place of the named ones, FROM `from`. */
async function clone(db: ScaleDb, table: string, alias: string, overrides: Record<string, string>, from: string) {
  const cols = await columnsOf(db, table);
  const select = cols.map((c) => (c in overrides ? `${overrides[c]} AS "${c}"` : `${alias}."${c}"`));
  const insertCols = cols.filter((c) => !(table === "WebhookDelivery" && c === "seq"));
  const selectCols = select.filter((_, i) => insertCols.includes(cols[i]));
  await db.exec(`INSERT INTO "${table}" (${insertCols.map((c) => `"${c}"`).join(", ")}) SELECT ${selectCols.join(", ")} FROM ${from}`);
}

export interface GrowOptions {
  /** Returns to add, numbered first..first+count-1 (a store can be grown in several calls). */
  first: number;
  count: number;
  /** Seconds between two consecutive returns (default: the returns span two years at `total`). */
  total: number;
  /** Epoch seconds of the newest return. */
  now: number;
  /** A short, unique key of the target store in ids (ids are global). */
  key: string;
  /**
   * How the roll-ups learn of the new rows: "rebuild" (the default) suspends their triggers and fills them
   * again from every store's rows at the end (rollups.ts); "triggers" lets each row fire them, as the
   * service's writes do (what the rebuild is compared with).
   */
  rollups?: "rebuild" | "triggers";
}

/**
 * Clones the template's orders and returns into `storeId` (which has its `vip`/`fraud-check` tags and a
 * webhook): `count` more returns, each with its own order. Runs in batches of at most 100 000 returns,
 * each in one transaction.
 */
export async function grow(db: ScaleDb, template: string, storeId: string, opts: GrowOptions, progress?: (done: number) => void) {
  const d = dialect(db.provider);
  const step = stepOf(opts.total);
  const key = opts.key;
  const id = (prefix: string, n: string) => `'${prefix}_${key}' || ${d.pad(n, 20)}`;
  const tmpl = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "Return" WHERE "storeId" = '${template}'`);
  const k = Number(tmpl[0].n);
  if (k === 0) throw new Error("the template store has no returns");
  // The template's returns numbered 0..k-1 (with their order), once.
  await db.exec(`DROP TABLE IF EXISTS scale_tmpl`);
  await db.exec(
    `CREATE TEMP TABLE scale_tmpl AS SELECT (ROW_NUMBER() OVER (ORDER BY r."id")) - 1 AS t, r."id" AS rid, r."orderId" AS oid FROM "Return" r WHERE r."storeId" = '${template}'`,
  );
  const [{ ranks }] = await db.query<{ ranks: number }>(
    `SELECT COALESCE(MAX(n), 0) AS ranks FROM (SELECT COUNT(*) AS n FROM "ReturnTimelineEntry" e JOIN scale_tmpl tm ON tm.rid = e."returnId" GROUP BY e."returnId") c`,
  );
  const [webhook] = await db.query<{ id: string }>(`SELECT "id" FROM "Webhook" WHERE "storeId" = '${storeId}' LIMIT 1`);
  const tags = await db.query<{ id: string; name: string }>(`SELECT "id", "name" FROM "ReturnTag" WHERE "storeId" = '${storeId}'`);
  const customers = Math.max(1, Math.floor(opts.total / 3));
  const statusCase = `CASE ${STATUSES.map((s, i) => `WHEN (s.i % ${STATUSES.length}) = ${i} THEN '${s}'`).join(" ")} END`;
  const surname = `CASE ${SURNAMES.map((s, i) => `WHEN (s.i % ${SURNAMES.length}) = ${i} THEN '${s}'`).join(" ")} END`;
  const customerNo = `(s.i % ${customers})`;
  const created = d.ago(opts.now, `s.i * ${step}`);
  const updated = d.ago(opts.now, `s.i * ${step} - (s.i % 5) * 86400`);
  const product = `((s.i * 7 + li."position") % 2000)`;
  // SQLite: the full-text indexes (returns', customers') are built once at the end, as the search's migration builds it for the returns
  // already there ('rebuild'), instead of by its triggers row by row: in transactions of 100 000 returns
  // FTS5's row-by-row upkeep grew faster than the rows (40 000 returns: 15.3 s with it, 4.6 s without). The
  // search documents themselves are written by their triggers, as the service writes them.
  const fts =
    db.provider === "sqlite"
      ? await db.query<{ sql: string; name: string }>(
          `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name GLOB '*Search_fts_*'`,
        )
      : [];
  for (const t of fts) await db.exec(`DROP TRIGGER "${t.name}"`);
  const resume = opts.rollups === "triggers" ? null : await suspendRollups(db);
  // A transaction's returns: 100 000 consecutive ones; with the roll-up triggers firing on PostgreSQL, every
  // `stride`-th one across the whole store (about 1 000 a transaction, one every few days). A roll-up row (a
  // store's day and reason, say) updated many times in one PostgreSQL transaction grows a chain of row
  // versions each update walks: 100 000 consecutive returns (73 days of a store of 1 000 000) updated each
  // day's rows thousands of times and took more than ten minutes; the service writes a return a
  // transaction, where this never arises.
  const last = opts.first + opts.count - 1;
  const stride = db.provider === "sqlite" || resume ? 1 : Math.max(1, Math.ceil(opts.count / 1000));
  const batches: [number, number, number][] =
    stride === 1
      ? Array.from({ length: Math.ceil(opts.count / 100_000) }, (_, b) => [
          opts.first + b * 100_000,
          Math.min(last, opts.first + b * 100_000 + 99_999),
          1,
        ])
      : Array.from({ length: Math.min(stride, opts.count) }, (_, r) => [opts.first + r, last, stride]);
  let done = 0;
  for (const [from, to, every] of batches) {
    const s = `${d.series(from, to, every)} s JOIN scale_tmpl tm ON tm.t = (s.i % ${k})`;
    await db.exec(db.provider === "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN");
    try {
      // Customers: one per three orders, made with the first order that names them.
      await clone(
        db,
        "Customer",
        "c",
        {
          id: id("cus", customerNo),
          storeId: `'${storeId}'`,
          email: `'shopper' || ${customerNo} || '@scale.test'`,
          firstName: `'Shopper' || ${customerNo}`,
          lastName: surname.replaceAll("s.i", customerNo),
          createdAt: created,
          updatedAt: created,
        },
        `${s} JOIN "Order" o0 ON o0."id" = tm.oid JOIN "Customer" c ON c."id" = o0."customerRecordId" WHERE s.i < ${customers}`,
      );
      await clone(
        db,
        "Order",
        "o",
        {
          id: id("ord", "s.i"),
          storeId: `'${storeId}'`,
          externalId: `'S-' || s.i`,
          name: `'#' || (100000 + s.i)`,
          customerEmail: `'shopper' || ${customerNo} || '@scale.test'`,
          customerFirstName: `'Shopper' || ${customerNo}`,
          customerLastName: surname.replaceAll("s.i", customerNo),
          customerRecordId: id("cus", customerNo),
          placedAt: d.ago(opts.now, `s.i * ${step} + 3 * 86400`),
          createdAt: created,
          updatedAt: created,
        },
        `${s} JOIN "Order" o ON o."id" = tm.oid`,
      );
      await clone(
        db,
        "OrderLineItem",
        "li",
        {
          id: `${id("oli", "s.i")} || li."position"`,
          orderId: id("ord", "s.i"),
          externalId: `'S-' || s.i || '-' || li."position"`,
          // 2 000 products, each line of an order another one (top products over a year read many)
          productId: `'prod-' || ${product}`,
          variantId: `'var-' || ${product}`,
          sku: `'SKU-' || ${product}`,
          title: `'Product ' || ${product}`,
        },
        `${s} JOIN "OrderLineItem" li ON li."orderId" = tm.oid`,
      );
      await clone(
        db,
        "Return",
        "r",
        {
          id: id("ret", "s.i"),
          storeId: `'${storeId}'`,
          orderId: id("ord", "s.i"),
          status: statusCase,
          compatId: `1000 + s.i`,
          createdAt: created,
          updatedAt: updated,
        },
        `${s} JOIN "Return" r ON r."id" = tm.rid`,
      );
      await clone(
        db,
        "ReturnItem",
        "ri",
        {
          id: `${id("rit", "s.i")} || ri."position"`,
          returnId: id("ret", "s.i"),
          orderId: id("ord", "s.i"),
          lineItemId: `${id("oli", "s.i")} || li."position"`,
        },
        `${s} JOIN "ReturnItem" ri ON ri."returnId" = tm.rid JOIN "OrderLineItem" li ON li."id" = ri."lineItemId"`,
      );
      // A return's entries one statement each, in their order, as the service writes them: a stage's
      // roll-up trigger takes the entries already there as counted, which holds when each statement brings
      // a return at most one entry (PostgreSQL fires row triggers after the whole statement).
      for (let rank = 1; rank <= Number(ranks); rank++)
        await clone(
          db,
          "ReturnTimelineEntry",
          "e",
          {
            id: `${id("rtl", "s.i")} || ${d.tail('e."id"')}`,
            returnId: id("ret", "s.i"),
            // A stage reached 1 to 400 hours after the request (delivered first, complete 48 hours later).
            createdAt: `CASE e."toStatus" WHEN 'delivered' THEN ${d.ago(opts.now, `s.i * ${step} - (1 + s.i % 400) * 3600`)} WHEN 'complete' THEN ${d.ago(opts.now, `s.i * ${step} - (49 + s.i % 400) * 3600`)} ELSE ${created} END`,
          },
          `${s} JOIN (SELECT x.*, ROW_NUMBER() OVER (PARTITION BY x."returnId" ORDER BY x."createdAt", x."id") AS rk FROM "ReturnTimelineEntry" x JOIN scale_tmpl t0 ON t0.rid = x."returnId") e ON e."returnId" = tm.rid AND e.rk = ${rank}`,
        );
      await clone(
        db,
        "DomainEvent",
        "ev",
        { id: `${id("evt", "s.i")} || ev."sequence"`, storeId: `'${storeId}'`, subjectId: id("ret", "s.i"), occurredAt: created },
        `${s} JOIN "DomainEvent" ev ON ev."subjectId" = tm.rid`,
      );
      if (webhook)
        await clone(
          db,
          "WebhookDelivery",
          "wd",
          {
            id: `${id("msg", "s.i")} || ev."sequence"`,
            webhookId: `'${webhook.id}'`,
            storeId: `'${storeId}'`,
            eventId: `${id("evt", "s.i")} || ev."sequence"`,
            subjectId: id("ret", "s.i"),
            // One in a thousand discarded after its last attempt (what the dashboard's filter finds), the rest delivered.
            status: `CASE WHEN s.i % 1000 = 7 THEN 'discarded' ELSE 'delivered' END`,
            attempts: "1",
            nextAttemptAt: "NULL",
            lastStatusCode: `CASE WHEN s.i % 1000 = 7 THEN 500 ELSE 200 END`,
            createdAt: created,
            finishedAt: created,
          },
          `${s} JOIN "DomainEvent" ev ON ev."subjectId" = tm.rid JOIN "WebhookDelivery" wd ON wd."eventId" = ev."id"`,
        );
      for (const tag of tags) {
        const often = tag.name === "vip" ? 3 : 1000;
        await db.exec(
          `INSERT INTO "ReturnTagLink" ("returnId", "tagId", "createdAt") SELECT ${id("ret", "s.i")}, '${tag.id}', ${created} FROM ${d.series(from, to, every)} s WHERE s.i % ${often} = 0`,
        );
      }
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw err;
    }
    done += Math.floor((to - from) / every) + 1;
    progress?.(done);
  }
  await resume?.();
  if (fts.length) {
    await db.exec(`INSERT INTO "ReturnSearchText" ("ReturnSearchText") VALUES ('rebuild')`);
    await db.exec(`INSERT INTO "CustomerSearchText" ("CustomerSearchText") VALUES ('rebuild')`);
    for (const t of fts) await db.exec(t.sql);
  }
  // The next compat number the service allocates in this store follows the grown ones.
  await db.exec(
    `INSERT INTO "CompatSequence" ("name", "next") VALUES ('return:${storeId}', ${1000 + opts.first + opts.count}) ON CONFLICT ("name") DO UPDATE SET "next" = excluded."next"`,
  );
  await db.exec(`DROP TABLE scale_tmpl`);
}

/** The bench's own connection to the database under test (one connection: a transaction spans statements). */
export async function openScaleDb(provider: Provider, databaseUrl: string): Promise<ScaleDb & { close(): Promise<void> }> {
  if (provider === "sqlite") {
    const { default: Database } = await import("better-sqlite3");
    const conn = new Database(databaseUrl.replace(/^file:/, ""));
    conn.pragma("busy_timeout = 30000");
    return {
      provider,
      exec: async (sql) => void conn.exec(sql),
      query: async <T>(sql: string) => conn.prepare(sql).all() as T[],
      close: async () => void conn.close(),
    };
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    provider,
    exec: (sql) => client.query(sql),
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: () => client.end(),
  };
}
