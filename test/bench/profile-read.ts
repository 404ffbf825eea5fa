// `npx tsx test/bench/profile-read.ts [sqlite|postgresql] [seconds]`: where a REST read's time goes.
// 1. CPU per call by layer (process.cpuUsage around sequential in-process calls, alternating rounds):
//    authentication, context, the core's execute (checks, GraphQL, resolvers, Prisma reads), the whole
//    HTTP request. 2. CPU profiles (inspector, 200 µs sampling), self time summed by package and by
//    frame: in-process execute in a loop, then the REST door under autocannon at 32 connections.
// Not part of `npm run bench`: the tool behind the profile in facades/dashboard/guides/performance.md.
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parse } from "graphql";
import { startTestService } from "../support/server.js";
import { seedReturns } from "../support/returns-seed.js";
import { ORDER_FIELDS, RETURN_FIELDS } from "../../facades/rest/documents.js";
import { authenticate } from "../../src/identity/service.js";
import { createCore } from "../../src/core/index.js";
import { DOMAINS } from "../../src/domains.js";
import { Loaders } from "../../src/core/loaders.js";
import { load, UNLIMITED } from "./lib.js";

const provider = (process.argv[2] ?? "sqlite") as "sqlite" | "postgresql";
const seconds = Number(process.argv[3] ?? 8);
process.env.NODE_ENV ??= "test";
const svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", ...UNLIMITED });
const fx = await seedReturns(svc, "profile", 50);
const authorization = `Bearer ${fx.secret}`;
const url = `${svc.url}/v2.2/returns/${fx.returnId}`;
const first = await fetch(url, { headers: { authorization } });
if (first.status !== 200) throw new Error(`${first.status} ${await first.text()}`);

// A second core on the service's database (TestService does not expose its own), for in-process calls.
const c = createCore(svc.services.config, svc.services.db, svc.services.log, DOMAINS);
const doc = parse(`query RestGetReturn($id: ID!) { return(id: $id) { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } } }`);
const vars = { id: fx.returnId };
const ctx0 = await c.createContext(authorization, "p", "rest");

const layers: Record<string, () => Promise<unknown>> = {
  "authenticate (API secret lookup)": () => authenticate(svc.services, authorization),
  "createContext (auth + rate limit)": () => c.createContext(authorization, "p", "rest"),
  "execute (checks + GraphQL + resolvers + Prisma reads)": async () =>
    c.execute(doc, vars, await c.createContext(authorization, "p", "rest")),
  // The same caller, fresh loaders: GraphQL and the reads without authentication.
  "execute, context reused": () =>
    c.execute(doc, vars, Object.assign(Object.create(Object.getPrototypeOf(ctx0)), ctx0, { loaders: new Loaders() })),
  "HTTP GET through the REST door (fetch in-process)": async () => (await fetch(url, { headers: { authorization } })).text(),
};
const N = 300;
const cpu: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) {
  const names = round % 2 ? Object.keys(layers).reverse() : Object.keys(layers);
  for (const name of names) {
    for (let i = 0; i < 30; i++) await layers[name]();
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) await layers[name]();
    const d = process.cpuUsage(t);
    (cpu[name] ??= []).push((d.user + d.system) / N);
  }
}
console.log(
  `\n${provider}: CPU µs per call (3 rounds), load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
for (const [name, xs] of Object.entries(cpu)) console.log(`  ${name.padEnd(58)} ${xs.map((x) => Math.round(x)).join(" / ")}`);

if (seconds > 0) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  while (performance.now() < until) {
    await layers["execute, context reused"]();
    calls++;
  }
  let { profile } = (await session.post("Profiler.stop")) as any;
  console.log(`\nin-process execute, context reused: ${calls} calls`);
  summarize(profile);
  await session.post("Profiler.start");
  const r = await load(url, { connections: 32, seconds, headers: { authorization } });
  ({ profile } = (await session.post("Profiler.stop")) as any);
  writeFileSync(`/tmp/rest-read-${provider}.cpuprofile`, JSON.stringify(profile));
  console.log(`\nREST door at 32 connections: ${Math.round(r.rps)} req/s; profile in /tmp/rest-read-${provider}.cpuprofile`);
  summarize(profile);
}
await svc.close();
process.exit(0);

function summarize(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const pkg = new Map<string, number>();
  const frame = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples) {
    const n = byId.get(id)!;
    const { functionName, url } = n.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    total++;
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    const group = m
      ? m[1]
      : url.includes("/src/")
        ? "ours: src"
        : url.includes("/facades/")
          ? "ours: facades"
          : url.startsWith("node:")
            ? "node internals"
            : functionName.startsWith("(")
              ? functionName
              : url
                ? "other"
                : "native/builtin";
    pkg.set(group, (pkg.get(group) ?? 0) + 1);
    const f = `${functionName || "(anonymous)"} ${url.replace(/.*node_modules\//, "").replace(/.*\/wt-read\//, "")}:${n.callFrame.lineNumber}`;
    frame.set(f, (frame.get(f) ?? 0) + 1);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, c]) => `  ${((100 * c) / total).toFixed(1).padStart(5)} %  ${n}`)
      .join("\n");
  console.log(`self time by package (${total} samples, idle left out):\n${top(pkg, 18)}\ntop frames:\n${top(frame, 25)}`);
}
