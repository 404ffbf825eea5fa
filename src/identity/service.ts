// Stores, API clients, staff users and their sessions; turning presented credentials into a principal.
import { refuse } from "./refusals.js";
import type { Principal, RequestContext, Services } from "../core/context.js";
import { newId } from "../core/ids.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { holdCountLimit } from "../core/count-limits.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import { ALL_SCOPES, KNOWN_SCOPES, parseScopes, type Scope } from "./scopes.js";
import { sourceDigest, throttleLogin } from "./login-throttle.js";
import {
  API_SECRET_PREFIX,
  SESSION_TOKEN_PREFIX,
  hashPassword,
  issueToken,
  parseToken,
  tokenMatches,
  verifyPassword,
  PasswordHashingBusyError,
} from "./secrets.js";

const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves the Authorization header into a principal. Never throws for bad credentials. */
export async function authenticate(services: Services, authorization: string | undefined): Promise<Principal> {
  if (!authorization) return { kind: "anonymous" };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) return { kind: "invalid", reason: "Malformed Authorization header: expected `Authorization: Bearer <API secret>`." };
  const token = m[1];
  const prisma = services.db.prisma;

  const api = parseToken(token, API_SECRET_PREFIX);
  if (api) {
    const client = await apiClientByLookupId(services.db, api.lookupId);
    if (!client || !tokenMatches(token, client.secretHash)) return { kind: "invalid", reason: "Unknown API secret." };
    if (client.revokedAt) return { kind: "invalid", reason: "This API secret has been revoked." };
    const now = Date.now();
    if (!client.lastUsedAt || now - client.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // Best effort and off the request's path: a lost update only delays "last used".
      prisma.apiClient
        .update({ where: { id: client.id }, data: { lastUsedAt: new Date(now) } })
        .catch((err) => services.log.warn({ err }, "lastUsedAt update failed"));
    }
    return {
      kind: "apiClient",
      clientId: client.id,
      storeId: client.storeId,
      scopes: client.allScopes ? ALL_SCOPE_SET : scopeSetOf(client.scopes),
      name: client.name,
    };
  }

  const session = parseToken(token, SESSION_TOKEN_PREFIX);
  if (session) {
    const row = await prisma.staffSession.findUnique({
      where: { lookupId: session.lookupId },
      include: { user: { include: { memberships: true } } },
    });
    if (!row || !tokenMatches(token, row.tokenHash)) return { kind: "invalid", reason: "Unknown session token." };
    if (row.revokedAt || row.expiresAt.getTime() <= Date.now())
      return { kind: "invalid", reason: "The session has expired; log in again." };
    return { kind: "staff", userId: row.userId, sessionId: row.id, storeIds: new Set(row.user.memberships.map((m) => m.storeId)) };
  }
  return { kind: "invalid", reason: "Unknown API secret." };
}

const ALL_SCOPE_SET: ReadonlySet<string> = new Set(ALL_SCOPES);
/** Scope sets by the stored text (a function of it alone; the client's row is still read every request). */
const scopeSets = new Map<string, ReadonlySet<string>>();
const SCOPE_SETS_KEPT = 1000;

function scopeSetOf(text: string): ReadonlySet<string> {
  let set = scopeSets.get(text);
  if (!set) {
    if (scopeSets.size >= SCOPE_SETS_KEPT) scopeSets.clear();
    scopeSets.set(text, (set = new Set(parseScopes(text))));
  }
  return set;
}

