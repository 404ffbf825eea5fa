// A simulation run's time bound (SIMULATION_MAX_SECONDS, src/policy/simulation-jobs.ts): a run that reaches
// it ends `limited`, its figures those of the returns it checked, `coveredTo` the creation of the last one,
// and the store's place is free again. The run reads one return at a time and pauses 400 ms after each, so
// the pauses alone outlast the one-second bound by the fourth of twelve returns, or of each half's six when
// two threads take a half each (SQLite, src/policy/sim-threads.ts: the figures then cover the first half as
// far as it got): it cannot finish, whatever the load (a slower box only reaches the bound sooner); and it
// checks at least one return before it stops.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const RUN_FIELDS = `id status from to coveredTo timeLimitSeconds returnsTotal returnsDone linesDone error money { currency draft { returns } published { returns } }`;
const START = `mutation($s: ID!) { startPolicySimulation(storeId: $s, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z") { ${RUN_FIELDS} } }`;
const RUN = `query($s: ID!, $id: ID) { policySimulationRun(storeId: $s, id: $id) { ${RUN_FIELDS} } }`;
const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const RETURNS = 12;

describe.each(providers)("a policy simulation run's time limit (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const created: string[] = [];
  const gql = (query: string, variables: Record<string, unknown> = {}) => svc.http.graphql(query, { s: storeId, ...variables }, secret);

  beforeAll(async () => {
    svc = await startTestService(provider, {
      ...NO_RATE_LIMITS,
      SIMULATION_CHUNK: "1",
      SIMULATION_PAUSE_MS: "400",
      SIMULATION_MAX_SECONDS: "1",
    });
    storeId = (await svc.createStore("Simulation limit")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    for (let i = 0; i < RETURNS; i++) {
      const id = `limit-${provider}-${i}`;
      const order = await pushOrder(svc.http, storeId, secret, {
        id,
        name: `#${id}`,
        lines: [{ id: `${id}-a`, quantity: 1, price: "30.00" }],
      });
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        {
          data: {
            provider: "custom",
            externalOrderId: order.externalId,
            items: [{ lineItemId: order.lineItems[0]!.id, quantity: 1, reason: "Too big" }],
          },
        },
        { token: secret },
      );
      expect(res.status).toBe(201);
      created.push(res.body.return.createdAt);
    }
    expect((await gql(POLICY, { i: { window: { days: 3650, from: "order" }, outcomes: { refund: true } } })).errors).toBeUndefined();
  });
  afterAll(() => svc?.close());

  const untilEnded = async (id: string) => {
    // Bounded: the run ends by the bound (1 s) plus one chunk; 300 polls of 50 ms is far beyond it.
    for (let i = 0; i < 300; i++) {
      const res = await gql(RUN, { id });
      expect(res.errors).toBeUndefined();
      if (res.data.policySimulationRun.status !== "running") return res.data.policySimulationRun;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the run did not end");
  };

  it("ends limited at its time limit, with the figures of the returns it checked up to coveredTo", async () => {
    const started = await gql(START);
    expect(started.errors).toBeUndefined();
    const run = started.data.startPolicySimulation;
    expect(run).toMatchObject({ status: "running", returnsTotal: RETURNS, coveredTo: null, timeLimitSeconds: 1 });
    const last = await untilEnded(run.id);
    expect(last.status).toBe("limited");
    expect(last.error).toBeNull();
    expect(last.returnsDone).toBeGreaterThanOrEqual(1);
    expect(last.returnsDone).toBeLessThan(RETURNS);
    expect(last.linesDone).toBe(last.returnsDone);
    expect(last.money).toEqual([{ currency: "USD", draft: { returns: last.returnsDone }, published: { returns: last.returnsDone } }]);
    // The returns are read oldest first: coveredTo is the creation of the last one checked.
    expect(Date.parse(last.coveredTo)).toBe(Date.parse(created[last.returnsDone - 1]!));
    // The store's place is free: another run starts.
    const next = await gql(START);
    expect(next.errors).toBeUndefined();
    expect((await untilEnded(next.data.startPolicySimulation.id)).status).toBe("limited");
  });
});
