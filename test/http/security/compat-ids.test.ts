// Compat ids are numbered per store (issue 13, finding 13): a tenant's ids say nothing about other
// stores' volume, each store's ids are unique and never reused, and concurrent creates in one store
// (its first ones included, when its counter row does not exist yet) never collide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient, compatReturn } from "../../support/compat.js";
import { pushOrder, returnBody } from "../../support/orders.js";

describe.each(providers)("compat ids per store (%s)", (provider) => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      RATE_LIMIT_REST_PER_MINUTE: "0",
      RATE_LIMIT_COMPAT_PER_MINUTE: "0",
      RATE_LIMIT_GRAPHQL_PER_MINUTE: "0",
    });
  });
  afterAll(() => svc?.close());

  const store = async () => {
    const id = (await svc.createStore()).id;
    return { id, secret: (await svc.createApiClient(id, "all")).secret };
  };

  it("numbers each store from 1, and each store's key finds its own return by that id", async () => {
    const a = await store();
    const b = await store();
    const a1 = await compatReturn(svc, a.id, a.secret);
    const a2 = await compatReturn(svc, a.id, a.secret);
    const b1 = await compatReturn(svc, b.id, b.secret);
    expect([a1.compatId, a2.compatId, b1.compatId]).toEqual([1, 2, 1]);
    expect((await compatClient(svc, a.secret).get(`/return/details?return_id=1`)).body.service_id).toBe(a1.id);
    expect((await compatClient(svc, b.secret).get(`/return/details?return_id=1`)).body.service_id).toBe(b1.id);
    expect((await compatClient(svc, b.secret).get(`/return/details?return_id=2`)).body).toEqual({
      error: { message: "No return found with this ID." },
    });
  });

  it("gives concurrent first creates in one store distinct ids 1…n", async () => {
    const s = await store();
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await pushOrder(svc.http, s.id, s.secret));
    const created = await Promise.all(
      orders.map((o) =>
        svc.http.post(`/v2.2/stores/${s.id}/returns`, returnBody(o, [{ lineItemId: o.lineItems[0].id, quantity: 1 }]), { token: s.secret }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(orders.map(() => 201));
    const rows = await svc.services.db.prisma.return.findMany({ where: { storeId: s.id }, select: { compatId: true } });
    expect(rows.map((r) => r.compatId).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("never hands out an id again, even after its return is gone", async () => {
    const s = await store();
    const first = await compatReturn(svc, s.id, s.secret);
    expect((await svc.http.delete(`/v2.2/stores/${s.id}/orders/${first.orderExternalId}`, { token: s.secret })).status).toBe(200);
    expect((await compatReturn(svc, s.id, s.secret)).compatId).toBe(first.compatId + 1);
  });
});
