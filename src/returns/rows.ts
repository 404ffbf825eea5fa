// The stored rows of a return and of its items, as every part of the returns domain reads them.
import type { RequestContext } from "../core/context.js";

export type ReturnRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["return"]["findFirst"]>>>;
export type ReturnItemRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["returnItem"]["findFirst"]>>>;
