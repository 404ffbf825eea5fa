// An order re-sync cannot take back units a return holds (finding 7 of issue 13): lowering a line's
// quantity below its units in returns is refused like removing the line (409 orders/line-item-in-use),
// naming the field, and changes nothing; lowering it to exactly what is held is fine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { customOrderBody, returnBody } from "../../support/orders.js";

describe.each(providers)("order re-sync against returned units (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("refuses a quantity below the units in returns with the removal's 409, and keeps the order", async () => {
    const sync = (lines: { id: string; quantity: number }[]) =>
      svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, customOrderBody({ id: "resync-1", lines }), { token: secret });
    expect(
      (
        await sync([
          { id: "keep", quantity: 1 },
          { id: "L", quantity: 3 },
        ])
      ).status,
    ).toBe(200);
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody({ externalId: "resync-1", name: "resync-1", lineItems: [] }, [{ lineItemId: "L", quantity: 3 }]),
      { token: secret },
    );
    expect(ret.status, ret.text).toBe(201);

    const lowered = await sync([
      { id: "keep", quantity: 1 },
      { id: "L", quantity: 1 },
    ]);
    expect(lowered.status, lowered.text).toBe(409);
    expect(lowered.body).toMatchObject({
      type: "com.retour.api:orders/line-item-in-use",
      title: "Line item in use",
      field: "lineItems[1].quantity",
    });
    expect(lowered.body.detail).toMatch(/`lineItems\[1\]\.quantity` cannot go below 3/);
    const removed = await sync([{ id: "keep", quantity: 1 }]);
    expect(removed.status).toBe(409);
    expect(removed.body).toMatchObject({ type: lowered.body.type, title: lowered.body.title });
    for (const res of [lowered, removed]) expect(res.body.detail).toMatch(/^Line item\(s\) L are part of a return or fulfillment/);

    const line = () => svc.services.db.prisma.orderLineItem.findFirst({ where: { externalId: "L", order: { storeId } } });
    expect((await line())!.quantity).toBe(3);
    // Exactly the held units, and more, are fine.
    expect(
      (
        await sync([
          { id: "keep", quantity: 1 },
          { id: "L", quantity: 3 },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await sync([
          { id: "keep", quantity: 1 },
          { id: "L", quantity: 5 },
        ])
      ).status,
    ).toBe(200);
    expect((await line())!.quantity).toBe(5);
    // A deleted return releases its units.
    expect((await svc.http.put(`/v2.2/returns/${ret.body.return.id}/status`, { status: "deleted" }, { token: secret })).status).toBe(204);
    expect(
      (
        await sync([
          { id: "keep", quantity: 1 },
          { id: "L", quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    expect((await line())!.quantity).toBe(1);
  });
});
