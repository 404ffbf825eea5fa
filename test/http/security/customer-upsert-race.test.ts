// Racing first upserts of one customer (issue 22, finding 11): one customer is made, and exactly one
// answer says so (REST 201 / created: true; GraphQL created: true); every other answer is an update.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import type { HttpClient } from "../../support/http.js";

describe.each(providers)("customer upsert race (%s)", (provider) => {
  let svc: TestService;
  let replica: { url: string; http: HttpClient };
  let storeId: string;
  let key: string;
  const door = (i: number) => (i % 2 === 0 ? svc.http : replica.http);

  beforeAll(async () => {
    svc = await startTestService(provider, NO_RATE_LIMITS);
    replica = await svc.startReplica();
    storeId = (await svc.createStore("Customer race")).id;
    key = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  for (const round of [1, 2, 3])
    it(`says created: true for exactly one of 20 concurrent first upserts (round ${round})`, async () => {
      const email = `first-${round}@race.test`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          if (i % 3 === 2) {
            const r = await door(i).graphql(
              `mutation($s: ID!, $i: CustomerInput!) { upsertCustomer(storeId: $s, input: $i) { created customer { id } } }`,
              { s: storeId, i: { email: email.toUpperCase(), firstName: `G${i}` } },
              key,
            );
            expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
            return { created: r.data.upsertCustomer.created as boolean, id: r.data.upsertCustomer.customer.id as string };
          }
          const r = await door(i).put(`/v2.2/stores/${storeId}/customers`, { email, firstName: `R${i}` }, { token: key });
          expect([200, 201], r.text).toContain(r.status);
          expect(r.body.created).toBe(r.status === 201);
          return { created: r.body.created as boolean, id: r.body.id as string };
        }),
      );
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(await svc.services.db.prisma.customer.count({ where: { storeId, email } })).toBe(1);
    });
});
