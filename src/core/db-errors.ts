// Recognises constraint violations across both providers (Prisma codes, or raw driver messages).
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  return (
    e.code === "P2002" ||
    /UNIQUE constraint failed|duplicate key value violates unique constraint|UniqueConstraintViolation/i.test(String(e.message)) ||
    (!!e.cause && isUniqueViolation(e.cause))
  );
}

/** A number past its column's range (PostgreSQL 22003, e.g. an integer increment past 2^31 - 1). */
export function isOutOfRange(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  return (
    e.code === "22003" ||
    /out of range for type|integer out of range|NumericValueOutOfRange|value out of range/i.test(String(e.message)) ||
    (!!e.cause && isOutOfRange(e.cause))
  );
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  return (
    e.code === "P2003" ||
    e.code === "P2014" ||
    /FOREIGN KEY constraint failed|violates foreign key constraint|ForeignKeyConstraintViolation/i.test(String(e.message)) ||
    (!!e.cause && isForeignKeyViolation(e.cause))
  );
}

/**
 * SQLSTATE classes and codes meaning "the server is not available to us now" (not a bad statement),
 * and lost contention: a serialization failure or deadlock victim (40001, 40P01), a lock or statement
 * timeout (55P03, 57014). The transaction was rolled back whole, so "retry" is the honest answer.
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300|25006|40001|40P01|55P03|57014)$/;
const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|CANTOPEN|IOERR|FULL|BUSY)/;
const NODE_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "P2034", // Prisma: a transaction failed on a write conflict or a deadlock
]);
/** The driver adapters' kinds for the same (Prisma 7 wraps the SQLSTATE in `cause.kind`). */
const KIND_UNAVAILABLE = new Set([
  "TransactionWriteConflict",
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const MESSAGE_UNAVAILABLE =
  /readonly database|unable to open database|disk I\/O error|database or disk is full|Connection terminated|terminating connection|connection (?:refused|timeout|timed out)|not currently accepting connections|Can't reach database server|read-only transaction|database is locked|Timed out fetching a new connection|Unable to start a transaction in the given time|expired transaction|deadlock detected|could not serialize access|the database system is (?:starting up|shutting down)|Client has encountered a connection error|ECONNREFUSED/i;

/**
 * Whether an error means the database is unavailable (unreachable, connection cut, read-only, full,
 * no connection free for a transaction in time under a burst, or a transaction that lost to contention:
 * expired while it waited for a row lock, deadlock victim, serialization failure) rather than a fault of the statement:
 * such requests answer 503 with Retry-After. Looks through
 * Prisma's and the driver adapters' wrapping (cause, meta, message).
 */
export function isStorageUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown; originalCode?: unknown; kind?: unknown };
  for (const code of [e.code, e.originalCode]) {
    if (typeof code !== "string") continue;
    if (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code) || NODE_UNAVAILABLE.has(code)) return true;
  }
  if (typeof e.kind === "string" && KIND_UNAVAILABLE.has(e.kind)) return true;
  if (typeof e.message === "string" && MESSAGE_UNAVAILABLE.test(e.message)) return true;
  return isStorageUnavailable(e.cause, depth + 1) || isStorageUnavailable(e.meta, depth + 1);
}