/** What authentication reads of an API client. */
interface ApiClientCredentials {
  id: string;
  storeId: string;
  name: string;
  scopes: string;
  allScopes: boolean;
  secretHash: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The API client a secret names. Every API request of every door runs this first, so it is one
 * statement on the driver itself (src/db/direct.ts; Prisma's `findUnique` cost about twice its raw
 * query, and the raw query more than the statement; performance guide). Read on every request, never
 * cached, so a revocation holds at once on every replica.
 */
async function apiClientByLookupId(db: Services["db"], lookupId: string): Promise<ApiClientCredentials | null> {
  const rows = await db.readRows<ApiClientCredentials>(
    db.provider === "sqlite" ? sqliteClientQuery(lookupId) : postgresClientQuery(lookupId),
  );
  const row = rows[0];
  if (!row) return null;
  // SQLite stores booleans as 0/1 and dates as text or numbers: normalised in place (one shape, no copy).
  row.allScopes = !!row.allScopes;
  row.lastUsedAt = toDate(row.lastUsedAt);
  row.revokedAt = toDate(row.revokedAt);
  return row;
}

const sqliteClientQuery = (lookupId: string) => Prisma.sql`
  SELECT "id", "storeId", "name", "scopes", "allScopes", "secretHash", "lastUsedAt", "revokedAt" FROM "ApiClient" WHERE "lookupId" = ${lookupId}`;
// Prisma's columns are timestamps without a zone holding UTC; pg would read them in the process's zone.
const postgresClientQuery = (lookupId: string) => Prisma.sql`
  SELECT "id", "storeId", "name", "scopes", "allScopes", "secretHash",
    "lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt", "revokedAt" AT TIME ZONE 'UTC' AS "revokedAt"
  FROM "ApiClient" WHERE "lookupId" = ${lookupId}`;

function toDate(value: Date | string | number | null): Date | null {
  return value === null || value === undefined ? null : value instanceof Date ? value : new Date(value);
}

export async function createStore(services: Services, name: string) {
  if (!name.trim()) throw refuse("NAME_EMPTY");
  return services.db.prisma.store.create({ data: { id: newId("st"), name: name.trim() } });
}

/** The store, or a not-found error naming it (instead of a foreign-key failure later). */
export async function requireStore(services: Services, storeId: string) {
  const store = await services.db.prisma.store.findUnique({ where: { id: storeId } });
  if (!store) throw refuse("STORE_NOT_FOUND", { storeId });
  return store;
}

/** For the CLI: every store, oldest first (the way back to a store id after a restart). */
export async function listStores(services: Services) {
  return services.db.prisma.store.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export interface ApiClientInput {
  name: string;
  scopes: string[];
  legacyAllScopes?: boolean | null;
}

export async function createApiClient(services: Services, storeId: string, input: ApiClientInput) {
  if (!input.name.trim()) throw refuse("NAME_EMPTY");
  const scopes = input.legacyAllScopes ? validateScopes(input.scopes) : requireScopes(input.scopes);
  await requireStore(services, storeId);
  const issued = issueToken(API_SECRET_PREFIX);
  const apiClient = await services.db.prisma.$transaction(async (tx) => {
    // Active clients stop at the list's bound (listed first), so no working secret is ever out of sight.
    await holdCountLimit(tx, services.db.provider, storeId, {
      name: "store-api-clients",
      max: LIST_BOUNDS.storeApiClients,
      count: () => tx.apiClient.count({ where: { storeId, revokedAt: null } }),
      refuse: () => refuse("API_CLIENTS_LIMIT", { max: LIST_BOUNDS.storeApiClients }),
    });
    return tx.apiClient.create({
      data: {
        id: newId("akey"),
        storeId,
        name: input.name.trim(),
        scopes: scopes.join(","),
        allScopes: !!input.legacyAllScopes,
        lookupId: issued.lookupId,
        secretHash: issued.hash,
      },
    });
  });
  return { apiClient, secret: issued.token };
}

function validateScopes(scopes: string[]): Scope[] {
  const unknown = scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw refuse("SCOPES_UNKNOWN", { unknown: unknown.join(", "), known: KNOWN_SCOPES.join(", ") });
  return [...new Set(scopes)] as Scope[];
}

/** A client without any scope could do nothing: refused, except a legacy client (its flag grants every scope). */
function requireScopes(scopes: string[]): Scope[] {
  const valid = validateScopes(scopes);
  if (!valid.length) throw refuse("SCOPES_EMPTY", { known: KNOWN_SCOPES.join(", ") });
  return valid;
}

async function apiClientOfCaller(ctx: RequestContext, id: string) {
  const client = await ctx.prisma.apiClient.findUnique({ where: { id } });
  if (!client || !ctx.canAccessStore(client.storeId)) throw refuse("API_CLIENT_NOT_FOUND", { id });
  return client;
}

export async function setApiClientScopes(ctx: RequestContext, id: string, scopes: string[]) {
  const client = await apiClientOfCaller(ctx, id);
  const valid = client.allScopes ? validateScopes(scopes) : requireScopes(scopes);
  // A legacy all-scope client keeps holding every scope: the flag is what grants it.
  return ctx.prisma.apiClient.update({ where: { id: client.id }, data: { scopes: valid.join(",") } });
}

/** Narrows a legacy all-scope client to explicit scopes (one-way; the secret stays the same). */
export async function endLegacyAllScopes(ctx: RequestContext, id: string, scopes: string[]) {
  const client = await apiClientOfCaller(ctx, id);
  if (client.revokedAt) throw refuse("API_CLIENT_REVOKED", { id });
  const valid = requireScopes(scopes);
  return ctx.prisma.apiClient.update({ where: { id: client.id }, data: { allScopes: false, scopes: valid.join(",") } });
}

export async function revokeApiClient(ctx: RequestContext, id: string) {
  const client = await apiClientOfCaller(ctx, id);
  if (client.revokedAt) return client;
  return ctx.prisma.apiClient.update({ where: { id: client.id }, data: { revokedAt: new Date() } });
}

/** For the CLI: list and revoke without a principal. */
export async function listApiClients(services: Services, storeId: string) {
  // Active ones first (at most LIST_BOUNDS.storeApiClients of them), so a capped list never hides a working secret.
  return services.db.prisma.apiClient.findMany({
    where: { storeId },
    orderBy: [{ revokedAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }, { id: "asc" }],
  });
}

export function effectiveScopes(client: { scopes: string; allScopes: boolean }): Scope[] {
  return client.allScopes ? [...ALL_SCOPES] : parseScopes(client.scopes);
}

export async function createStaffUser(services: Services, storeId: string, email: string, password: string, name = "") {
  const normalized = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(normalized)) throw refuse("STAFF_EMAIL_INVALID");
  if (password.length < 8) throw refuse("PASSWORD_TOO_SHORT", { min: 8 });
  const prisma = services.db.prisma;
  await requireStore(services, storeId);
  const passwordHash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    const existing = await tx.staffUser.findUnique({ where: { email: normalized } });
    const user = existing ?? (await tx.staffUser.create({ data: { id: newId("usr"), email: normalized, name, passwordHash } }));
    await tx.storeMembership.upsert({
      where: { userId_storeId: { userId: user.id, storeId } },
      create: { userId: user.id, storeId },
      update: {},
    });
    return user;
  });
}

