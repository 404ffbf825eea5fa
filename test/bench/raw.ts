// The raw-driver reference: what the machine can do for the read hot paths with no framework and no
// ORM. node:http, the driver's prepared statements (better-sqlite3 on the same file, or a pg pool with
// named statements, which the server prepares once per connection), the API secret checked the same way
// as the core (lookup by id, SHA-256 compared in constant time, revocation), the same rows read with the
// same number of statements, and the door's JSON answer (captured once) serialised on every request.
// The benchmark reports each door and the bare-Prisma handler as a ratio to this, measured in one run.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import pg from "pg";
import { parseToken, tokenMatches } from "../../src/identity/secrets.js";
import { pgConfigOf, sqlitePathOf } from "../../src/db/url.js";
import type { TestService } from "../support/server.js";

type Row = Record<string, unknown>;
/** Runs one prepared statement; `$n` placeholders, a list parameter is passed as an array. */
type Query = (sql: string, params: unknown[]) => Promise<Row[]>;

function sqliteDriver(url: string): { query: Query; close(): Promise<void> } {
  const db = new Database(sqlitePathOf(url), { readonly: true });
  db.pragma("busy_timeout = 5000");
  const statements = new Map<string, Database.Statement>();
  return {
    async query(sql, params) {
      let stmt = statements.get(sql);
      if (!stmt) {
        // A list parameter arrives as JSON and is expanded by json_each: one statement for any length.
        stmt = db.prepare(sql.replace(/= ANY\(\$\d+\)/g, "IN (SELECT value FROM json_each(?))").replace(/\$\d+/g, "?"));
        statements.set(sql, stmt);
      }
      return stmt.all(...params.map((p) => (Array.isArray(p) ? JSON.stringify(p) : p))) as Row[];
    },
    async close() {
      db.close();
    },
  };
}

function pgDriver(url: string): { query: Query; close(): Promise<void> } {
  const pool = new pg.Pool({ ...pgConfigOf(url), max: 10 });
  const names = new Map<string, string>();
  return {
    async query(sql, values) {
      let name = names.get(sql);
      if (!name) names.set(sql, (name = `raw_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`));
      return (await pool.query({ name, text: sql, values })).rows;
    },
    close: () => pool.end(),
  };
}

const AUTH = `SELECT * FROM "ApiClient" WHERE "lookupId" = $1`;
const RETURN = `SELECT * FROM "Return" WHERE "id" = $1 AND "storeId" = $2`;
const ORDER = `SELECT * FROM "Order" WHERE "id" = $1`;
const ITEMS = `SELECT * FROM "ReturnItem" WHERE "returnId" = ANY($1) ORDER BY "position", "id"`;
const LINES = `SELECT * FROM "OrderLineItem" WHERE "orderId" = ANY($1) ORDER BY "position", "id"`;
const PAGE = `SELECT * FROM "Return" WHERE "storeId" = $1 ORDER BY "createdAt" DESC, "id" DESC LIMIT $2`;
const ORDERS = `SELECT * FROM "Order" WHERE "id" = ANY($1)`;

export interface RawAnswers {
  /** The REST door's JSON for the read (`GET /raw/returns/{id}`). */
  read?: unknown;
  /** The GraphQL door's JSON per page size (`POST /raw/list`, body `{ storeId, first }`). */
  list?: Map<number, unknown>;
}

export async function rawServer(svc: TestService, answers: RawAnswers): Promise<{ url: string; close(): Promise<void> }> {
  const driver = svc.provider === "sqlite" ? sqliteDriver(svc.databaseUrl) : pgDriver(svc.databaseUrl);
  const { query } = driver;

  async function storeOf(req: IncomingMessage): Promise<string | null> {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const parsed = parseToken(token, "rtr_sk");
    const [client] = parsed ? await query(AUTH, [parsed.lookupId]) : [];
    if (!client || client.revokedAt || !tokenMatches(token, client.secretHash as string)) return null;
    return client.storeId as string;
  }

  async function read(id: string, storeId: string): Promise<unknown> {
    const [ret] = await query(RETURN, [id, storeId]);
    if (!ret) return null;
    const [items, [order], lines] = await Promise.all([query(ITEMS, [[id]]), query(ORDER, [ret.orderId]), query(LINES, [[ret.orderId]])]);
    if (!order || !items.length || !lines.length) throw new Error("raw read: rows missing");
    return answers.read;
  }

  async function list(storeId: string, first: number): Promise<unknown> {
    const page = await query(PAGE, [storeId, first + 1]);
    const ids = page.slice(0, first).map((r) => r.id);
    const orderIds = [...new Set(page.map((r) => r.orderId))];
    const [items, orders, lines] = await Promise.all([query(ITEMS, [ids]), query(ORDERS, [orderIds]), query(LINES, [orderIds])]);
    if (ids.length !== first || !items.length || !orders.length || !lines.length) throw new Error("raw list: rows missing");
    return answers.list?.get(first);
  }

  const server = createServer(async (req, res) => {
    try {
      let body = "";
      for await (const chunk of req) body += chunk;
      const storeId = await storeOf(req);
      if (!storeId) {
        res.writeHead(401, { "content-type": "application/problem+json" }).end(JSON.stringify({ title: "Unauthenticated" }));
        return;
      }
      const m = /^\/raw\/returns\/([^/?]+)$/.exec(req.url ?? "");
      let out: unknown;
      if (m) out = await read(decodeURIComponent(m[1]), storeId);
      else if (req.url === "/raw/list" && req.method === "POST") {
        const { first } = JSON.parse(body) as { first: number };
        out = await list(storeId, first);
      } else {
        res.writeHead(404).end();
        return;
      }
      if (out === null || out === undefined) {
        res.writeHead(404, { "content-type": "application/problem+json" }).end(JSON.stringify({ title: "Not found" }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    } catch (err) {
      res.writeHead(500).end(String((err as Error).message));
    }
  });
  // As the service's (facades/server.ts): under callgrind a dump pauses the process for seconds, and
  // node's default 5 s closed the benchmark's idle keep-alive socket under it.
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((r) => server.close(r));
      await driver.close();
    },
  };
}
