// Issue 13, finding 9: when the database cannot take writes (a read-only SQLite file) or cannot be
// reached (PostgreSQL connections cut and refused), every door answers 503 with Retry-After (not
// 500), /readyz says so, and both recover when the database does.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgConfigOf } from "../../../src/db/url.js";
import { TEST_PG_ADMIN_URL } from "../../support/databases.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient, compatReturn } from "../../support/compat.js";
import { seedCheckout } from "../../../src/checkout/seed.js";

/** Makes the service's database refuse writes (SQLite) or connections (PostgreSQL), and back. */
async function setStorageAvailable(svc: TestService, available: boolean): Promise<void> {
  if (svc.provider === "sqlite") {
    // The service's one SQLite connection: query_only makes every write fail with SQLITE_READONLY,
    // as a read-only file or a full disk would.
    await svc.services.db.prisma.$executeRawUnsafe(`PRAGMA query_only = ${available ? "OFF" : "ON"}`);
    return;
  }
  const name = String(pgConfigOf(svc.databaseUrl).database);
  const admin = new pg.Client(pgConfigOf(TEST_PG_ADMIN_URL));
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${available}`);
    if (!available)
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  } finally {
    await admin.end();
  }
}

describe.each(providers)("storage unavailable → 503 with Retry-After on every door (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;
  let experienceId: string;
  let compatId: number;

  beforeAll(async () => {
    // GraphQL without a rate limit: its failure comes from the resolver; REST and compat keep theirs,
    // whose counter write fails before the operation runs. Both paths must answer 503.
    svc = await startTestService(provider, { RATE_LIMIT_GRAPHQL_PER_MINUTE: "0" });
    storeId = (await svc.createStore("Storage store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
    const seeded = await seedCheckout(svc.services, storeId);
    experienceId = (seeded.checkoutExperiences as { id: string; live: boolean }[]).find((e) => !e.live)!.id;
    compatId = Number((await compatReturn(svc, storeId, secret, { lines: 1 })).compatId);
  });
  afterAll(async () => {
    if (svc) await setStorageAvailable(svc, true).catch(() => {});
    await svc?.close();
  });

  const graphqlWrite = () =>
    fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${staff}` },
      body: JSON.stringify({
        query: `mutation AddDock($s: ID!) { createLocation(storeId: $s, name: "Dock") { id } }`,
        variables: { s: storeId },
      }),
    });

  it("answers 503 problem / error with Retry-After while the database is unavailable, and recovers", { timeout: 60_000 }, async () => {
    expect((await fetch(`${svc.coreUrl}/readyz`)).status).toBe(200);
    await setStorageAvailable(svc, false);
    try {
      const ready = await fetch(`${svc.coreUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);

      const gql = await graphqlWrite();
      const gqlBody = await gql.json();
      expect(gql.status, JSON.stringify(gqlBody)).toBe(503);
      expect(gql.headers.get("retry-after")).toBe("5");
      expect(gqlBody.errors[0].extensions).toMatchObject({ code: "STORAGE_UNAVAILABLE", status: 503 });
      // With an API key (PostgreSQL: refused while authenticating, before any operation runs).
      const keyed = await fetch(`${svc.coreUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
        body: JSON.stringify({
          query: `mutation($s: ID!, $id: ID!) { deleteCheckoutExperience(storeId: $s, id: $id) { checkoutExperienceId } }`,
          variables: { s: storeId, id: experienceId },
        }),
      });
      const keyedBody = await keyed.json();
      expect(keyed.status, JSON.stringify(keyedBody)).toBe(503);
      expect(keyed.headers.get("retry-after")).toBe("5");
      expect(keyedBody.errors[0].extensions).toMatchObject({ code: "STORAGE_UNAVAILABLE" });
      expect(keyedBody.errors[0].extensions.http).toBeUndefined();

      const rest = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${experienceId}`, { token: secret });
      expect(rest.status, rest.text).toBe(503);
      expect(rest.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(rest.headers.get("retry-after")).toBe("5");
      expect(rest.body).toMatchObject({ status: 503, type: "com.retour.api:storage/unavailable", detail: expect.stringMatching(/retry/) });

      const compat = await compatClient(svc, secret).post(`/return/${compatId}/close`);
      expect(compat.status, compat.text).toBe(503);
      expect(compat.headers.get("retry-after")).toBe("5");
    } finally {
      await setStorageAvailable(svc, true);
    }
    // Back: ready again and writes succeed (PostgreSQL: the pool opens fresh connections).
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${svc.coreUrl}/readyz`)).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${svc.coreUrl}/readyz`)).status).toBe(200);
    const again = await graphqlWrite();
    expect(again.status).toBe(200);
    expect((await again.json()).data.createLocation.id).toEqual(expect.any(String));
  });
});
