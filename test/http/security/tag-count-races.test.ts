// A tag's status counts (ReturnTagCount) are kept by triggers in the transaction of each write. Statuses set
// in opposite directions at once (open ⇄ rejected) on returns carrying the same two tags, and tags added and removed meanwhile,
// across two replicas of the service on one database, must neither fail (PostgreSQL locks a move's two count
// rows in key order: two moves the other way round never wait for each other) nor lose a count: afterwards
// each tag's tabs and returnCount say what the returns say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_STATUSES } from "../../../src/returns/transitions.js";
import { providers } from "../../support/env.js";
import type { HttpClient } from "../../support/http.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const TAGS = ["vip", "gift"];
const TABS = `query($s: ID!, $tag: String) { returns(storeId: $s, first: 1, filter: { tag: $tag }) { statusCounts { status count } } }`;

describe.each(providers)("a tag's counts under racing writes (%s)", (provider) => {
  let svc: TestService;
  let replica: { url: string; http: HttpClient };
  let storeId: string;
  let secret: string;
  const returns: string[] = [];
  const door = (i: number) => (i % 2 === 0 ? svc.http : replica.http).retrying();
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await svc.http.graphql(query, variables, secret);
    expect(res.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
    return res.data;
  };

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    replica = await svc.startReplica();
    storeId = (await svc.createStore("Tag races")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    for (const name of TAGS)
      await gql(`mutation($s: ID!, $n: String!) { upsertReturnTag(storeId: $s, name: $n, pillTheme: NORMAL) { name } }`, {
        s: storeId,
        n: name,
      });
    for (let i = 0; i < 12; i++) {
      const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `race-${i}`, quantity: 1 }] });
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
        {
          token: secret,
        },
      );
      expect(res.status, res.text).toBe(201);
      returns.push(res.body.return.id);
      await gql(`mutation($id: ID!, $n: [String!]!) { tagReturn(id: $id, names: $n) { id } }`, { id: res.body.return.id, n: TAGS });
    }
  }, 60_000);
  afterAll(() => svc?.close());

  it("keeps every count through statuses moved both ways and tags changed at once", async () => {
    // Every other return rejected first; then each round, the open ones are rejected while the rejected ones are
    // opened again: each move takes two count rows of each tag, the two halves in opposite directions.
    const status = returns.map((_, i) => (i % 2 === 0 ? "open" : "rejected"));
    for (const [i, id] of returns.entries())
      if (status[i] === "rejected")
        expect((await svc.http.put(`/v2.2/returns/${id}/status`, { status: "rejected" }, { token: secret })).status).toBe(204);
    for (let round = 0; round < 3; round++) {
      const moves = returns.map((id, i) => {
        status[i] = status[i] === "open" ? "rejected" : "open";
        return door(i).put(`/v2.2/returns/${id}/status`, { status: status[i] }, { token: secret });
      });
      const retags = returns
        .slice(0, 4)
        .map((id, i) =>
          svc.http.graphql(
            `mutation($id: ID!, $n: [String!]!) { ${(i + round) % 2 === 0 ? "untagReturn" : "tagReturn"}(id: $id, names: $n) { id } }`,
            { id, n: ["gift"] },
            secret,
          ),
        );
      const [moved, retagged] = await Promise.all([Promise.all(moves), Promise.all(retags)]);
      for (const res of moved) expect(res.status, res.text).toBe(204);
      for (const res of retagged) expect(res.errors).toBeUndefined();
    }
    const listed = await gql(`query($s: ID!) { returnTags(storeId: $s) { name returnCount } }`, { s: storeId });
    for (const tag of TAGS) {
      const carried = await svc.services.db.prisma.return.findMany({
        where: { storeId, tagLinks: { some: { tag: { name: tag } } } },
        select: { status: true },
      });
      expect(carried.length).toBeGreaterThan(0);
      const tabs = await gql(TABS, { s: storeId, tag });
      expect(tabs.returns.statusCounts).toEqual(
        RETURN_STATUSES.map((status) => ({ status, count: carried.filter((r) => r.status === status).length })),
      );
      expect(listed.returnTags.find((t: { name: string }) => t.name === tag)?.returnCount).toBe(carried.length);
    }
  }, 60_000);
});
