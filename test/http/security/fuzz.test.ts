// Bad input, property-based (fast-check): every REST and compat route (taken from the doors' route
// tables, so new routes are covered automatically) and the variables of every GraphQL field. Wrong
// types, missing and extra fields, huge strings and arrays, unicode edge cases, invalid dates and
// enums, negative and enormous numbers, malformed JSON, wrong content types, oversized bodies and
// hostile cursors must each answer a 4xx with the door's documented error body — never a 5xx — and
// leave the database exactly as it was (row counts and checksums of every table).
//
// FUZZ_RUNS (default 15) sets the cases per route/field; FUZZ_SEED replays a failing run (the seed
// is printed with every failure).
import fc from "fast-check";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { compatRoutes, compatWebhookRoutes } from "../../../facades/compat/index.js";
import { buildSchema } from "../../../src/core/schema.js";
import { DOMAINS } from "../../../src/domains.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { snapshotDatabase } from "../../support/db-snapshot.js";
import { restValidator } from "../../support/openapi.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const params = (): fc.Parameters<unknown> => ({ numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });

// ─── Hostile values ───────────────────────────────────────────────────────────

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uFEFF",
    "\uD800", // lone surrogate
    "e\u0301\u0301\u0301",
    "🏳️‍🌈👨‍👩‍👧‍👦",
    "\u202Eevil",
    "' OR 1=1 --",
    '"; DROP TABLE "Return"; --',
    "../../../../etc/passwd",
    "%00%ff",
    "${jndi:ldap://x}",
    "<script>alert(1)</script>",
    "NaN",
    "Infinity",
    "-0",
    "1e309",
    "2026-02-30T10:00:00Z",
    "2026-13-01",
    "0000-00-00T00:00:00Z",
    "9999999-01-01T00:00:00Z",
    "open",
    "OPEN",
    "__proto__",
    "constructor",
  ),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => "x".repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 1e-320),
);
const hostileLeaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, hostileLeaf, tie("array"), tie("object")),
  array: fc.oneof(
    fc.array(tie("value"), { maxLength: 5 }),
    fc.integer({ min: 1001, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  ),
  object: fc.dictionary(
    fc.oneof(hostileString, fc.constantFrom("data", "items", "products", "webhook", "status", "comment", "lineItems", "__proto__")),
    tie("value"),
    { maxKeys: 5 },
  ),
})).value;

/** A body that is not what any route accepts (wrong top-level type, or an object of wrong values). */
const badBody = fc.oneof(hostileLeaf, fc.array(hostileJson, { maxLength: 4 }), hostileJson);
const hostileCursor = fc.oneof(
  hostileString,
  fc.base64String({ maxLength: 200 }),
  fc.constantFrom("eyJ0IjoiYWRtaW4ifQ", "eyJ0IjoiYWRtaW4ifQ.AAAA", "....", "%2e%2e"),
);
const QUERY_NAMES = [
  "page-size",
  "page-continue",
  "status",
  "created_at_min",
  "created_at_max",
  "updated_at_min",
  "updated_at_max",
  "location_id",
  "includeDeleted",
  "provider_order_name",
  "order_by",
  "tag",
];
const badQuery = fc.dictionary(fc.constantFrom(...QUERY_NAMES), fc.oneof(hostileString, hostileCursor), { maxKeys: 4 });
const pathValue = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 3000),
  fc.constantFrom("ret_00000000000000000000", "ord_x", "st_x", "null", "undefined", "0", "-1"),
);

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as a browser would send them). */
const pctEncode = (s: string) => [...Buffer.from(s, "utf8")].map((b) => "%" + b.toString(16).padStart(2, "0")).join("");

function fill(template: string, storeId: string, values: string[]): string {
  let i = 0;
  return template.replace(/:(\w+)/g, (_, name) =>
    name === "storeId" && i++ % 2 === 0 ? storeId : pctEncode(values[i++ % values.length] ?? "x"),
  );
}

function encodeQuery(q: Record<string, string>): string {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : "";
}

// ─── GraphQL: invalid variables for every field ───────────────────────────────

const schema = buildSchema(DOMAINS);

/** A value that can never coerce to `type` (so the operation must fail before any resolver runs). */
function invalidFor(type: GraphQLInputType): fc.Arbitrary<unknown> {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return invalidFor(inner.ofType);
  if (isInputObjectType(inner)) return fc.oneof(hostileString, hostileNumber, fc.constant([1, 2, 3]));
  if (isEnumType(inner))
    return fc.oneof(
      hostileString.filter((s) => !inner.getValue(s)),
      fc.dictionary(fc.string(), hostileLeaf, { minKeys: 1, maxKeys: 2 }),
    );
  return fc.oneof(fc.dictionary(fc.string({ minLength: 1 }), hostileLeaf, { minKeys: 1, maxKeys: 3 }), fc.constant([{ a: 1 }]));
}

