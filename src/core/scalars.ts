import { GraphQLError, GraphQLScalarType, Kind } from "graphql";

/** ISO 8601 date-time in UTC. Accepts date-times with a zone; refuses anything else. */
export const DateTimeScalar = new GraphQLScalarType({
  name: "DateTime",
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "string" || typeof value === "number") return new Date(value).toISOString();
    throw new GraphQLError("DateTime cannot represent this value");
  },
  parseValue(value) {
    return parseDateTime(value);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("DateTime must be an ISO 8601 string");
    return parseDateTime(ast.value);
  },
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function parseDateTime(value: unknown): Date {
  if (typeof value !== "string" || !ISO.test(value)) {
    throw new GraphQLError(
      `DateTime must be an ISO 8601 date-time with a time zone, e.g. "2026-01-31T12:00:00Z"; got ${JSON.stringify(value)}`,
    );
  }
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new GraphQLError(`Invalid date-time ${JSON.stringify(value)}`);
  return d;
}
