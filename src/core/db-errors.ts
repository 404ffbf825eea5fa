// Recognises constraint violations across both providers (Prisma codes, or raw driver messages).
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  return e.code === "P2002" || /UNIQUE constraint failed|duplicate key value violates unique constraint|UniqueConstraintViolation/i.test(String(e.message)) || (!!e.cause && isUniqueViolation(e.cause));
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  return (
    e.code === "P2003" || e.code === "P2014" ||
    /FOREIGN KEY constraint failed|violates foreign key constraint|ForeignKeyConstraintViolation/i.test(String(e.message)) ||
    (!!e.cause && isForeignKeyViolation(e.cause))
  );
}