export async function login(services: Services, email: string, password: string, clientAddress?: string) {
  const normalized = email.trim().toLowerCase();
  const user = await services.db.prisma.staffUser.findUnique({ where: { email: normalized } });
  const source = sourceDigest(clientAddress);
  const attempt = await throttleLogin(services, normalized, clientAddress, !!user && user.lastLoginSource === source);
  // Verify against a dummy hash when the user is unknown, so timing does not reveal accounts.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH).catch((err) => {
    if (err instanceof PasswordHashingBusyError) throw refuse("LOGINS_BUSY", { seconds: 1 });
    throw err;
  });
  if (!user || !ok) throw refuse("LOGIN_WRONG");
  await attempt.succeeded();
  if (user.lastLoginSource !== source)
    await services.db.prisma.staffUser.update({ where: { id: user.id }, data: { lastLoginSource: source } });
  const issued = issueToken(SESSION_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + services.config.sessionTtlMs);
  await services.db.prisma.staffSession.create({
    data: { id: newId("sess"), userId: user.id, lookupId: issued.lookupId, tokenHash: issued.hash, expiresAt },
  });
  return { token: issued.token, expiresAt, user };
}

export async function logout(ctx: RequestContext) {
  if (ctx.principal.kind !== "staff") return false;
  await ctx.prisma.staffSession.update({ where: { id: ctx.principal.sessionId }, data: { revokedAt: new Date() } });
  return true;
}

const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
