import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";
import { pushOrder } from "../../support/orders.js";
import { renderReturnPayload } from "../../../src/returns/payload.js";
import { seedReturns } from "../../../src/returns/seed.js";

const CREATE = `mutation($s: ID!, $i: CreateReturnInput!, $k: String) {
  createReturn(storeId: $s, input: $i, idempotencyKey: $k) { replayed externalRMAResponses { success } return { id status items { id } allowedActions createdBy { type id name } } }
}`;
const ACTION = (name: string, args = "") => `mutation($id: ID!) { ${name}(id: $id${args}) { message return { status allowedActions } } }`;

describe.each(providers)("returns over GraphQL (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let clientId: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("GraphQL returns")).id;
    const c = await svc.createApiClient(storeId, "all");
    secret = c.secret;
    clientId = c.id;
  });
  afterAll(() => svc?.close());

  async function newReturn() {
    const order = await pushOrder(svc.http, storeId, secret);
    const data = expectNoErrors(
      await svc.http.graphql(
        CREATE,
        {
          s: storeId,
          i: {
            provider: "custom",
            externalOrderId: order.externalId,
            items: order.lineItems.map((l) => ({ lineItemId: l.id, quantity: 1 })),
          },
        },
        secret,
      ),
    );
    return { order, ret: data.createReturn.return };
  }

  it("creates with the creator recorded, and walks every action with a timeline and domain events", async () => {
    const { ret } = await newReturn();
    // The client's name as it stands (read with the credentials that authenticated the request).
    const name = (await svc.services.db.prisma.apiClient.findUniqueOrThrow({ where: { id: clientId } })).name;
    expect(name).toMatch(/^key \d+$/);
    expect(ret).toMatchObject({ status: "open", createdBy: { type: "api_client", id: clientId, name } });
    expect(ret.allowedActions).toEqual(["process", "flag", "reject", "cancel", "reset", "complete", "remove_items", "comment", "deliver"]);
    const run = async (q: string, vars: Record<string, unknown> = {}) =>
      expectNoErrors(await svc.http.graphql(q, { id: ret.id, ...vars }, secret));

    expect((await run(ACTION("flagReturn", ', reason: "check serials"'))).flagReturn.return).toEqual({
      status: "flagged",
      allowedActions: ["reject", "reset", "complete", "remove_items", "comment"],
    });
    expect(
      (
        await run(`mutation($id: ID!, $items: [ID!]!) { removeReturnItems(id: $id, itemIds: $items) { return { status items { id } } } }`, {
          items: [ret.items[1].id],
        })
      ).removeReturnItems.return,
    ).toEqual({ status: "flagged", items: [{ id: ret.items[0].id }] });
    expect((await run(ACTION("rejectReturn"))).rejectReturn.return.status).toBe("rejected");
    expect((await run(ACTION("reopenReturn"))).reopenReturn.return.status).toBe("open");
    expect(
      (
        await run(
          `mutation($id: ID!, $items: [ProcessReturnItemInput!]!) { processReturn(id: $id, items: $items) { return { status } } }`,
          { items: [{ itemId: ret.items[0].id, restock: true }] },
        )
      ).processReturn.return.status,
    ).toBe("complete");
    expect((await run(ACTION("reopenReturn"))).reopenReturn.return.status).toBe("open");
    expect((await run(ACTION("completeReturn"))).completeReturn.return.status).toBe("complete");
    expect(
      (await run(`mutation($id: ID!) { setReturnStatus(id: $id, status: open) { return { status } } }`)).setReturnStatus.return.status,
    ).toBe("open");
    expect((await run(ACTION("cancelReturn"))).cancelReturn.return).toEqual({ status: "deleted", allowedActions: ["comment"] });
    const c = await run(
      `mutation($id: ID!) { addReturnComment(id: $id, message: "Refund issued by hand") { id message image author { type id } createdAt } }`,
    );
    expect(c.addReturnComment).toMatchObject({
      message: "Refund issued by hand",
      image: null,
      author: { type: "api_client", id: clientId },
    });

    const refused = await svc.http.graphql(ACTION("resetReturn"), { id: ret.id }, secret);
    expect(refused.errors?.[0].extensions).toMatchObject({
      code: "CONFLICT",
      status: 409,
      type: "returns/invalid-transition",
      currentStatus: "deleted",
      allowedActions: ["comment"],
    });

    const read = await run(
      `query($id: ID!) { return(id: $id) { timeline { action fromStatus toStatus actor { type id } at detail } comments { message } } }`,
    );
    expect(read.return.timeline.map((t: any) => [t.action, t.fromStatus, t.toStatus])).toEqual([
      ["created", null, "open"],
      ["flag", "open", "flagged"],
      ["remove_items", "flagged", "flagged"],
      ["reject", "flagged", "rejected"],
      ["reopen", "rejected", "open"],
      ["process", "open", "complete"],
      ["reopen", "complete", "open"],
      ["complete", "open", "complete"],
      ["reopen", "complete", "open"],
      ["cancel", "open", "deleted"],
      ["comment", "deleted", "deleted"],
    ]);
    expect(
      read.return.timeline.every((t: any) => t.actor.type === "api_client" && t.actor.id === clientId && typeof t.at === "string"),
    ).toBe(true);
    expect(JSON.parse(read.return.timeline[1].detail)).toEqual({ reason: "check serials" });

    const events = await svc.services.db.prisma.domainEvent.findMany({
      where: { topic: "return", subjectId: ret.id },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((e) => [e.sequence, e.type])).toEqual(Array.from({ length: 11 }, (_, i) => [i + 1, i === 0 ? "created" : "updated"]));
    // The refused transition recorded nothing.
    expect(events.every((e) => e.storeId === storeId)).toBe(true);
  });

  it("renders the same { return, order } JSON as the REST read", async () => {
    const { ret } = await newReturn();
    const rest = await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret });
    const payload = await renderReturnPayload(svc.services, storeId, ret.id);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(rest.body);
  });

  it("replays createReturn by idempotency key and lists by filters", async () => {
    const order = await pushOrder(svc.http, storeId, secret, { name: "#G-77" });
    const vars = {
      s: storeId,
      k: `gql-${Date.now()}`,
      i: { provider: "custom", externalOrderId: order.externalId, items: [{ lineItemId: order.lineItems[0].id, quantity: 1 }] },
    };
    const a = expectNoErrors(await svc.http.graphql(CREATE, vars, secret)).createReturn;
    const b = expectNoErrors(await svc.http.graphql(CREATE, vars, secret)).createReturn;
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    expect(b.return.id).toBe(a.return.id);
    expect(a.externalRMAResponses).toEqual([]);
    const list = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!) { returns(storeId: $s, filter: { orderName: "#G-77", status: open }, first: 5) { nodes { id } orders { name } pageInfo { hasNextPage } } }`,
        { s: storeId },
        secret,
      ),
    );
    expect(list.returns).toEqual({ nodes: [{ id: a.return.id }], orders: [{ name: "#G-77" }], pageInfo: { hasNextPage: false } });
    const transitions = expectNoErrors(await svc.http.graphql(`{ returnTransitions { from action to } }`, {}, secret));
    expect(transitions.returnTransitions).toContainEqual({ from: "complete", action: "reopen", to: "open" });
    expect(transitions.returnTransitions).toContainEqual({ from: "open", action: "comment", to: null });
  });

  it("hides another store's return and order", async () => {
    const { ret, order } = await newReturn();
    const other = await svc.createStore("Elsewhere");
    const staff = await svc.createStaff(other.id);
    const res = await svc.http.graphql(`query($id: ID!) { return(id: $id) { id } }`, { id: ret.id }, staff.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.return).toBeNull();
    const flag = await svc.http.graphql(ACTION("flagReturn"), { id: ret.id }, staff.token);
    expect(flag.errors?.[0].extensions).toMatchObject({ status: 404, type: "returns/not-found" });
    const ord = await svc.http.graphql(
      `query($s: ID!, $id: String!) { order(storeId: $s, id: $id) { id } }`,
      { s: storeId, id: order.externalId },
      staff.token,
    );
    expect(ord.errors?.[0].extensions).toMatchObject({ status: 404, type: "stores/not-found" });
  });

  it("seeds orders, returns in several statuses and fulfillments", async () => {
    const store = (await svc.createStore("Seeded")).id;
    const summary = await seedReturns(svc.services, store);
    const staff = await svc.createStaff(store);
    const data = expectNoErrors(
      await svc.http.graphql(`query($s: ID!) { returns(storeId: $s, first: 50) { nodes { id status } } }`, { s: store }, staff.token),
    );
    const byId = new Map(data.returns.nodes.map((r: any) => [r.id, r.status]));
    for (const r of summary.returns) expect(byId.get(r.id)).toBe(r.status);
    expect(new Set(summary.returns.map((r) => r.status)).size).toBe(6);
    const order = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!) { order(storeId: $s, id: "#5001") { fulfillments { id status deliveredAt } } }`,
        { s: store },
        staff.token,
      ),
    );
    expect(order.order.fulfillments).toEqual([{ id: "FUL-5001", status: "delivered", deliveredAt: expect.any(String) }]);
  });

  it("processes a flagged return only when the store allows it", async () => {
    const { ret } = await newReturn();
    expectNoErrors(await svc.http.graphql(ACTION("flagReturn"), { id: ret.id }, secret));
    const PROCESS = `mutation($id: ID!, $items: [ProcessReturnItemInput!]!) { processReturn(id: $id, items: $items) { return { status } } }`;
    const vars = { id: ret.id, items: [{ itemId: ret.items[0].id, restock: true }] };
    const refused = await svc.http.graphql(PROCESS, vars, secret);
    expect(refused.errors?.[0].extensions).toMatchObject({ status: 409, type: "returns/invalid-transition" });
    await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { allowFlaggedReturnProcessing: true } });
    try {
      const read = expectNoErrors(await svc.http.graphql(`query($id: ID!) { return(id: $id) { allowedActions } }`, { id: ret.id }, secret));
      expect(read.return.allowedActions).toContain("process");
      expect(expectNoErrors(await svc.http.graphql(PROCESS, vars, secret)).processReturn.return.status).toBe("in_review");
    } finally {
      await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { allowFlaggedReturnProcessing: false } });
    }
  });
});