function graphqlFields() {
  const out: { label: string; text: string; args: { name: string; type: GraphQLInputType; required: boolean }[] }[] = [];
  for (const kind of ["query", "mutation"] as const) {
    const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
      if (!field.args.length) continue;
      const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
      const t = getNamedType(field.type);
      const selection = isObjectType(t) || isAbstractType(t) ? " { __typename }" : "";
      out.push({
        label: `${kind} ${field.name}`,
        text: `${kind}(${vars}) { ${field.name}(${args})${selection} }`,
        args: field.args.map((a) => ({ name: a.name, type: a.type, required: isNonNullType(a.type) })),
      });
    }
  }
  return out;
}

// ─── The suite ─────────────────────────────────────────────────────────────────

describe.each(providers)("bad input never breaks anything (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;
  let before: Awaited<ReturnType<typeof snapshotDatabase>>;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      RATE_LIMIT_REST_PER_MINUTE: "0",
      RATE_LIMIT_GRAPHQL_PER_MINUTE: "0",
      RATE_LIMIT_COMPAT_PER_MINUTE: "0",
    });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
    // Some content, so lookups by hostile ids run against real rows.
    await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      {
        orderId: "F-1",
        name: "#F1",
        createdAt: "2026-11-02T09:30:00Z",
        currencyCode: "USD",
        lineItems: [{ id: "F-1-1", productId: "p", title: "T", quantity: 2, price: 10 }],
      },
      { token: secret },
    );
    before = await snapshotDatabase(svc.services.db);
  });
  afterAll(() => svc?.close());

  const failures: string[] = [];
  /** Sends one request and checks the answer; returns a description of what is wrong, or null. */
  async function check(
    door: "rest" | "compat",
    route: { method: string; path: string; errorBody?: { statuses: number[] } },
    path: string,
    init: RequestInit,
  ): Promise<string | null> {
    const res = await fetch(svc.url + path, init);
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    const where = `${init.method} ${path.slice(0, 200)} → ${res.status}`;
    if (res.status >= 500) return `${where}: ${text.slice(0, 300)}`;
    if (res.status < 400) return null;
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where}: error body is not JSON: ${text.slice(0, 200)}`;
    }
    if (door === "rest") {
      if (route.errorBody?.statuses.includes(res.status) && !/problem\+json/.test(type)) {
        if (typeof body?.error !== "string") return `${where}: expected {error: string}, got ${text.slice(0, 200)}`;
      } else if (
        !/^application\/problem\+json/.test(type) ||
        body.status !== res.status ||
        typeof body.type !== "string" ||
        typeof body.detail !== "string"
      ) {
        return `${where}: expected a problem+json body, got ${type} ${text.slice(0, 200)}`;
      }
      // 431 comes from the HTTP server before any route (headers or URL over 16 KB): a problem, undocumented per route.
      if (res.status !== 431)
        try {
          restValidator.check(init.method!, svc.url + path, res.status, type, body);
        } catch (err) {
          return `${where}: ${(err as Error).message.slice(0, 400)}`;
        }
    } else if (!body || typeof body !== "object") {
      return `${where}: expected a JSON object, got ${text.slice(0, 200)}`;
    }
    return null;
  }

  const doors = [
    ...restRoutes.map((r) => ({ door: "rest" as const, prefix: "/v2.2", route: r })),
    ...compatRoutes.map((r) => ({ door: "compat" as const, prefix: "/api/v1/warehouse", route: { ...r, errorBody: undefined } })),
    ...compatWebhookRoutes.map((r) => ({ door: "compat" as const, prefix: "/api/v1", route: { ...r, errorBody: undefined } })),
  ];

  it.each(doors.map((d) => [`${d.door} ${d.route.method} ${d.route.path}`, d] as const))(
    "%s",
    async (_label, { door, prefix, route }) => {
      const auth: Record<string, string> = door === "rest" ? { authorization: `Bearer ${secret}` } : { "x-authorization": secret };
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          badQuery,
          badBody,
          hostileCursor,
          async (values, query, body, cursor) => {
            const path = prefix + fill(route.path, storeId, values) + encodeQuery(query);
            const init: RequestInit = {
              method: route.method,
              headers: { ...auth, "x-page-continue": cursor.replace(/[^\x20-\x7e]/g, "") },
            };
            if (hasBody) {
              init.body = JSON.stringify(body);
              (init.headers as Record<string, string>)["content-type"] = "application/json";
            }
            const problem = await check(door, route, path, init);
            if (problem) failures.push(problem);
            expect(problem).toBeNull();
          },
        ),
        params(),
      );
      // Deterministic hostile requests: malformed JSON, wrong content type, oversized body, hostile cursor.
      const path = prefix + fill(route.path, storeId, ["ret_missing", "x", "y"]);
      const fixed: RequestInit[] = [{ method: route.method, headers: { ...auth }, body: undefined }];
      if (hasBody) {
        fixed.push(
          { method: route.method, headers: { ...auth, "content-type": "application/json" }, body: '{"data": {"items": [' },
          { method: route.method, headers: { ...auth, "content-type": "application/json" }, body: "\uFEFF{}" },
          { method: route.method, headers: { ...auth, "content-type": "text/plain" }, body: "hello" },
          { method: route.method, headers: { ...auth, "content-type": "application/x-www-form-urlencoded" }, body: "a=1&b=2" },
          {
            method: route.method,
            headers: { ...auth, "content-type": "application/json" },
            body: `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
          },
        );
      }
      fixed.push({ method: route.method, headers: { ...auth }, body: undefined });
      for (const init of fixed) {
        const problem = await check(
          door,
          route,
          path + (init === fixed[fixed.length - 1] ? "?page-continue=" + encodeURIComponent("A".repeat(3000)) : ""),
          init,
        );
        expect(problem).toBeNull();
      }
      // A NUL character in every id of the path (PostgreSQL cannot store it in text).
      const nul = prefix + fill(route.path, storeId, ["nul\u0000id", "a\u0000", "\u0000"]);
      expect(
        await check(door, route, nul, {
          method: route.method,
          headers: hasBody ? { ...auth, "content-type": "application/json" } : auth,
          body: hasBody ? JSON.stringify({ "\u0000": "\u0000" }) : undefined,
        }),
      ).toBeNull();
      expect(await snapshotDatabase(svc.services.db)).toEqual(before);
    },
    120_000,
  );

  it("refuses oversized bodies with 413 and the door's error body", async () => {
    const big = JSON.stringify({ products: [{ title: "x".repeat(11 * 1024 * 1024) }] });
    const rest = await fetch(`${svc.url}/v2.2/stores/${storeId}/products/bulk-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: big,
    });
    expect(rest.status).toBe(413);
    expect(rest.headers.get("content-type")).toMatch(/problem\+json/);
    const gql = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { __typename } }", variables: { x: "y".repeat(3 * 1024 * 1024) } }),
    });
    expect(gql.status).toBe(413);
    const compat = await fetch(`${svc.url}/api/v1/warehouse/return/list`, {
      method: "POST",
      headers: { "x-authorization": secret, "content-type": "application/json" },
      body: JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) }),
    });
    expect(compat.status).toBe(413);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });

  it.each(graphqlFields().map((f) => [f.label, f] as const))(
    "GraphQL %s",
    async (_label, field) => {
      const required = field.args.filter((a) => a.required);
      const targets = required.length ? required : field.args;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: targets.length - 1 }),
          fc.tuple(...field.args.map(() => hostileJson)),
          fc.tuple(...field.args.map((a) => invalidFor(a.type))),
          async (which, randoms, invalids) => {
            const variables: Record<string, unknown> = {};
            field.args.forEach((a, i) => (variables[a.name] = a.name === "storeId" ? storeId : randoms[i]));
            const bad = targets[which];
            variables[bad.name] = invalids[field.args.indexOf(bad)];
            const res = await fetch(`${svc.coreUrl}/graphql`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${staff}` },
              body: JSON.stringify({ query: field.text, variables }),
            });
            const body = (await res.json()) as {
              data?: unknown;
              errors?: { message: string; extensions?: { status?: number; code?: string } }[];
            };
            const where = `${field.label} ${JSON.stringify(variables).slice(0, 300)} → ${res.status} ${JSON.stringify(body).slice(0, 300)}`;
            expect(res.status, where).toBeLessThan(500);
            expect(body.errors?.length, where).toBeGreaterThan(0);
            for (const e of body.errors ?? []) {
              expect(e.extensions?.status, where).toBeGreaterThanOrEqual(400);
              expect(e.extensions?.status, where).toBeLessThan(500);
              expect(e.extensions?.code, where).not.toBe("INTERNAL_SERVER_ERROR");
            }
          },
        ),
        params(),
      );
      expect(await snapshotDatabase(svc.services.db)).toEqual(before);
    },
    120_000,
  );
});
