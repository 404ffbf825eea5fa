// The paths of issue 34, each as a user calls it (an HTTP request to a door), for a store grown by grow.ts.
// `at(n)` names rows that exist in a store of n returns whatever n is (return numbers, order names and
// customers are numbered from the newest), so the same request is asked of the small and the large store.
import { CursorCodec } from "../../../src/core/pagination.js";
import { listKey } from "../../../src/returns/list.js";
import { stepOf } from "./grow.js";

export interface PathRequest {
  method: "GET" | "POST";
  path: string;
  /** The warehouse door: its key goes in `x-authorization` instead of a bearer token. */
  warehouse?: boolean;
  /** GraphQL: the query and its variables. */
  graphql?: { query: string; variables: Record<string, unknown> };
}

export interface ScalePath {
  name: string;
  /** The request against a store of `size` returns (`now`: epoch seconds of its newest return). */
  request(storeId: string, size: number, now: number): PathRequest;
  /** Checks the answer is a real one (a path that answers nothing measures nothing). */
  check(body: any): boolean;
}

const LIST = `query($storeId: ID!, $filter: ReturnFilter, $after: String) {
  returns(storeId: $storeId, first: 20, filter: $filter, after: $after) { nodes { id number status } statusCounts { status count } }
}`;
const LIST_NO_COUNTS = `query($storeId: ID!, $filter: ReturnFilter, $after: String) {
  returns(storeId: $storeId, first: 20, filter: $filter, after: $after) { nodes { id number status } }
}`;
// Every measure the dashboard's overview shows (issue 36), its CSV included.
const OVERVIEW = `query($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) { returnCount unitCount byStatus { status count } byReason { reason units }
    values { currency refund { amount } storeCredit { amount } exchange { amount } returned { amount } kept { amount } keptShare fees { amount } feeCount }
    topProducts { title units }
    returnRates { unitsSold byProduct { key title unitsReturned unitsSold rate } byVariant { key title unitsReturned unitsSold rate }
      byReason { key unitsReturned unitsSold rate } }
    times { stage count averageHours medianHours p90Hours }
    outcomes { interval points { start outcome currency items value { amount } } }
    csv }
}`;

const CUSTOMERS = `query($storeId: ID!, $search: String) { customers(storeId: $storeId, search: $search, first: 20) { nodes { id email } } }`;
const CUSTOMER_RETURNS = `query($storeId: ID!, $email: String) {
  customer(storeId: $storeId, email: $email) { returns(first: 20) { nodes { id number } } orders(first: 20) { nodes { id } } }
}`;
const FAILED_DELIVERIES = `query($storeId: ID!) { webhooks(storeId: $storeId) { deliveries(status: "discarded", first: 20) { nodes { id status } } } }`;

const gql = (storeId: string, query: string, variables: Record<string, unknown>): PathRequest => ({
  method: "POST",
  path: "/graphql",
  graphql: { query, variables: { storeId, ...variables } },
});
const nodes = (b: any) => Array.isArray(b?.data?.returns?.nodes) && b.data.returns.nodes.length > 0 && !b.errors;
const restReturns = (b: any) => Array.isArray(b?.returns) && b.returns.length > 0;
const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
/** A return that exists in every grown store (numbered from the newest): the 300th (customers too: a store of n has n / 3). */
const SOME = 300;

/** The request's headers: the API client's secret as its door takes it. */
export const headersOf = (req: PathRequest, secret: string): Record<string, string> => ({
  ...(req.warehouse ? { "x-authorization": secret } : { authorization: `Bearer ${secret}` }),
  "content-type": "application/json",
});

export const CURSOR_SECRET = "scale-bench-cursor-secret";
const codec = new CursorCodec(CURSOR_SECRET);

