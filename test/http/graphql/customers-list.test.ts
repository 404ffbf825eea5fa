// The customers list behind the dashboard's customers page, through /graphql on both databases: search
// by e-mail or name (every word, any case), paging, a customer's orders, and the scopes it needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoErrors } from "../../support/gql.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { pushOrder } from "../../support/orders.js";

const LIST = `query($s: ID!, $q: String, $first: Int, $after: String) {
  customers(storeId: $s, search: $q, first: $first, after: $after) { nodes { email firstName lastName } pageInfo { hasNextPage endCursor } }
}`;
const ORDERS = `query($s: ID!, $e: String) { customer(storeId: $s, email: $e) { orders(first: 10) { nodes { name } pageInfo { hasNextPage } } } }`;

describe.each(providers)("customers list in GraphQL (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Customers list")).id;
    key = (await svc.createApiClient(storeId, ["customers_read", "orders_read", "orders_write"])).secret;
    const people = [
      ["Ada", "Lovelace", "ada@example.test"],
      ["Grace", "Hopper", "grace@example.test"],
      ["Alan", "Turing", "alan@example.test"],
    ];
    for (const [i, [first, last, email]] of people.entries())
      await pushOrder(svc.http, storeId, key, {
        id: `CL-${i}`,
        name: `#CL${i}`,
        lines: [{ id: `CL-${i}-1`, quantity: 1, price: "10.00" }],
        customer: { email, firstName: first, lastName: last },
      });
    await pushOrder(svc.http, storeId, key, {
      id: "CL-9",
      name: "#CL9",
      lines: [{ id: "CL-9-1", quantity: 1, price: "10.00" }],
      customer: { email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" },
    });
    // Another store's customer of the same name is never listed.
    const other = (await svc.createStore("Other")).id;
    const otherKey = (await svc.createApiClient(other, ["orders_write"])).secret;
    await pushOrder(svc.http, other, otherKey, {
      id: "X-1",
      name: "#X1",
      lines: [{ id: "X-1-1", quantity: 1, price: "1.00" }],
      customer: { email: "ada2@example.test", firstName: "Ada", lastName: "Other" },
    });
  });
  afterAll(() => svc?.close());

  const list = async (q: string | null, first?: number, after?: string) =>
    expectNoErrors(await svc.http.graphql(LIST, { s: storeId, q, first, after }, key)).customers;

  it("finds by part of an e-mail or name, every word, in any case, in this store only", async () => {
    expect((await list(null)).nodes.map((c: { email: string }) => c.email).sort()).toEqual([
      "ada@example.test",
      "alan@example.test",
      "grace@example.test",
    ]);
    expect((await list("HOPPER")).nodes.map((c: { email: string }) => c.email)).toEqual(["grace@example.test"]);
    expect((await list("a l")).nodes.length).toBe(3);
    expect((await list("ada lovelace")).nodes.map((c: { email: string }) => c.email)).toEqual(["ada@example.test"]);
    expect((await list("alan@")).nodes.map((c: { email: string }) => c.email)).toEqual(["alan@example.test"]);
    expect((await list("nobody")).nodes).toEqual([]);
  });

  it("pages with cursors, and lists a customer's orders newest first", async () => {
    const one = await list(null, 2);
    expect(one.nodes).toHaveLength(2);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = await list(null, 2, one.pageInfo.endCursor);
    expect(two.nodes).toHaveLength(1);
    expect(two.pageInfo.hasNextPage).toBe(false);
    const orders = expectNoErrors(await svc.http.graphql(ORDERS, { s: storeId, e: "ada@example.test" }, key)).customer.orders;
    expect(orders.nodes.map((o: { name: string }) => o.name).sort()).toEqual(["#CL0", "#CL9"]);
  });

  it("needs customers_read for the list and orders_read for a customer's orders; a long search is refused", async () => {
    const ordersOnly = (await svc.createApiClient(storeId, ["orders_read"])).secret;
    const refused = await svc.http.graphql(LIST, { s: storeId }, ordersOnly);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const customersOnly = (await svc.createApiClient(storeId, ["customers_read"])).secret;
    const noOrders = await svc.http.graphql(ORDERS, { s: storeId, e: "ada@example.test" }, customersOnly);
    expect(noOrders.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const long = await svc.http.graphql(LIST, { s: storeId, q: "x".repeat(300) }, key);
    expect(long.errors?.[0].extensions).toMatchObject({ status: 400 });
  });

  it("searches what a customer is called now: a renamed customer by the new name only, a new one at once", async () => {
    const writer = (await svc.createApiClient(storeId, ["customers_write"])).secret;
    const upsert = `mutation($s: ID!, $i: CustomerInput!) { upsertCustomer(storeId: $s, input: $i) { created } }`;
    expectNoErrors(await svc.http.graphql(upsert, { s: storeId, i: { email: "alan@example.test", lastName: "Kayfield" } }, writer));
    expectNoErrors(await svc.http.graphql(upsert, { s: storeId, i: { email: "edsger@example.test", firstName: "Edsger" } }, writer));
    const emails = async (q: string) => (await list(q)).nodes.map((c: { email: string }) => c.email);
    expect(await emails("turing")).toEqual([]);
    expect(await emails("kayfield")).toEqual(["alan@example.test"]);
    expect(await emails("EDSGER")).toEqual(["edsger@example.test"]);
    // Two letters have no trigram: looked for among the most recently updated customers.
    expect(await emails("ed ge")).toEqual(["edsger@example.test"]);
  });
});
