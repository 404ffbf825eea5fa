// Starts the real service on a fresh database for a test file, with fixtures that go through the
// same services the CLI uses. In remote-executor mode the facades run in a second server that
// reaches the core over HTTP (graphql-request), as a split deployment would.
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService, type Running } from "../../facades/server.js";
import * as identity from "../../src/identity/service.js";
import { ALL_SCOPES } from "../../src/identity/scopes.js";
import type { Services } from "../../src/core/context.js";
import type { Provider } from "../../src/db/url.js";
import type { QueryEvent } from "../../src/db/client.js";
import { createTestDatabase } from "./databases.js";
import { executorMode } from "./env.js";
import { HttpClient } from "./http.js";

export interface TestService {
  provider: Provider;
  /** Where the REST and compat doors answer. */
  url: string;
  /** Where the GraphQL core answers. */
  coreUrl: string;
  http: HttpClient;
  services: Services;
  databaseUrl: string;
  createStore(name?: string): Promise<{ id: string }>;
  createApiClient(storeId: string, scopes: string[] | "all" | "legacy"): Promise<{ id: string; secret: string }>;
  /** A staff user of the store, logged in through GraphQL; returns the session token. */
  createStaff(storeId: string): Promise<{ token: string; email: string; password: string }>;
  /** Starts another replica of the whole service on the same database (stopped by close()). */
  /** Another process on the same database (every door, dispatcher and sender); `close` stops it, awaiting what it was doing. */
  startReplica(): Promise<{ url: string; http: HttpClient; close(): Promise<void> }>;
  close(): Promise<void>;
}

let counter = 0;

/** Every door's rate limit off (for tests that count SQL statements per request). */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_REST_PER_MINUTE: "0",
  RATE_LIMIT_GRAPHQL_PER_MINUTE: "0",
  RATE_LIMIT_COMPAT_PER_MINUTE: "0",
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: "0",
};

export interface TestServiceOptions {
  /** Called for every SQL statement the core's Prisma client issues. */
  onQuery?: (event: QueryEvent) => void;
  /** A database kept between runs (the scale bench's grown stores): migrated to the code's schema, never dropped. */
  databaseUrl?: string;
}

export async function startTestService(
  provider: Provider,
  env: Record<string, string> = {},
  opts: TestServiceOptions = {},
): Promise<TestService> {
  const database = opts.databaseUrl ? { url: opts.databaseUrl, provider, drop: async () => {} } : await createTestDatabase(provider);
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  // Tests subscribe on loopback over http: they opt in to private callback URLs (the default refuses them).
  const base = {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    PORT: "0",
    CURSOR_SECRET: "test-cursor-secret",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    // Suites send many logins and refusals from one address; test/http/security/preauth-bounds.test.ts sets its own.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: "0",
    // Background deletions would add statements to the suites that count them; the retention tests turn it on.
    RETENTION_SWEEP: "false",
    // The shops' order sync polls only connected stores; the shop suites run it themselves, or turn it on.
    SHOP_SYNC: "false",
    ...env,
  };
  const remote = executorMode === "remote";
  const core = await startService({
    config: loadConfig({ ...base, SERVE_FACADES: remote ? "false" : "true" }),
    log,
    skipMigrate: !opts.databaseUrl,
    onQuery: opts.onQuery,
  });
  let facades: Running | null = null;
  if (remote) {
    facades = await startService({ config: loadConfig({ ...base, CORE_URL: core.url }), log, facadesOnly: true });
  }
  const services = core.core!.services;
  const url = facades?.url ?? core.url;
  const http = new HttpClient(url, undefined, core.url);
  const replicas: Running[] = [];
  return {
    provider,
    url,
    coreUrl: core.url,
    http,
    services,
    databaseUrl: database.url,
    async createStore(name = `Store ${++counter}`) {
      return identity.createStore(services, name);
    },
    async createApiClient(storeId, scopes) {
      const created = await identity.createApiClient(services, storeId, {
        name: `key ${++counter}`,
        scopes: scopes === "all" ? [...ALL_SCOPES] : scopes === "legacy" ? [] : scopes,
        legacyAllScopes: scopes === "legacy",
      });
      return { id: created.apiClient.id, secret: created.secret };
    },
    async createStaff(storeId) {
      const email = `staff${++counter}.${Date.now()}@example.test`;
      const password = "correct horse battery";
      await identity.createStaffUser(services, storeId, email, password);
      const res = await http.graphql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
        e: email,
        p: password,
      });
      if (res.errors) throw new Error(JSON.stringify(res.errors));
      return { token: res.data.login.token, email, password };
    },
    async startReplica() {
      const replica = await startService({ config: loadConfig(base), log, skipMigrate: true });
      replicas.push(replica);
      const close = async () => {
        if (replicas.includes(replica)) replicas.splice(replicas.indexOf(replica), 1);
        await replica.close();
      };
      return { url: replica.url, http: new HttpClient(replica.url), close };
    },
    async close() {
      for (const r of replicas) await r.close();
      await facades?.close();
      await core.close();
      await database.drop();
    },
  };
}
