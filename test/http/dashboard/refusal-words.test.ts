// The dashboard's door to the core (facades/dashboard/app/src/graphql.ts) against the real service: a refusal
// the core sends as a code is shown in the merchant's words from the dashboard's catalogue, with its field
// kept for the form; a refusal without a code keeps the core's English.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import type * as DashboardClient from "../../../facades/dashboard/app/src/graphql.js";

const UPSERT = `mutation($s: ID!, $i: CustomerInput!) { upsertCustomer(storeId: $s, input: $i) { created } }`;
const REOPEN = `mutation { reopenReturn(id: "ret_nope") { message } }`;

describe.each(providers)("the dashboard words the core's refusals (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let client: typeof DashboardClient;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Dashboard refusals store")).id;
    const staff = await svc.createStaff(storeId);
    const session = JSON.stringify({ token: staff.token, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: staff.email });
    // The browser's window, storage and relative fetch, as the dashboard has them in a page of the service.
    vi.stubGlobal("window", { addEventListener: () => {} });
    vi.stubGlobal("localStorage", { getItem: () => session, setItem: () => {}, removeItem: () => {} });
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (path: string, init?: RequestInit) => realFetch(svc.http.graphqlUrl + path, init));
    client = await import("../../../facades/dashboard/app/src/graphql.js");
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await svc?.close();
  });

  const refusalOf = async (query: string, variables: Record<string, unknown>) => {
    const err = await client.gql(query, variables).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(client.GraphQLRequestError);
    return err as DashboardClient.GraphQLRequestError;
  };

  it("shows a coded refusal in the merchant's words, keeping its status and field", async () => {
    const err = await refusalOf(UPSERT, { s: storeId, i: { email: "x@example.com", phoneNumber: "555-1234" } });
    expect(err.message).toBe("“555-1234” is not a phone number in international form; enter one such as +12345678900.");
    expect(err).toMatchObject({ code: "BAD_USER_INPUT", status: 400, field: "phoneNumber" });
    const field = await refusalOf(UPSERT, { s: storeId, i: { email: "x@example.com", location: { countryCode: "USA" } } });
    expect(field.message).toBe("Enter the country as its two-letter code, such as US.");
    expect(field.field).toBe("location.countryCode");
  });

  it("keeps the core's English for a refusal the core has not coded", async () => {
    const err = await refusalOf(REOPEN, {});
    expect(err.status).toBe(404);
    expect(err.message).toContain("ret_nope");
  });
});
