// The doors' documents compiled once (Core.prepare, src/core/compiled.ts) answer exactly what
// graphql-js answers (Core.execute): every operation of every door (REST, compat, drafts, portal) is run
// both ways over a seeded store with generated variables — valid ones, missing and null ones, wrong
// types (an array for an input object, a string for an Int, a malformed DateTime), unknown enum values,
// ids of nothing and of another store — and several callers (every scope, one scope, another store's
// key, an unknown secret, none). The results must be the same JSON once formatted as the doors see
// them: data, error messages, paths, extensions (codes, status, type), in the same order. Mutations
// are given ids of nothing or callers they refuse, so that neither run writes what the other reads.
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  Kind,
  typeFromAST,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCore, type Core } from "../../src/core/index.js";
import { DOMAINS } from "../../src/domains.js";
import { restOperations } from "../../facades/rest/index.js";
import { compatOperations } from "../../facades/compat/index.js";
import { draftOperations } from "../../facades/compat/drafts/routes.js";
import { portalOperations } from "../../facades/portal/index.js";
import type { Operation } from "../../facades/executor.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../support/server.js";
import { seedReturns } from "../support/returns-seed.js";
import { providers } from "../support/env.js";

const OPERATIONS = [...new Set([...restOperations(), ...compatOperations(), ...draftOperations(), ...portalOperations()])];
const CASES_PER_OPERATION = 14;
const DAY = 86_400_000;

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}
type Random = ReturnType<typeof random>;

interface Pools {
  ids: unknown[];
  storeIds: unknown[];
  strings: unknown[];
}

/** A value for a variable or an input field of this type: usually well-typed, sometimes not. */
function generated(type: GraphQLInputType, name: string, pools: Pools, rnd: Random, depth = 0): unknown {
  if (isNonNullType(type)) return generated(type.ofType, name, pools, rnd, depth);
  const r = rnd.next();
  if (r < 0.05) return null;
  if (isListType(type)) {
    if (r < 0.1) return generated(type.ofType, name, pools, rnd, depth + 1); // a single value where a list is expected
    const n = depth > 2 ? 0 : Math.floor(rnd.next() * 3);
    return Array.from({ length: n }, () => generated(type.ofType, name, pools, rnd, depth + 1));
  }
  if (isEnumType(type)) return r < 0.15 ? "NOT_A_VALUE" : rnd.pick(type.getValues()).name;
  if (isInputObjectType(type)) {
    if (r < 0.1) return [];
    if (r < 0.15) return "text";
    const out: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) ? rnd.next() < 0.9 : rnd.next() < 0.5)
        out[field.name] = generated(field.type, field.name, pools, rnd, depth + 1);
    }
    if (rnd.next() < 0.05) out.notAField = 1;
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case "ID":
        return r < 0.1 ? rnd.pick([true, 1.5, {}]) : /^(storeId|s)$/.test(name) ? rnd.pick(pools.storeIds) : rnd.pick(pools.ids);
      case "String":
        return r < 0.1 ? rnd.pick([12, false]) : rnd.pick(pools.strings);
      case "Int":
        return r < 0.1 ? rnd.pick(["2", 1.5, 2 ** 40]) : rnd.pick([1, 2, 20, 0, -1, 501, 100000]);
      case "Float":
        return r < 0.1 ? "1" : rnd.pick([0, 1.5, -2, 1e12]);
      case "Boolean":
        return r < 0.1 ? "yes" : rnd.pick([true, false]);
      case "DateTime":
        return r < 0.2
          ? rnd.pick(["yesterday", 17, "2026-13-45T00:00:00Z"])
          : rnd.pick(["2026-01-01T00:00:00Z", "2020-06-30T12:30:00.5+02:00"]);
    }
  }
  return "?";
}

/** The values each write mints anew (ids, times, secrets), replaced, to compare two successful writes. */
const withoutMintedValues = (json: string) =>
  JSON.stringify(
    JSON.parse(json, (key, value) => (/^(id|.*Id|.*At|secret|signingSecret|token)$/.test(key) && value !== null ? "minted" : value)),
  );

const withoutWindow = (json: string) =>
  JSON.stringify(JSON.parse(json, (key, value) => (key === "from" || key === "to" || key === "nextCursor" ? "now" : value)));

/** Equal JSON, or a failure that shows where they part (the answers are long). */
function same(jit: string, ref: string, what: string) {
  if (jit === ref) return;
  let i = 0;
  while (jit[i] === ref[i]) i++;
  expect(jit.slice(Math.max(0, i - 200), i + 200), `${what.slice(0, 400)}: parts at ${i}`).toBe(ref.slice(Math.max(0, i - 200), i + 200));
}

