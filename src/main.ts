// `npm start`: migrate, bootstrap a demo store on an empty database, serve until SIGTERM/SIGINT.
import { startService } from "./server/start.js";
import { bootstrapDemo, DEMO_EMAIL, DEMO_PASSWORD } from "./demo/seed.js";

const running = await startService();
const { config, core, log } = running;
const base = `http://localhost:${running.port}`;

if (core) {
  const demo = await bootstrapDemo(core.services);
  if (demo) {
    // Printed once to the terminal (not the log): the secret is shown at creation only.
    const notLive = (demo.seeded.checkoutExperiences as { id: string; live: boolean }[]).find((e) => !e.live);
    const live = (demo.seeded.checkoutExperiences as { id: string; live: boolean }[]).find((e) => e.live);
    process.stdout.write(
      [
        "",
        "Retour is running with a new demo store.",
        `  Dashboard:    ${base}/dashboard   (API reference: ${base}/docs)`,
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
  } else {
    process.stdout.write(`Retour is running at ${base}: dashboard ${base}/dashboard, API reference ${base}/docs (database ${config.databaseUrl.startsWith("file:") ? config.databaseUrl : "PostgreSQL"}). Create an API client with: npm run --silent cli -- api-client create --store <id> --name <name> --all-scopes\n`);
  }
}

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
