// Tenant isolation, by every id form and through every door (REST, compat, GraphQL fields generated from the
// schema): another store's objects are never returned, never changed. The auth matrix is in auth-matrix.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { compatRoutes } from "../../../facades/compat/index.js";
import { snapshotDatabase } from "../../support/db-snapshot.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { CREATE_EXPERIENCE, expectNoErrors } from "../../support/gql.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { sampleValue, schema } from "../../support/auth-matrix.js";
import { type GraphQLField, getNamedType, getNullableType, isAbstractType, isListType, isObjectType } from "graphql";

describe.each(providers)("tenant isolation by every id form (%s)", (provider) => {
  let svc: TestService;
  let mine: { storeId: string; secret: string; staff: string };
  let theirs: { storeId: string; secret: string; ids: Record<string, string> };

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0", RATE_LIMIT_GRAPHQL_PER_MINUTE: "0" });
    const a = (await svc.createStore("Mine")).id;
    mine = { storeId: a, secret: (await svc.createApiClient(a, "all")).secret, staff: (await svc.createStaff(a)).token };
    const b = (await svc.createStore("Theirs")).id;
    const secret = (await svc.createApiClient(b, "all")).secret;
    const order = await pushOrder(svc.http, b, secret, { name: "#THEIRS-1" });
    const ret = await svc.http.post(`/v2.2/stores/${b}/returns`, returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]), {
      token: secret,
    });
    // Before the webhook exists (no deliveries): a second return, restocked, gives their inventory item and level (and the order's customer).
    const restocked = await svc.http.post(
      `/v2.2/stores/${b}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: secret },
    );
    const processed = await svc.http.post(
      `/v2.2/returns/${restocked.body.return.id}/process`,
      { products: [{ _id: restocked.body.return.items[0].id, processInput: { restock: true } }] },
      { token: secret },
    );
    const level = (await svc.http.get(`/v2.2/stores/${b}/inventory-levels`, { token: secret })).body.inventory_levels?.[0];
    const customer = await svc.http.get(`/v2.2/stores/${b}/customers?email=ada%40example.test`, { token: secret });
    expect([restocked.status, processed.status, customer.status, typeof level?.id]).toEqual([201, 200, 200, "string"]);
    const item = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!, $id: ID!) { inventoryLevel(storeId: $s, id: $id) { item { id } } }`,
        { s: b, id: level.id },
        secret,
      ),
    ) as any;
    // Their return tag, on their return (before the webhook exists: no delivery): its name is what the tag routes take as an id.
    const tag = await svc.http.put(
      `/v2.2/stores/${b}/return-tags/${encodeURIComponent("Their secret tag")}`,
      { pillTheme: "DANGER" },
      { token: secret },
    );
    expect(tag.status).toBe(200);
    expectNoErrors(
      await svc.http.graphql(
        `mutation($id: ID!) { tagReturn(id: $id, names: ["Their secret tag"]) { id } }`,
        { id: ret.body.return.id },
        secret,
      ),
    );
    const ful = await svc.http.post(
      `/v2.2/stores/${b}/orders/${order.externalId}/fulfillments`,
      { fulfillmentId: "THEIR-FUL-1", lineItems: [{ id: order.lineItems[1].id, quantity: 1 }] },
      { token: secret },
    );
    const wh = await svc.http.post(
      `/v2.2/stores/${b}/webhooks`,
      {
        webhook: {
          topic: "return",
          externalId: "their-wh",
          callback: { url: "http://127.0.0.1:9/h", auth: { bearer: { token: "their-token" } } },
        },
      },
      { token: secret },
    );
    const exp = expectNoErrors(await svc.http.graphql(CREATE_EXPERIENCE, { s: b, i: { name: "Their experience" } }, secret));
    const draft = (
      expectNoErrors(
        await svc.http.graphql(
          `mutation($s: ID!) { initializeDraftReturn(storeId: $s, input: { orderName: "#THEIRS-1", secondaryInput: "ada@example.test" }) { draft { id number } } }`,
          { s: b },
          secret,
        ),
      ) as any
    ).initializeDraftReturn.draft;
    expect([ret.status, ful.status, wh.status]).toEqual([201, 200, 201]);
    theirs = {
      storeId: b,
      secret,
      ids: {
        orderExternal: order.externalId,
        orderInternal: order.internalId,
        orderName: "#THEIRS-1",
        return: ret.body.return.id,
        returnItem: ret.body.return.items[0].id,
        lineItemExternal: order.lineItems[0].id,
        fulfillment: "THEIR-FUL-1",
        fulfillmentInternal: ful.body.fulfillment?.id ?? "THEIR-FUL-1",
        webhook: wh.body.webhook.id,
        experience: exp.createCheckoutExperience.id,
        // The warehouse compat door's numeric return id.
        inventoryLevel: level.id,
        inventoryItem: item.inventoryLevel.item.id,
        customer: customer.body.id,
        returnTag: "Their secret tag",
        draft: draft.id,
        draftNumber: String(draft.number),
        compat: String((await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: ret.body.return.id } })).compatId),
      },
    };
  });
  afterAll(() => svc?.close());

  /** Bodies that would succeed on one's own objects, so the lookup itself is what refuses. */
  const bodies: Record<string, unknown> = {
    "PUT /returns/:returnId/status": { status: "rejected" },
    "PUT /returns/:returnId/exchange/order": { order: { externalId: "EXCH-1" } },
    "POST /returns/:returnId/comments": { comment: { message: "mine now" } },
    "POST /returns/:returnId/process": { products: [{ _id: "RETURN_ITEM", processInput: { restock: true } }] },
    "POST /stores/:storeId/orders/:orderId/fulfillments": { fulfillmentId: "STOLEN", lineItems: [{ id: "LINE", quantity: 1 }] },
    "POST /stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status": { status: "delivered" },
    "PUT /webhooks/:webhookId": { webhook: { callback: { url: "http://127.0.0.1:9/stolen", auth: { bearer: { token: "x" } } } } },
    "POST /webhooks/:webhookId/replay": { start: new Date(Date.now() - 86_400_000).toISOString() }, // within the replay window
  };

  it("never returns or changes another store's object through REST, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const secrets = Object.values(theirs.ids).concat(["their-token", "Their experience"]);
    let requests = 0;
    for (const route of restRoutes.filter((r) => /:(?!storeId)\w+/.test(r.path))) {
      const label = `${route.method} ${route.path}`;
      for (const id of Object.values(theirs.ids)) {
        for (const [token, store] of [
          [mine.secret, mine.storeId],
          [mine.staff, mine.storeId],
          [mine.secret, theirs.storeId],
        ] as const) {
          const path = "/v2.2" + route.path.replace(":storeId", store).replace(/:(\w+)/g, () => encodeURIComponent(id));
          const raw = JSON.stringify(bodies[label] ?? {})
            .replace("RETURN_ITEM", theirs.ids.returnItem)
            .replace("LINE", theirs.ids.lineItemExternal);
          const res = await svc.http.request(
            route.method,
            path,
            route.method === "GET" || route.method === "DELETE" ? { token } : { token, raw },
          );
          requests++;
          expect(res.status, `${label} with ${path}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${label} with ${path}`).toBeLessThan(500);
          // Nothing of theirs beyond what the request itself named (errors may echo the id sent).
          for (const s of secrets)
            if (s.length > 8 && !id.includes(s) && !raw.includes(s)) expect(res.text, `${label} leaked ${s}`).not.toContain(s);
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  }, 120_000);

  it("never returns or changes another store's object through the compat door, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const theirText = ["their-token", "Their experience", theirs.ids.return, theirs.ids.orderInternal];
    for (const route of compatRoutes.filter((r) => r.path.includes(":"))) {
      for (const id of Object.values(theirs.ids)) {
        const path = "/api/v1/warehouse" + route.path.replace(/:(\w+)/g, () => encodeURIComponent(id));
        const hasBody = route.method !== "GET" && route.method !== "DELETE";
        const res = await fetch(svc.url + path, {
          method: route.method,
          headers: { "x-authorization": mine.secret, ...(hasBody ? { "content-type": "application/json" } : {}) },
          body: hasBody ? "{}" : undefined,
        });
        const text = await res.text();
        expect(res.status, `${route.method} ${path}`).toBeLessThan(500);
        for (const s of theirText) if (!id.includes(s)) expect(text, `${route.method} ${path} leaked ${s}`).not.toContain(s);
      }
    }
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });

  it("never reaches another store's object through any GraphQL field that takes an id (generated from the schema)", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const theirIds = Object.values(theirs.ids);
    let calls = 0;
    for (const kind of ["query", "mutation"] as const) {
      const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
      for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
        const idArgs = field.args.filter(
          (a) => a.name !== "storeId" && /(^id$|Id$|^ids$)/.test(a.name) && ["ID", "String"].includes(getNamedType(a.type).name),
        );
        if (!idArgs.length || field.name === "login") continue;
        const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
        const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
        const t = getNamedType(field.type);
        // A connection filtered by their id must come back empty: select its nodes.
        const paged = isObjectType(t) && "nodes" in t.getFields();
        const text = `${kind}(${vars}) { ${field.name}(${args})${paged ? " { nodes { __typename } }" : isObjectType(t) || isAbstractType(t) ? " { __typename }" : ""} }`;
        for (const idArg of idArgs) {
          for (const id of theirIds) {
            const variables: Record<string, unknown> = {};
            for (const a of field.args) {
              const v =
                a.name === "storeId" ? mine.storeId : a === idArg ? (isListType(getNullableType(a.type)) ? [id] : id) : sampleValue(a.type);
              if (v !== undefined) variables[a.name] = v;
            }
            for (const token of [mine.secret, mine.staff]) {
              const res = await svc.http.graphql(text, variables, token);
              calls++;
              const where = `${field.name}(${idArg.name}: ${id}) → ${JSON.stringify(res).slice(0, 300)}`;
              if (res.errors?.length) {
                for (const e of res.errors) expect(e.extensions?.status, where).toBeLessThan(500);
              } else {
                const value = paged ? res.data?.[field.name]?.nodes : res.data?.[field.name];
                expect(value === null || (Array.isArray(value) && value.length === 0), where).toBe(true);
              }
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  }, 120_000);

  it("never returns or changes another store's object through GraphQL, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    for (const token of [mine.secret, mine.staff]) {
      for (const id of Object.values(theirs.ids)) {
        const read = await svc.http.graphql(
          `query($s: ID!, $id: ID!, $o: String!) { order(storeId: $s, id: $o) { id } return(id: $id) { id } webhook(id: $id) { id } checkoutExperience(storeId: $s, id: $id) { id } }`,
          { s: mine.storeId, id, o: id },
          token,
        );
        expect(read.errors ?? []).toEqual([]);
        expect(read.data).toEqual({ order: null, return: null, webhook: null, checkoutExperience: null });
        for (const m of [
          `mutation($id: ID!) { rejectReturn(id: $id) { __typename } }`,
          `mutation($id: ID!) { deleteWebhook(id: $id) { __typename } }`,
          `mutation($id: ID!) { addReturnComment(id: $id, message: "x") { __typename } }`,
        ]) {
          const res = await svc.http.graphql(m, { id }, token);
          if (res.errors?.[0]?.extensions?.code === "GRAPHQL_VALIDATION_FAILED") continue; // a signature this schema does not have
          expect(res.errors?.length, `${m} ${id}`).toBeGreaterThan(0);
          expect(res.errors![0].extensions.status).toBeGreaterThanOrEqual(400);
          expect(res.errors![0].extensions.status).toBeLessThan(500);
        }
      }
      const other = await svc.http.graphql(
        `query($s: ID!, $o: String!) { order(storeId: $s, id: $o) { id } }`,
        { s: theirs.storeId, o: theirs.ids.orderExternal },
        token,
      );
      expect(other.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", type: "stores/not-found" });
      expect(other.data?.order ?? null).toBeNull();
    }
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });
});
