// Issue 25, review fix 1: the core's draft address speaks the core's words (line1, postalCode, country as the
// ISO code); the Draft Returns door renames to and from the platform's (address1, zip, country_code, and its
// `country`, a name). Its answers are exactly what they were: the address as sent, the refusal of a bad
// country code named as before, and a draft stored in the former shape reads the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { snapshotDatabase } from "../../support/db-snapshot.js";
import { startTestService, type TestService } from "../../support/server.js";
import { draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";

describe.each(providers)("the draft address across the doors (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function draft() {
    const order = await draftOrder(svc, s);
    const res = await fetch(`${svc.url}/api/v1/draft-returns`, {
      method: "POST",
      headers: { "x-authorization": s.secret, "content-type": "application/json" },
      body: JSON.stringify({ order_name: order.name, secondary_input: "jane@example.test" }),
    });
    expect(res.status).toBe(200);
    return (await res.json()).draft_return as { id: number; shipping_address: unknown };
  }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${svc.url}/api/v1/draft-returns${path}`, {
      method: "POST",
      headers: { "x-authorization": s.secret, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const full = {
    name: "Jane Doe",
    company: "Acme",
    address1: "2 Elm St",
    address2: "Apt 4",
    city: "Springfield",
    state: "IL",
    zip: "62702",
    country: "United States",
    country_code: "US",
    phone: "+15550100",
  };

  it("answers the platform's address as sent, and the core holds it in its own words", async () => {
    const d = await draft();
    // Opened from the order: its address (no name on the order's address), renamed.
    expect(d.shipping_address).toEqual({
      name: null,
      company: null,
      address1: "1 Main St",
      address2: null,
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: null,
      country_code: "US",
      phone: null,
    });
    const set = await post(`/${d.id}/address`, { address: full });
    expect(set.status).toBe(200);
    expect(set.body.draft_return.shipping_address).toEqual(full);
    const core = expectNoErrors(
      await svc.http.graphql(
        `query($id: ID) { draftReturn(id: $id) { shippingAddress { name company line1 line2 city state postalCode country countryName phone } } }`,
        { id: String(d.id) },
        s.secret,
      ),
    ) as any;
    expect(core.draftReturn.shippingAddress).toEqual({
      name: "Jane Doe",
      company: "Acme",
      line1: "2 Elm St",
      line2: "Apt 4",
      city: "Springfield",
      state: "IL",
      postalCode: "62702",
      country: "US",
      countryName: "United States",
      phone: "+15550100",
    });
  });

  it("refuses a bad country code naming the field as before, and changes nothing", async () => {
    const d = await draft();
    const before = await snapshotDatabase(svc.services.db);
    const bad = await post(`/${d.id}/address`, { address: { ...full, country_code: "France" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      {
        code: "validation-failed",
        message: '`address.countryCode` must be an ISO 3166-1 alpha-2 code such as "US".',
        field: "address.countryCode",
      },
    ]);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
    // The core names its own field.
    const core = (await svc.http.graphql(
      `mutation($id: ID, $a: DraftAddressInput!) { setDraftReturnAddress(id: $id, address: $a) { id } }`,
      { id: String(d.id), a: { line1: "2 Elm St", city: "Paris", country: "France" } },
      s.secret,
    )) as any;
    expect(core.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "address.country" });
  });

  it("reads a draft stored in the former shape the same", async () => {
    const d = await draft();
    const row = await svc.services.db.prisma.draftReturn.findFirstOrThrow({ where: { storeId: s.storeId, compatId: d.id } });
    const former = { ...full, address1: full.address1, countryCode: "US", country: "United States" } as Record<string, unknown>;
    delete former.country_code;
    await svc.services.db.prisma.draftReturn.update({ where: { id: row.id }, data: { shippingAddress: JSON.stringify(former) } });
    const res = await fetch(`${svc.url}/api/v1/draft-returns/${d.id}`, { headers: { "x-authorization": s.secret } });
    expect(((await res.json()) as any).draft_return.shipping_address).toEqual(full);
  });
});
