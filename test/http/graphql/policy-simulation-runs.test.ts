// A simulation run in the background (src/policy/simulation-jobs.ts), through the GraphQL door: its progress
// advances while it runs and ends at the range's size, a cancel stops it before the end (and frees the
// store's place), and a second start while one runs is refused by the database, whichever request wins.
// The service reads a return at a time and pauses after each (SIMULATION_CHUNK=1, SIMULATION_PAUSE_MS),
// so a run of eight returns lasts long enough to be watched; what the run says of the returns is checked
// against the one-return-at-a-time oracle in policy-simulation-pages.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const RUN_FIELDS = `id status returnsTotal returnsDone linesDone cancelRequested error affectedCount money { currency draft { returns } }`;
const START = `mutation($s: ID!) { startPolicySimulation(storeId: $s, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z") { ${RUN_FIELDS} } }`;
const CANCEL = `mutation($s: ID!, $id: ID!) { cancelPolicySimulation(storeId: $s, id: $id) { ${RUN_FIELDS} } }`;
const RUN = `query($s: ID!, $id: ID) { policySimulationRun(storeId: $s, id: $id) { ${RUN_FIELDS} } }`;
const RETURNS = 8;
const PAUSE_MS = 150;

interface Run {
  id: string;
  status: string;
  returnsTotal: number;
  returnsDone: number;
  linesDone: number;
  cancelRequested: boolean;
  error: string | null;
  affectedCount: number;
  money: { currency: string; draft: { returns: number } }[];
}

describe.each(providers)("policy simulation runs (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>) => svc.http.graphql(query, { s: storeId, ...variables }, secret);

  beforeAll(async () => {
    svc = await startTestService(provider, { ...NO_RATE_LIMITS, SIMULATION_CHUNK: "1", SIMULATION_PAUSE_MS: String(PAUSE_MS) });
    storeId = (await svc.createStore("Simulation runs")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    for (let i = 0; i < RETURNS; i++) {
      const id = `run-${provider}-${i}`;
      const order = await pushOrder(svc.http, storeId, secret, {
        id,
        name: `#${id}`,
        customer: { email: `runs${i % 3}@example.test`, firstName: "Run", lastName: "Shopper" },
        lines: [
          { id: `${id}-a`, quantity: 2, price: "25.00" },
          { id: `${id}-b`, quantity: 1, price: "70.00" },
        ],
      });
      const items = order.lineItems.map((l) => ({ lineItemId: l.id, quantity: 1, reason: "Too big" }));
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        { data: { provider: "custom", externalOrderId: order.externalId, items } },
        { token: secret },
      );
      expect(res.status).toBe(201);
    }
    const draft = { window: { days: 3650, from: "order" }, outcomes: { refund: true, storeCredit: true }, returnFee: { amount: "1.00" } };
    expect((await gql(POLICY, { i: draft })).errors).toBeUndefined();
  });
  afterAll(() => svc?.close());

  const start = async (): Promise<Run> => {
    const res = await gql(START, {});
    expect(res.errors).toBeUndefined();
    return res.data.startPolicySimulation;
  };
  const read = async (id: string): Promise<Run> => {
    const res = await gql(RUN, { id });
    expect(res.errors).toBeUndefined();
    return res.data.policySimulationRun;
  };
  /** Polls until the run has ended, every state it was seen in kept (a bounded wait: 100 polls of 50 ms beyond its length). */
  const untilEnded = async (id: string): Promise<Run[]> => {
    const seen: Run[] = [];
    for (let i = 0; i < RETURNS * (PAUSE_MS / 50) + 100; i++) {
      const run = await read(id);
      seen.push(run);
      if (run.status !== "running") return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the run did not end: ${JSON.stringify(seen.at(-1))}`);
  };

  it("reports its progress as it goes, and its result at the end", async () => {
    const run = await start();
    expect(run).toMatchObject({ status: "running", returnsTotal: RETURNS, money: [], affectedCount: 0 });
    const seen = await untilEnded(run.id);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: "completed", returnsDone: RETURNS, linesDone: 2 * RETURNS, error: null });
    expect(last.money).toEqual([{ currency: "USD", draft: { returns: RETURNS } }]);
    // Seen part-way: some returns checked, not all, while it ran; never going back.
    const during = seen.filter((r) => r.status === "running").map((r) => r.returnsDone);
    expect(during.some((n) => n > 0 && n < RETURNS)).toBe(true);
    expect([...during].sort((a, b) => a - b)).toEqual(during);
    // Without an id: the store's latest run.
    expect((await gql(RUN, {})).data.policySimulationRun.id).toBe(run.id);
  });

  it("stops when cancelled, and the store can start another", async () => {
    const run = await start();
    const cancel = await gql(CANCEL, { id: run.id });
    expect(cancel.errors).toBeUndefined();
    expect(cancel.data.cancelPolicySimulation.cancelRequested).toBe(true);
    const last = (await untilEnded(run.id)).at(-1)!;
    expect(last.status).toBe("cancelled");
    expect(last.returnsDone).toBeLessThan(RETURNS);
    expect(last.money).toEqual([]);
    const next = await start();
    expect((await untilEnded(next.id)).at(-1)!.status).toBe("completed");
  });

  it("refuses a second simulation of the store while one runs, whichever request comes first", async () => {
    const [a, b] = await Promise.all([gql(START, {}), gql(START, {})]);
    const won = [a, b].filter((r) => !r.errors);
    const lost = [a, b].filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const id = won[0]!.data.startPolicySimulation.id;
    const refusal = lost[0]?.errors?.[0];
    expect(refusal?.extensions).toMatchObject({ status: 409, type: expect.stringContaining("policy/simulation-running") });
    expect(refusal?.message).toMatch(/still running.*wait for it to finish, or cancel it/);
    // Refused again while it still runs; the running one is unharmed and finishes.
    const again = await gql(START, {});
    expect(again.errors?.[0]?.extensions).toMatchObject({ status: 409, runId: id });
    expect((await untilEnded(id)).at(-1)!.status).toBe("completed");
  });
});
