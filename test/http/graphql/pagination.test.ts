import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { CREATE_EXPERIENCE, expectNoErrors } from "../../support/gql.js";

const PAGE = `query($s: ID!, $first: Int, $after: String) {
  checkoutExperiences(storeId: $s, first: $first, after: $after) { nodes { id name } pageInfo { hasNextPage endCursor } }
}`;

describe.each(providers)("cursor pagination (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  const create = async (name: string) =>
    expectNoErrors(await svc.http.graphql(CREATE_EXPERIENCE, { s: storeId, i: { name } }, secret)).createCheckoutExperience.id as string;

  it("walks every row exactly once while rows are inserted between pages", async () => {
    const initial: string[] = [];
    for (let i = 0; i < 23; i++) initial.push(await create(`initial ${i}`));
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const data: any = expectNoErrors(await svc.http.graphql(PAGE, { s: storeId, first: 5, after }, secret));
      const conn = data.checkoutExperiences;
      seen.push(...conn.nodes.map((n: any) => n.id));
      after = conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null;
      if (conn.pageInfo.hasNextPage) expect(conn.nodes).toHaveLength(5);
      // Newer rows land before the cursor (newest first) and must not disturb the walk.
      await create(`inserted after page ${pages}`);
      pages++;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...initial].reverse());
    expect(pages).toBe(5);
  });

  it("rejects a tampered or foreign cursor with 400, never 500", async () => {
    const data: any = expectNoErrors(await svc.http.graphql(PAGE, { s: storeId, first: 1 }, secret));
    const cursor: string = data.checkoutExperiences.pageInfo.endCursor;
    const [body, sig] = cursor.split(".");
    const decoded = JSON.parse(Buffer.from(body, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...decoded, i: "chx_zzzz" })).toString("base64url");
    for (const bad of [`${forgedBody}.${sig}`, cursor.slice(0, -2), "garbage", "%%%", "a.b.c", ""]) {
      const res = await svc.http.graphql(PAGE, { s: storeId, first: 1, after: bad }, secret);
      if (bad === "") {
        expect(res.errors).toBeUndefined();
        continue;
      }
      expect(res.errors?.[0].extensions).toMatchObject({ status: 400, type: "request/invalid-cursor" });
    }
    // A cursor of another store's list is foreign here.
    const other = await svc.createStore();
    const otherSecret = (await svc.createApiClient(other.id, "all")).secret;
    await svc.http.graphql(CREATE_EXPERIENCE, { s: other.id, i: { name: "o1" } }, otherSecret);
    await svc.http.graphql(CREATE_EXPERIENCE, { s: other.id, i: { name: "o2" } }, otherSecret);
    const theirs: any = expectNoErrors(await svc.http.graphql(PAGE, { s: other.id, first: 1 }, otherSecret));
    const res = await svc.http.graphql(PAGE, { s: storeId, first: 1, after: theirs.checkoutExperiences.pageInfo.endCursor }, secret);
    expect(res.errors?.[0].extensions.status).toBe(400);
  });

  it("refuses page sizes outside 1..500", async () => {
    for (const first of [0, -1, 501]) {
      const res = await svc.http.graphql(PAGE, { s: storeId, first }, secret);
      expect(res.errors?.[0].extensions).toMatchObject({ status: 400 });
    }
  });

  const problemsOf = async (query: string, variables: Record<string, unknown>) => {
    const res = await svc.http.graphql(query, { s: storeId, ...variables }, secret);
    expect(res.errors).toHaveLength(1);
    const ext = res.errors![0].extensions;
    expect(ext).toMatchObject({ status: 400, code: "BAD_USER_INPUT", type: "request/invalid" });
    expect(res.errors![0].message).toBe(ext.problems.map((p: { detail: string }) => p.detail).join(" "));
    expect(ext.field).toBe(ext.problems[0].field);
    return ext.problems as { field: string; detail: string }[];
  };

  it("names every bad argument of a list in one error, by its GraphQL argument (returns, CSV, inbound, inventory, backwards)", async () => {
    const RETURNS = `query($s: ID!, $first: Int, $after: String, $filter: ReturnFilter) {
      returns(storeId: $s, first: $first, after: $after, filter: $filter) { nodes { id } } }`;
    const problems = await problemsOf(RETURNS, { first: 9999, after: "garbage", filter: { status: "open" } });
    // Each with its refusal as data (a code and its parameters), for a door to word it.
    expect(problems).toEqual([
      {
        field: "first",
        detail: "Page size must be an integer from 1 to 500; got 9999.",
        refusal: { code: "PAGE_SIZE_INVALID", params: { field: "first", max: 500, value: "9999" } },
      },
      {
        field: "after",
        detail: expect.stringMatching(/^The page cursor is invalid: pass the exact value/),
        refusal: { code: "CURSOR_INVALID", params: { field: "after" } },
      },
    ]);
    // The same for the CSV of the list, and backwards (`last`, `before`), and for the other lists.
    const CSV = `query($s: ID!, $first: Int, $after: String) { returnsCsv(storeId: $s, first: $first, after: $after) { csv } }`;
    expect((await problemsOf(CSV, { first: 0, after: "garbage" })).map((p) => p.field)).toEqual(["first", "after"]);
    const BACK = `query($s: ID!, $last: Int, $before: String, $after: String) {
      checkoutExperiences(storeId: $s, last: $last, before: $before, after: $after) { nodes { id } } }`;
    expect((await problemsOf(BACK, { last: 501, before: "x.y", after: "x.y" })).map((p) => p.field)).toEqual(["before", "last", "before"]);
    const INBOUND = `query($s: ID!, $status: String, $loc: ID, $first: Int, $after: String) {
      inboundShipments(storeId: $s, status: $status, locationId: $loc, first: $first, after: $after) { nodes { id } } }`;
    expect((await problemsOf(INBOUND, { status: "lost", loc: "warehouse-1", first: -1, after: "garbage" })).map((p) => p.field)).toEqual([
      "first",
      "after",
      "status",
      "locationId",
    ]);
    const ITEMS = `query($s: ID!, $loc: ID, $kind: String, $first: Int) {
      inventoryItems(storeId: $s, locationId: $loc, kind: $kind, first: $first) { nodes { id } } }`;
    expect((await problemsOf(ITEMS, { loc: "here", kind: "gold", first: 0 })).map((p) => p.field)).toEqual(["first", "locationId", "kind"]);
  });
});