describe.each(providers)("door documents compiled once answer as graphql-js does (%s)", (provider) => {
  let svc: TestService;
  let core: Core;
  const callers: Record<string, string | undefined> = {};
  let pools: Pools;
  let returnId: string;
  let storeId: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", ...NO_RATE_LIMITS });
    const seeded = await seedReturns(svc, "jit", 30);
    ({ returnId, storeId } = seeded);
    const other = await svc.createStore("Other");
    callers.all = `Bearer ${seeded.secret}`;
    callers.returnsRead = `Bearer ${(await svc.createApiClient(storeId, ["returns_read"])).secret}`;
    callers.otherStore = `Bearer ${(await svc.createApiClient(other.id, "all")).secret}`;
    callers.unknown = `Bearer ${seeded.secret.slice(0, -4)}abcd`;
    callers.none = undefined;
    const order = await svc.services.db.prisma.order.findFirstOrThrow({ where: { storeId } });
    pools = {
      ids: [returnId, order.id, "ret_nothing", storeId],
      storeIds: [storeId, other.id, "st_nothing"],
      strings: ["", "x", order.externalId, order.name, "a\u0000b", "#1001", "https://example.test/hook"],
    };
    core = createCore(svc.services.config, svc.services.db, svc.services.log, DOMAINS);
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** Both ways, each with its own context (loaders are per request), formatted as the executor formats them. */
  async function both(op: Operation, variables: Record<string, unknown>, authorization: string | undefined) {
    const run = core.prepare(op.document);
    const shaped = (r: Awaited<ReturnType<Core["execute"]>>) =>
      JSON.stringify({ data: r.data ?? null, errors: r.errors?.map((e) => core.formatError(e.toJSON(), e)) });
    const jit = shaped(await run(variables, await core.createContext(authorization, "jit", "rest")));
    const ref = shaped(await core.execute(op.document, variables, await core.createContext(authorization, "ref", "rest")));
    return { jit, ref };
  }

  it("every door operation compiles (else the comparison below would be graphql-js against itself)", () => {
    for (const op of OPERATIONS)
      expect(isCompiledQuery(compileQuery(core.schema, op.document, undefined, { customJSONSerializer: false })), op.source).toBe(true);
  });

  it("the REST read, a page and the compat list: the same JSON, with data", async () => {
    const byName = (name: string) => OPERATIONS.find((o) => (o.document.definitions[0] as OperationDefinitionNode).name?.value === name)!;
    const cases: [string, Record<string, unknown>][] = [
      ["RestGetReturn", { id: returnId }],
      ["RestGetReturnStatus", { id: returnId }],
      ["RestListReturns", { storeId, first: 20 }],
      ["RestListReturns", { storeId, first: 3, filter: { status: "open", updatedAtMin: "2020-01-01T00:00:00Z" } }],
      [
        "CompatReturnList",
        { pageSize: 5, from: new Date(Date.now() - 30 * DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() },
      ],
      ["CompatViewer", {}],
      ["RestListReturnTags", { storeId }],
    ];
    for (const [name, variables] of cases) {
      const { jit, ref } = await both(byName(name), variables, callers.all);
      same(jit, ref, name);
      expect(JSON.parse(ref).errors, `${name}: ${ref.slice(0, 300)}`).toBeUndefined();
    }
  });

  it("every door operation with generated variables and callers: the same JSON", { timeout: 300_000 }, async () => {
    const rnd = random(26);
    let compared = 0;
    const outcomes = new Set<string>();
    for (const op of OPERATIONS) {
      const def = op.document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      const mutation = def.operation === "mutation";
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        // A mutation meets ids and names of nothing, or a caller it refuses: nothing is written (an order's name
        // would let the compat door's close, say, close a real return on the first run and refuse it on the second).
        const caller = mutation ? rnd.pick(["all", "returnsRead", "unknown", "none"]) : rnd.pick(Object.keys(callers));
        const names = ["", "x", "a\u0000b", "https://example.test/hook"];
        const safe = mutation ? { ...pools, ids: ["ret_nothing"], storeIds: ["st_nothing"], strings: names } : pools;
        const variables: Record<string, unknown> = {};
        for (const v of def.variableDefinitions ?? []) {
          if (rnd.next() < 0.1) continue; // left out
          variables[v.variable.name.value] = generated(
            typeFromAST(core.schema, v.type as never) as GraphQLInputType,
            v.variable.name.value,
            safe,
            rnd,
          );
        }
        let { jit, ref } = await both(op, variables, callers[caller]);
        // A mutation that names no store or object may still succeed (a compat webhook): each run made its own.
        if (mutation && !JSON.parse(ref).errors) [jit, ref] = [jit, ref].map(withoutMintedValues);
        // A compat window left out ends "now", each run its own: in the answer and in the next page's cursor.
        if (def.name?.value?.startsWith("Compat") && !variables.to) [jit, ref] = [jit, ref].map(withoutWindow);
        same(jit, ref, `${def.name?.value} ${JSON.stringify(variables)} as ${caller}`);
        const first = JSON.parse(ref).errors?.[0]?.extensions?.code ?? "ok";
        outcomes.add(first);
        compared++;
      }
    }
    expect(compared).toBe(OPERATIONS.length * CASES_PER_OPERATION);
    // The cases reached answers, refusals of the request, of the caller and of missing objects.
    for (const code of ["ok", "BAD_USER_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"]) expect([...outcomes]).toContain(code);
  });
});
