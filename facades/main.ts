// `npm start`: migrate, serve until SIGTERM/SIGINT. On an empty database a demo store is created in
// development (or with RETOUR_DEMO=true / --demo), never with NODE_ENV=production.
import { ConfigError, loadConfig } from "../src/config.js";
import { startService, type Running } from "./server.js";
import { bootstrapDemo, DEMO_EMAIL, DEMO_PASSWORD } from "../src/demo/seed.js";

let running: Running;
try {
  const config = loadConfig(process.argv.includes("--demo") ? { ...process.env, RETOUR_DEMO: "true" } : process.env);
  running = await startService({ config, deferReady: true });
} catch (err) {
  // Configuration and start-up problems in plain words, all at once, without a stack.
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`Retour cannot start:\n${err.problems.map((p) => `  - ${p}`).join("\n")}\n`);
  process.exit(1);
}
const { config, core, log } = running;
const base = `http://localhost:${running.port}`;

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    await running.close();
    process.exit(0);
  });
}

if (core) {
  const demo = config.demo ? await bootstrapDemo(core.services) : null;
  if (demo) {
    // Printed once to the terminal (not the log): the secret is shown at creation only.
    const notLive = (demo.seeded.checkoutExperiences as { id: string; live: boolean }[]).find((e) => !e.live);
    const live = (demo.seeded.checkoutExperiences as { id: string; live: boolean }[]).find((e) => e.live);
    const portalHandle = (demo.seeded.portal as { handle: string } | undefined)?.handle;
    process.stdout.write(
      [
        "",
        "Retour is running with a new demo store.",
        `  Dashboard:    ${base}/dashboard   (API reference: ${base}/docs)`,
        ...(portalHandle
          ? [
              `  Portal:       ${base}/portal/${portalHandle}   (the shoppers' returns page; order #1007 after \`npm run cli -- seed-portal\`)`,
            ]
          : []),
        `  Base URL:     ${base}/v2.2`,
        `  GraphQL:      ${base}/graphql`,
        `  Store ID:     ${demo.storeId}`,
        `  API secret:   ${demo.secret}   (shown once; only its hash is stored)`,
        `  Staff login:  ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
        "",
        "Paste these lines into another terminal (the README's tour and the guides use them):",
        `  export RETOUR_URL=${base}`,
        `  export RETOUR_STORE=${demo.storeId}`,
        `  export RETOUR_SECRET=${demo.secret}`,
        "Then try:",
        `  curl -s -H "Authorization: Bearer $RETOUR_SECRET" $RETOUR_URL/v2.2/stores/$RETOUR_STORE/checkout-ab-tests`,
        `  curl -s -X DELETE -H "Authorization: Bearer $RETOUR_SECRET" $RETOUR_URL/v2.2/stores/$RETOUR_STORE/checkout-experiences/${live?.id}   # 409: live`,
        `  curl -s -X DELETE -H "Authorization: Bearer $RETOUR_SECRET" $RETOUR_URL/v2.2/stores/$RETOUR_STORE/checkout-experiences/${notLive?.id}   # 200: deleted`,
        "",
      ].join("\n") + "\n",
    );
  } else if ((await core.services.db.prisma.store.count()) === 0) {
    process.stdout.write(
      [
        `Retour is running at ${base} on an empty database${config.production ? "" : " (no demo store: RETOUR_DEMO=true or --demo asks for one outside production)"}. Create the first store, staff user and API client:`,
        `  npm run --silent cli -- store create --name "My store"`,
        `  npm run --silent cli -- user create --store <store id> --email you@example.com --password '<a long password>'`,
        `  npm run --silent cli -- api-client create --store <store id> --name backend --all-scopes   # prints its secret once`,
        "",
      ].join("\n"),
    );
  } else {
    process.stdout.write(
      `Retour is running at ${base}: dashboard ${base}/dashboard, API reference ${base}/docs (database ${config.databaseUrl.startsWith("file:") ? config.databaseUrl : "PostgreSQL"}). Create an API client with: npm run --silent cli -- api-client create --store <id> --name <name> --all-scopes\n`,
    );
  }
}

running.markReady();