describe.each(providers)("backward cursor pagination (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const BOTH = `query($s: ID!, $first: Int, $after: String, $last: Int, $before: String) {
    checkoutExperiences(storeId: $s, first: $first, after: $after, last: $last, before: $before) {
      nodes { id } pageInfo { hasNextPage endCursor hasPreviousPage startCursor } } }`;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    for (let i = 0; i < 7; i++) await svc.http.graphql(CREATE_EXPERIENCE, { s: storeId, i: { name: `e${i}` } }, secret);
  });
  afterAll(() => svc?.close());

  it("walks forward then back to the first page with the same rows", async () => {
    const pages: any[] = [];
    let after: string | null = null;
    do {
      const conn: any = expectNoErrors(await svc.http.graphql(BOTH, { s: storeId, first: 3, after }, secret)).checkoutExperiences;
      pages.push(conn);
      after = conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null;
    } while (after);
    expect(pages.map((p) => p.nodes.length)).toEqual([3, 3, 1]);
    expect(pages[0].pageInfo.hasPreviousPage).toBe(false);
    expect(pages[2].pageInfo.hasPreviousPage).toBe(true);
    // Back from the last page.
    const back1: any = expectNoErrors(
      await svc.http.graphql(BOTH, { s: storeId, last: 3, before: pages[2].pageInfo.startCursor }, secret),
    ).checkoutExperiences;
    expect(back1.nodes).toEqual(pages[1].nodes);
    expect(back1.pageInfo.hasPreviousPage).toBe(true);
    const back2: any = expectNoErrors(
      await svc.http.graphql(BOTH, { s: storeId, last: 3, before: back1.pageInfo.startCursor }, secret),
    ).checkoutExperiences;
    expect(back2.nodes).toEqual(pages[0].nodes);
    expect(back2.pageInfo.hasPreviousPage).toBe(false);
  });
});
