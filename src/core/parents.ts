// The parent values of the GraphQL object types a domain builds itself (not a Prisma row as it is, nor a
// core type): each domain declares its own beside its resolvers, by declaration merging —
//   declare module "../core/parents.js" { interface DomainParents { OrderItem: LineItemWithPrice } }
// — and the generated resolver types (src/core/generated/schema.ts, .ci/codegen.ts DOMAIN_MAPPERS) read them
// from here, so the core names no domain. Types only: nothing of it exists at run time.

// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains' declarations (declaration merging).
export interface DomainParents {}
