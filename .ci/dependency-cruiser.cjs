// The layering rules, checked by `npm run lint` (dependency-cruiser) in CI. The README's
// "Architecture" section states them in words.
//
//   facades/{main,server,app}.ts        the assembly: opens storage, registers the domains into the core
//                                       (src/domains.ts), mounts the doors; nothing in src/ imports them
//   facades/**                          the doors: HTTP in, GraphQL operations out, through facades/executor.ts
//   src/<domain>/**                     the domain logic (resolvers, services, Prisma)
//   src/warehouse/**                    the warehouse platform's integration, core side (rules, states, resolvers,
//                                       its objects and webhook format): only itself and the assembly import it,
//                                       and its door (facades/compat) only the objects it publishes for it
//   src/core/**                         what every domain and door needs; knows no domain and no door
//   src/db/**, @prisma/client           storage; only src/ and the assembly reach it

/** The assembly is not a door: it may open storage and start domain workers. */
const ASSEMBLY = "^facades/(main|server|app)\\.ts$";
/** A domain is any folder of src/ but the core and storage (a new domain is covered without a change here). */
const DOMAIN = "^src/[^/]+/";
const NOT_DOMAIN = "^src/(core|db)/";
/** What the warehouse integration publishes for its door: the platform's objects and value formats. */
const WAREHOUSE_PUBLISHED = "^src/warehouse/platform-(return|format)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle makes load order matter and hides which module owns what; break it by moving the shared piece down a layer or by registering at assembly.",
      from: {},
      to: { circular: true },
    },
    {
      name: "src-never-imports-facades",
      severity: "error",
      comment: "The core and the domains know no door: the service is assembled in facades/main.ts, server.ts and app.ts.",
      from: { path: "^src/" },
      to: { path: "^facades/" },
    },
    {
      name: "core-imports-no-domain",
      severity: "error",
      comment:
        "src/core is below every domain: domains register their resolvers and rules at assembly (src/domains.ts), the core never imports them.",
      from: { path: "^src/core/" },
      to: { path: DOMAIN, pathNot: NOT_DOMAIN },
    },
    {
      name: "facades-never-touch-prisma",
      severity: "error",
      comment: "A door reaches the data only through GraphQL operations (facades/executor.ts); it never opens the database.",
      from: { path: "^facades/", pathNot: ASSEMBLY },
      to: { path: ["^src/db/", "^node_modules/@prisma/", "^node_modules/\\.prisma/", "^node_modules/prisma/"] },
    },
    {
      name: "facades-use-only-published-shapes",
      severity: "error",
      comment:
        "A door never decides a business rule: from a domain it may import only the shapes the domain publishes for the doors (the Return JSON's selection sets, the invoice CSV's columns, the fulfillment statuses), never a service, a resolver, a rule table or a seed. A new shape is added here on purpose.",
      from: { path: "^facades/", pathNot: ASSEMBLY },
      to: {
        path: DOMAIN,
        pathNot: [NOT_DOMAIN, "^src/(returns/event-document|returns/tag-shapes|invoices/csv|fulfillments/shapes).ts$", WAREHOUSE_PUBLISHED],
      },
    },
    {
      name: "warehouse-imported-only-by-itself",
      severity: "error",
      comment:
        "The warehouse platform's integration has one home, src/warehouse: other domains never name it (it plugs in at assembly, src/domains.ts: its resolvers, its delivery format; and src/refusals.ts: its list of refusals), and its door (facades/compat) reaches it through GraphQL operations and the objects it publishes (next rule). Tests may import it.",
      from: { pathNot: ["^src/warehouse/", "^src/domains\\.ts$", "^src/refusals\\.ts$", ASSEMBLY, "^test/", "^facades/compat/"] },
      to: { path: "^src/warehouse/" },
    },
    {
      name: "warehouse-door-reads-only-published-objects",
      severity: "error",
      comment:
        "The warehouse door (facades/compat) renders the platform's objects with the integration's own renaming (src/warehouse/platform-return.ts, platform-format.ts), so the webhook the core sends and the door's reads are written once; it imports nothing else of src/warehouse.",
      from: { path: "^facades/compat/" },
      to: { path: "^src/warehouse/", pathNot: WAREHOUSE_PUBLISHED },
    },
    {
      name: "returns-never-imports-webhooks",
      severity: "error",
      comment:
        "Returns record events through the core (src/core/events.ts); the webhooks domain delivers them. Neither knows the other: the `return` topic is registered at assembly (src/domains.ts).",
      from: { path: "^src/returns/" },
      to: { path: "^src/webhooks/" },
    },
    {
      name: "webhooks-never-imports-returns",
      severity: "error",
      comment:
        "The webhooks domain names no subject domain: topics (src/returns/topic.ts) and delivery formats (src/warehouse/webhook-format.ts, rendering its own payloads) plug in through its registries at assembly (src/domains.ts).",
      from: { path: "^src/webhooks/" },
      to: { path: "^src/returns/" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // test/peers: the peer engines' start scripts (test/support/peers.ts) load the engine from its own install in
    // the machine's cache, never from this repository's node_modules.
    exclude: { path: ["^src/db/generated/", "^facades/dashboard/dist/", "^facades/dashboard/static/", "^test/peers/"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
