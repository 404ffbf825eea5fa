// The `return` topic's payload and backfill. The returns domain owns the shapes: the payload is
// exactly what GET /v2.2/returns/{id} answers ({ return, order }), rendered by the same document.
import type { Services } from "../core/context.js";
import { renderReturnPayload } from "../returns/documents.js";

export async function renderReturnTopic(services: Services, storeId: string, returnId: string): Promise<Record<string, unknown>> {
  return (await renderReturnPayload(services, storeId, returnId)) as Record<string, unknown>;
}

export async function listReturnSubjectsForBackfill(services: Services, storeId: string): Promise<string[]> {
  const rows = await services.db.prisma.return.findMany({
    where: { storeId },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => r.id);
}
