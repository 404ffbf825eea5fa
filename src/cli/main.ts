// Operator CLI: `npm run --silent cli -- <command>`. Results are JSON on stdout; errors are plain
// text on stderr: exit 2 for a usage error (with the usage), exit 1 when the command itself failed.
//
// Only what parsing and the usage need is imported up front: a usage error or --help answers without
// loading Prisma, GraphQL and the domains (the suites run the CLI often; about a minute of CPU over them).
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Services } from "../core/context.js";
import { ALL_SCOPES, KNOWN_SCOPES } from "../identity/scopes.js";

type Identity = typeof import("../identity/service.js");

const PROGRAM = "npm run --silent cli --";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | undefined>;

interface Command {
  args: string;
  about: string;
  options: Options;
  /** Options that must be given (checked before the database is opened). */
  required?: string[];
  /** The options' other usage rules, also checked before the database is opened: a message, or null. */
  check?(values: Values): string | null;
  /** Absent for `migrate`, which every command does first. */
  run?(values: Values, services: Services, identity: Identity): Promise<unknown>;
}

const str = { type: "string" } as const;
const bool = { type: "boolean" } as const;
const list = (v: unknown) =>
  String(v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function presentClient(
  identity: Identity,
  c: {
    id: string;
    storeId: string;
    name: string;
    scopes: string;
    allScopes: boolean;
    createdAt: Date;
    lastUsedAt: Date | null;
    revokedAt: Date | null;
  },
) {
  return {
    id: c.id,
    storeId: c.storeId,
    name: c.name,
    scopes: identity.effectiveScopes(c),
    legacyAllScopes: c.allScopes,
    createdAt: c.createdAt,
    lastUsedAt: c.lastUsedAt,
    revokedAt: c.revokedAt,
  };
}

/** A client of any store, with a context allowed to change it. */
async function clientContext(services: Services, id: string) {
  const [{ refuse }, { systemContext }] = await Promise.all([import("../identity/refusals.js"), import("../core/context.js")]);
  const row = await services.db.prisma.apiClient.findUnique({ where: { id } });
  if (!row) throw refuse("API_CLIENT_NOT_FOUND", { id });
  return systemContext(services, row.storeId, "cli");
}

const COMMANDS: Record<string, Command> = {
  migrate: {
    args: "",
    about: "Apply the database migrations (npm start does it too).",
    options: {},
  },
  "store create": {
    args: "--name NAME",
    about: "Create a store; prints {id, name}.",
    options: { name: str },
    required: ["name"],
    run: async (v, services, identity) => {
      const store = await identity.createStore(services, String(v.name));
      return { id: store.id, name: store.name };
    },
  },
  "store list": {
    args: "",
    about: "Every store, oldest first: [{id, name, createdAt}].",
    options: {},
    run: async (_v, services, identity) =>
      (await identity.listStores(services)).map((s) => ({ id: s.id, name: s.name, createdAt: s.createdAt })),
  },
  "api-client create": {
    args: "--store STORE --name NAME (--scopes a,b | --all-scopes | --legacy)",
    about: "Create an API client; prints {id, secret, scopes}. The secret is shown this once.",
    options: { store: str, name: str, scopes: str, "all-scopes": bool, legacy: bool },
    required: ["store", "name"],
    check: (v) => (!v["all-scopes"] && !v.legacy && !list(v.scopes).length ? "give --scopes a,b, --all-scopes or --legacy" : null),
    run: async (v, services, identity) => {
      const scopes = v["all-scopes"] ? [...ALL_SCOPES] : list(v.scopes);
      const created = await identity.createApiClient(services, String(v.store), {
        name: String(v.name),
        scopes,
        legacyAllScopes: !!v.legacy,
      });
      return { id: created.apiClient.id, secret: created.secret, scopes: identity.effectiveScopes(created.apiClient) };
    },
  },
  "api-client list": {
    args: "--store STORE",
    about: "The store's API clients (never their secrets), revoked ones included.",
    options: { store: str },
    required: ["store"],
    run: async (v, services, identity) => {
      await identity.requireStore(services, String(v.store));
      return (await identity.listApiClients(services, String(v.store))).map((c) => presentClient(identity, c));
    },
  },
  "api-client revoke": {
    args: "--id ID",
    about: "Revoke an API client: its secret stops working on the next request.",
    options: { id: str },
    required: ["id"],
    run: async (v, services, identity) => {
      return presentClient(identity, await identity.revokeApiClient(await clientContext(services, String(v.id)), String(v.id)));
    },
  },
  "api-client set-scopes": {
    args: "--id ID --scopes a,b",
    about: "Replace an API client's scopes (the secret stays the same).",
    options: { id: str, scopes: str },
    required: ["id", "scopes"],
    run: async (v, services, identity) => {
      return presentClient(
        identity,
        await identity.setApiClientScopes(await clientContext(services, String(v.id)), String(v.id), list(v.scopes)),
      );
    },
  },
  "user create": {
    args: "--store STORE --email EMAIL --password PASSWORD [--name NAME]",
    about: "Create a staff user of the store (dashboard login), or add an existing one to it.",
    options: { store: str, email: str, password: str, name: str },
    required: ["store", "email", "password"],
    run: async (v, services, identity) => {
      const user = await identity.createStaffUser(services, String(v.store), String(v.email), String(v.password), String(v.name ?? ""));
      return { id: user.id, email: user.email };
    },
  },
  seed: {
    args: "--store STORE",
    about: "Add demo data for every domain to the store.",
    options: { store: str },
    required: ["store"],
    run: async (v, services, identity) => {
      await identity.requireStore(services, String(v.store));
      await import("../domains.js"); // the assembly: a seeded return's events fan out like any other
      const { seedStore } = await import("../demo/seed.js");
      return seedStore(services, String(v.store));
    },
  },
  "seed-portal": {
    args: "--store STORE",
    about:
      "Add the portal's demo order #1007 (mae@example.test) and publish a demo return policy (final sale, store credit with a bonus, exchanges, reasons): the store's draft policy is replaced.",
    options: { store: str },
    required: ["store"],
    run: async (v, services, identity) => {
      await identity.requireStore(services, String(v.store));
      await import("../domains.js"); // the assembly: the demo's events fan out like any other
      const { seedPortalDemo } = await import("../drafts/seed.js");
      return seedPortalDemo(services, String(v.store));
    },
  },
  "maintenance sweep": {
    args: "",
    about:
      "Delete now what is past its retention (webhook deliveries, events, closed drafts and their photos, sessions, idempotency keys, rate-limit counters, emails), as the service does every RETENTION_SWEEP_INTERVAL; prints the rows deleted by table. Waits for nothing: if another process is sweeping, says so.",
    options: {},
    run: async (_v, services) => {
      const { sweep } = await import("../retention/sweeper.js");
      return sweep(services, { force: true });
    },
  },
};

class UsageError extends Error {
  constructor(
    message: string,
    readonly usage = USAGE,
  ) {
    super(message);
  }
}

const commandLine = (name: string) => `${PROGRAM} ${name}${COMMANDS[name].args ? " " + COMMANDS[name].args : ""}`;
const commandUsage = (name: string) =>
  `Usage: ${commandLine(name)}\n  ${COMMANDS[name].about}${name.startsWith("api-client") ? `\nScopes: ${KNOWN_SCOPES.join(", ")}` : ""}`;
const USAGE = [
  `Usage: ${PROGRAM} <command> [options]    (${PROGRAM} <command> --help for one command)`,
  "Commands:",
  ...Object.keys(COMMANDS).map((name) => `  ${name}${COMMANDS[name].args ? " " + COMMANDS[name].args : ""}\n      ${COMMANDS[name].about}`),
  `Scopes: ${KNOWN_SCOPES.join(", ")}`,
  "Uses DATABASE_URL like the service (default file:./data/retour.db).",
].join("\n");

/** Finds the command (one or two words) and parses its options strictly. */
function parse(argv: string[]): { name: string; values: Values } | { help: string } {
  const words = argv.slice(0, 2).filter((w) => !w.startsWith("-"));
  if (words.length === 0) {
    if (argv.includes("--help") || argv.includes("-h") || argv[0] === "help") return { help: USAGE };
    throw new UsageError(argv.length ? `unknown option ${argv[0]}` : "no command given");
  }
  if (words[0] === "help") return { help: USAGE };
  const name = COMMANDS[words.slice(0, 2).join(" ")] ? words.slice(0, 2).join(" ") : words[0];
  const command = COMMANDS[name];
  const rest = argv.slice(name.split(" ").length);
  const wantsHelp = rest.includes("--help") || rest.includes("-h");
  if (!command) {
    // A group (`store`) names its commands; anything else is unknown.
    const group = Object.keys(COMMANDS).filter((n) => n.startsWith(words[0] + " "));
    if (!group.length) throw new UsageError(`unknown command: ${words.join(" ")}`);
    const groupUsage = `Usage:\n${group.map((n) => `  ${commandLine(n)}\n      ${COMMANDS[n].about}`).join("\n")}`;
    if (wantsHelp && words.length === 1) return { help: groupUsage };
    throw new UsageError(words.length > 1 ? `unknown command: ${words.join(" ")}` : `${words[0]} needs a command`, groupUsage);
  }
  if (wantsHelp) return { help: commandUsage(name) };
  let values: Values;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Values;
  } catch (err) {
    // node:util's messages mention its own API ("To specify a positional argument…"): keep the first sentence.
    throw new UsageError(`${name}: ${(err as Error).message.split(". ")[0].replace(/\.$/, "")}`, commandUsage(name));
  }
  for (const option of command.required ?? []) {
    if (typeof values[option] !== "string" || !values[option]) throw new UsageError(`${name}: --${option} is required`, commandUsage(name));
  }
  const wrong = command.check?.(values);
  if (wrong) throw new UsageError(wrong);
  return { name, values };
}