export const SCALE_PATHS: ScalePath[] = [
  {
    name: "dashboard search: email",
    request: (s) => gql(s, LIST, { filter: { search: `shopper${SOME}@scale.test` } }),
    check: nodes,
  },
  {
    name: "dashboard search: order name",
    request: (s) => gql(s, LIST, { filter: { search: `#${100000 + SOME}` } }),
    check: nodes,
  },
  {
    name: "dashboard search: first and last name",
    request: (s) => gql(s, LIST, { filter: { search: `Shopper${SOME} Hopper` } }),
    check: (b) => !b.errors && Array.isArray(b?.data?.returns?.nodes),
  },
  {
    name: "dashboard search: return number",
    request: (s) => gql(s, LIST, { filter: { search: `R${1000 + SOME}` } }),
    check: nodes,
  },
  {
    name: "REST provider_order_name",
    request: (s) => ({ method: "GET", path: `/v2.2/stores/${s}/returns?provider_order_name=%23${100000 + SOME}` }),
    check: restReturns,
  },
  {
    name: "dashboard overview, 366 days",
    request: (s, _n, now) => gql(s, OVERVIEW, { from: iso(now - 365 * 86400), to: iso(now + 86400) }),
    check: (b) =>
      !b.errors &&
      b?.data?.returnsOverview?.returnCount > 0 &&
      b.data.returnsOverview.returnRates.unitsSold > 0 &&
      b.data.returnsOverview.times.every((t: { count: number }) => t.count > 0),
  },
  {
    name: "REST tag= (1 return in 1 000)",
    request: (s) => ({ method: "GET", path: `/v2.2/stores/${s}/returns?tag=fraud-check` }),
    check: restReturns,
  },
  {
    name: "GraphQL filter.tag (1 in 1 000)",
    request: (s) => gql(s, LIST_NO_COUNTS, { filter: { tag: "fraud-check" } }),
    check: nodes,
  },
  {
    name: "dashboard returns page with statusCounts",
    request: (s) => gql(s, LIST, {}),
    check: nodes,
  },
  {
    name: "a page halfway down the list (keyset cursor)",
    request: (s, size, now) => {
      const i = Math.floor(size / 2);
      const createdAt = (now - i * stepOf(size)) * 1000;
      // The cursor the list would hand out after its return i (grow.ts's ids and dates).
      return gql(s, LIST_NO_COUNTS, { after: codec.encode({ l: listKey(s, {}), k: createdAt, i: `ret_x` }) });
    },
    check: nodes,
  },
  {
    name: "REST updated_at_min/max (30 days, a year ago)",
    request: (s, _n, now) => ({
      method: "GET",
      path: `/v2.2/stores/${s}/returns?updated_at_min=${iso(now - 395 * 86400)}&updated_at_max=${iso(now - 365 * 86400)}`,
    }),
    check: restReturns,
  },
  {
    name: "REST status=flagged",
    request: (s) => ({ method: "GET", path: `/v2.2/stores/${s}/returns?status=flagged` }),
    check: restReturns,
  },
  {
    name: "dashboard customers search: part of an e-mail",
    request: (s) => gql(s, CUSTOMERS, { search: `shopper${SOME}@` }),
    check: (b) => !b.errors && b?.data?.customers?.nodes?.length > 0,
  },
  {
    name: "dashboard customer: their returns and orders",
    request: (s) => gql(s, CUSTOMER_RETURNS, { email: `shopper${SOME}@scale.test` }),
    check: (b) => !b.errors && b?.data?.customer?.returns?.nodes?.length > 0 && b.data.customer.orders.nodes.length > 0,
  },
  {
    name: "warehouse list: in review, updated in 30 days a year ago",
    request: (_s, _n, now) => ({
      method: "GET",
      warehouse: true,
      path: `/api/v1/warehouse/return/list?filter=updated_at&state=review&paginate=true&pageSize=20&from=${iso(now - 395 * 86400)}&to=${iso(now - 365 * 86400)}`,
    }),
    check: (b) => Array.isArray(b?.returns) && b.returns.length > 0,
  },
  {
    name: "webhook deliveries discarded",
    request: (s) => gql(s, FAILED_DELIVERIES, {}),
    check: (b) => !b.errors && b?.data?.webhooks?.[0]?.deliveries?.nodes?.length > 0,
  },
];
