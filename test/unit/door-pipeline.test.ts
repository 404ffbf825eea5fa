// facades/door.ts: a door made of nothing but routes and a dialect (as the coming doors will be), run
// through the pipeline with a fake executor: the steps' order and who answers each refusal.
import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDoor, InputError, json, type Dialect, type DoorRoute } from "../../facades/door.js";
import { CoreUnavailableError, operation, type Executor } from "../../facades/executor.js";
import { thrown } from "../../facades/json-body.js";

const getThing = operation(`query ToyThing($id: ID!) { return(id: $id) { id } }`);
const ran: string[] = [];

/** The core: refuses a caller without a key, finds `missing` nowhere, and is down for `down`. */
const executor: Executor = {
  async run(op, variables, caller) {
    const name = op === getThing ? "ToyThing" : (/query (\w+)/.exec(op.source)?.[1] ?? "?");
    ran.push(`${name} ${JSON.stringify(variables)}`);
    if (caller.authorization !== "Bearer key")
      return { data: null, errors: [{ message: "Unauthenticated", extensions: { code: "UNAUTHENTICATED" } }] };
    if (variables.id === "down") throw new CoreUnavailableError("down");
    if (variables.id === "missing") return { data: null, errors: [{ message: "No such thing", extensions: { field: "id", status: 404 } }] };
    if (variables.size === -1)
      return { data: null, errors: [{ message: "size must be positive", extensions: { field: "size", status: 400 } }] };
    return { data: { return: { id: variables.id } } as any };
  },
};

const route: DoorRoute = {
  method: "GET",
  path: "/things/:id",
  operation: getThing,
  scope: "returns_read",
  translate(input) {
    const size = input.query("size") === undefined ? undefined : Number(input.query("size"));
    const variables = { id: input.params.id, ...(size === undefined ? {} : { size }) };
    if (input.query("color") === "plaid")
      return { refused: InputError.of([{ field: "color", detail: "no plaid" }]), retry: () => variables };
    return { variables };
  },
  async answer(run, variables) {
    return { status: 200, text: JSON.stringify(await run(getThing, variables)) };
  },
};

/** The toy door's whole dialect: every refusal as `{ said }` with its status. */
const dialect: Dialect<DoorRoute> = {
  door: "rest",
  bodyLimit: 100,
  authorization: (req) => req.get("x-key") && `Bearer ${req.get("x-key")}`,
  unmatched: (_req, match) => json(match.kind === "none" ? 404 : 405, { said: match.kind }),
  invalid: (_req, err) => json(400, { said: "invalid", problems: err.problems }),
  coreProblems: (err, _route, _input, told) => [{ field: String(err.extensions?.field), detail: `${err.message} (after ${told.length})` }],
  coreError: (_req, err) => json(err.extensions?.code === "UNAUTHENTICATED" ? 401 : 404, { said: err.message }),
  bodyError: (_req, err) => (thrown(err).type === "entity.parse.failed" ? json(400, { said: "malformed" }) : null),
  unavailable: () => json(503, { said: "unavailable" }),
  internal: () => json(500, { said: "internal" }),
};

let base = "";
let close: () => void = () => {};
beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => (((req as unknown as { id: string }).id = "req-1"), next()));
  app.use("/toy", createDoor({ executor, routes: [route], dialect, log: { error: () => {} }, openapi: { openapi: "3.1.0" } }));
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toy`;
  close = () => server.close();
});
afterAll(() => close());

async function get(path: string, key: string | null = "key", init: RequestInit = {}) {
  ran.length = 0;
  const res = await fetch(base + path, { ...init, headers: { ...(key ? { "x-key": key } : {}), ...(init.headers ?? {}) } });
  return { status: res.status, body: await res.json(), allow: res.headers.get("allow") };
}

describe("the door pipeline", () => {
  it("serves the declared document, runs the route's operation with the caller's credentials", async () => {
    expect((await get("/openapi.json")).body).toEqual({ openapi: "3.1.0" });
    expect(await get("/things/t1")).toMatchObject({ status: 200, body: { return: { id: "t1" } } });
    expect(ran).toEqual(['ToyThing {"id":"t1"}']);
    expect((await get("/things/t1", "wrong")).body).toEqual({ said: "Unauthenticated" });
  });

  it("answers an unknown path or method in the door's dialect", async () => {
    expect((await get("/nothing")).body).toEqual({ said: "none" });
    const post = await get("/things/t1", "key", { method: "POST" });
    expect([post.status, post.body]).toEqual([405, { said: "method" }]);
  });

  it("tells a malformed request only after the access check, with the core's words on a read's other parameters", async () => {
    const bad = await get("/things/t1?color=plaid&size=-1");
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([
      { field: "color", detail: "no plaid" },
      { field: "size", detail: "size must be positive (after 1)" },
    ]);
    expect(ran[0]).toMatch(/^DoorAccessCheck \{"scope":"returns_read","storeId":null\}/);
    // A caller without access learns nothing of the problems.
    expect((await get("/things/t1?color=plaid", "wrong")).body).toEqual({ said: "Unauthenticated" });
  });

  it("maps the core's refusal, its absence and a malformed body through the dialect", async () => {
    expect(await get("/things/missing")).toMatchObject({ status: 404, body: { said: "No such thing" } });
    expect(await get("/things/down")).toMatchObject({ status: 503, body: { said: "unavailable" } });
    const malformed = await get("/things/t1", "key", { method: "POST", body: "{bad", headers: { "content-type": "application/json" } });
    expect([malformed.status, malformed.body]).toEqual([400, { said: "malformed" }]);
  });
});
