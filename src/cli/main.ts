// Operator CLI: `npm run --silent cli -- <command>`. Prints JSON on stdout; errors as JSON on stderr, exit 1.
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { createLogger } from "../core/log.js";
import { CursorCodec } from "../core/pagination.js";
import { systemContext, type Services } from "../core/context.js";
import { DomainError } from "../core/errors.js";
import * as identity from "../identity/service.js";
import { ALL_SCOPES } from "../identity/scopes.js";
import { seedStore } from "../demo/seed.js";

const USAGE = `Usage: npm run --silent cli -- <command>
  migrate
  store create --name NAME
  api-client create --store STORE --name NAME (--scopes a,b | --all-scopes | --legacy)
  api-client list --store STORE
  api-client revoke --id ID
  api-client set-scopes --id ID --scopes a,b
  user create --store STORE --email EMAIL --password PASSWORD [--name NAME]
  seed --store STORE
Scopes: ${ALL_SCOPES.join(", ")}`;

function out(value: unknown) {
  process.stdout.write(JSON.stringify(value) + "\n");
}

function presentClient(c: { id: string; storeId: string; name: string; scopes: string; allScopes: boolean; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }) {
  return { id: c.id, storeId: c.storeId, name: c.name, scopes: identity.effectiveScopes(c), legacyAllScopes: c.allScopes, createdAt: c.createdAt, lastUsedAt: c.lastUsedAt, revokedAt: c.revokedAt };
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      store: { type: "string" },
      scopes: { type: "string" },
      "all-scopes": { type: "boolean" },
      legacy: { type: "boolean" },
      id: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean" },
    },
  });
  const [command, sub] = positionals;
  if (!command || values.help) {
    process.stdout.write(USAGE + "\n");
    return;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" });
  if (command === "migrate") {
    out(await migrate(config.databaseUrl));
    return;
  }
  await migrate(config.databaseUrl);
  const db = await openDatabase(config.databaseUrl);
  const services: Services = { db, config, cursors: new CursorCodec(config.cursorSecret), log: createLogger(config.logLevel), afterCommit: new Set() };
  const need = (name: keyof typeof values) => {
    const v = values[name];
    if (typeof v !== "string" || !v) throw new Error(`--${name} is required\n${USAGE}`);
    return v;
  };
  try {
    const key = sub ? `${command} ${sub}` : command;
    switch (key) {
      case "store create": {
        const store = await identity.createStore(services, need("name"));
        out({ id: store.id, name: store.name });
        break;
      }
      case "api-client create": {
        const scopes = values["all-scopes"] ? [...ALL_SCOPES] : (values.scopes ?? "").split(",").map((s) => s.trim()).filter(Boolean);
        if (!values["all-scopes"] && !values.legacy && !scopes.length) throw new Error("give --scopes a,b, --all-scopes or --legacy");
        const created = await identity.createApiClient(services, need("store"), { name: need("name"), scopes, legacyAllScopes: !!values.legacy });
        out({ id: created.apiClient.id, secret: created.secret, scopes: identity.effectiveScopes(created.apiClient) });
        break;
      }
      case "api-client list":
        out((await identity.listApiClients(services, need("store"))).map(presentClient));
        break;
      case "api-client revoke":
      case "api-client set-scopes": {
        const row = await db.prisma.apiClient.findUnique({ where: { id: need("id") } });
        if (!row) throw new Error(`No API client ${values.id}`);
        const ctx = systemContext(services, row.storeId, "cli");
        const updated = sub === "revoke"
          ? await identity.revokeApiClient(ctx, row.id)
          : await identity.setApiClientScopes(ctx, row.id, need("scopes").split(",").map((s) => s.trim()).filter(Boolean));
        out(presentClient(updated));
        break;
      }
      case "user create": {
        const user = await identity.createStaffUser(services, need("store"), need("email"), need("password"), values.name ?? "");
        out({ id: user.id, email: user.email });
        break;
      }
      case "seed":
        out(await seedStore(services, need("store")));
        break;
      default:
        throw new Error(`Unknown command: ${key}\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  const message = err instanceof DomainError ? err.message : (err as Error).message;
  process.stderr.write(JSON.stringify({ error: message }) + "\n");
  process.exit(1);
});