async function main(argv: string[]): Promise<void> {
  const parsed = parse(argv);
  if ("help" in parsed) {
    process.stdout.write(parsed.help + "\n");
    return;
  }
  const command = COMMANDS[parsed.name];
  const { loadConfig } = await import("../config.js");
  const { migrate } = await import("../db/migrate.js");
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" });
  const applied = await migrate(config.databaseUrl);
  if (!command.run) {
    out(applied);
    return;
  }
  const [{ openDatabase }, { createLogger }, { CursorCodec }, identity] = await Promise.all([
    import("../db/client.js"),
    import("../core/log.js"),
    import("../core/pagination.js"),
    import("../identity/service.js"),
    // Not the assembly (src/domains.ts, every domain: 3 s of module loading on a busy box): only the
    // commands that record events (the seeds) load it; recording without it fails loudly (core/events.ts).
  ]);
  const db = await openDatabase(config.databaseUrl);
  const services: Services = {
    db,
    config,
    cursors: new CursorCodec(config.cursorSecret),
    log: createLogger(config.logLevel),
    afterCommit: new Set(),
  };
  // PostgreSQL: the events a command records (the seeds) wake the service's dispatchers (src/webhooks/listen.ts).
  const stopNotices = db.provider === "postgresql" ? (await import("../webhooks/listen.js")).deliveryNotices(services) : null;
  try {
    out(await command.run(parsed.values, services, identity));
  } finally {
    await stopNotices?.();
    await db.close();
  }
}

function out(value: unknown) {
  process.stdout.write(JSON.stringify(value) + "\n");
}

// Node's system error codes that mean the database cannot be reached.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET", "EACCES", "ENOENT"]);

main(process.argv.slice(2)).catch(async (err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n\n${err.usage}\n`);
    process.exit(2);
  }
  const { DomainError } = await import("../core/errors.js");
  const code = (err as { code?: unknown })?.code;
  // Only our own messages reach the user: an ORM or driver error would show internals (SQL, constraint names).
  const message =
    err instanceof DomainError
      ? err.message
      : typeof code === "string" && UNREACHABLE.has(code)
        ? `cannot reach the database (${code}); check DATABASE_URL`
        : "unexpected error; run again with LOG_LEVEL=debug for details";
  if (!(err instanceof DomainError) && process.env.LOG_LEVEL === "debug") console.error(err);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
