// The core names the fields of its GraphQL input; the REST door names them as its client sent them,
// in `field`, in `errors` and in the words of `detail` (issue: the core in its own words).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { expectNoErrors } from "../../support/gql.js";

const CREATE = `mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id items { id } } } }`;
const PROCESS = `mutation($id: ID!, $items: [ProcessReturnItemInput!]!) { processReturn(id: $id, items: $items) { message } }`;

describe.each(providers)("core field names and the doors' (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Field names")).id;
    key = (await svc.createApiClient(storeId, ["orders_write", "returns_read", "returns_write"])).secret;
  });
  afterAll(() => svc?.close());

  it("createReturn: GraphQL names input.provider, REST data.provider", async () => {
    const order = await pushOrder(svc.http, storeId, key);
    const body = returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]);
    const gql = await svc.http.graphql(CREATE, { s: storeId, i: { ...body.data, provider: " " } }, key);
    expect(gql.errors?.[0].extensions?.field).toBe("input.provider");
    expect(gql.errors?.[0].message).toBe("`input.provider` must not be empty.");
    const rest = await svc.http.post(`/v2.2/stores/${storeId}/returns`, { data: { ...body.data, provider: " " } }, { token: key });
    expect(rest.status).toBe(400);
    expect(rest.body.field).toBe("data.provider");
    expect(rest.body.detail).toBe("`data.provider` must not be empty.");
  });

  it("an item's order line: GraphQL orderItem.externalId, the deprecated line_item_id and REST's line_item_id are the shop's line id", async () => {
    const order = await pushOrder(svc.http, storeId, key);
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: key },
    );
    expect(created.status).toBe(201);
    const q = `query($id: ID!) { return(id: $id) { items { orderItem { id externalId line_item_id } } } }`;
    const [item] = expectNoErrors(await svc.http.graphql(q, { id: created.body.return.id }, key)).return.items;
    expect(item.orderItem.externalId).toBe(order.lineItems[0].id);
    expect(item.orderItem.line_item_id).toBe(item.orderItem.externalId);
    expect(created.body.return.items[0].orderItem).toEqual({ id: item.orderItem.id, line_item_id: order.lineItems[0].id });
  });

  it("processReturn: GraphQL names items[0].itemId, REST products[0]._id", async () => {
    const order = await pushOrder(svc.http, storeId, key);
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: key },
    );
    const id = created.body.return.id;
    const gql = await svc.http.graphql(PROCESS, { id, items: [{ itemId: "rit_nope", restock: true }] }, key);
    expect(gql.errors?.[0].extensions?.field).toBe("items[0].itemId");
    expect(gql.errors?.[0].message).toBe('`items[0].itemId` "rit_nope" is not an item of this return.');
    const rest = await svc.http.post(
      `/v2.2/returns/${id}/process`,
      { products: [{ _id: "rit_nope", processInput: { restock: true } }] },
      { token: key },
    );
    expect(rest.status).toBe(400);
    expect(rest.body.field).toBe("products[0]._id");
    expect(rest.body.detail).toBe('`products[0]._id` "rit_nope" is not an item of this return.');
  });
});
