// The `return` topic, declared by the returns domain and registered at assembly (src/domains.ts) into
// the webhooks domain's topic registry: its event types, its payload (the return event's document,
// { return, order }, which a merchant API read answers too: payload.ts renderReturnPayload) and its backfill.
import type { Services } from "../core/context.js";
import { renderReturnPayload } from "./payload.js";

export const RETURN_TOPIC = {
  name: "return",
  eventTypes: ["created", "updated", "backfill"],
  render: async (services: Services, storeId: string, returnId: string): Promise<Record<string, unknown>> =>
    (await renderReturnPayload(services, storeId, returnId)) as Record<string, unknown>,
  async listSubjectsForBackfill(services: Services, storeId: string): Promise<string[]> {
    const rows = await services.db.prisma.return.findMany({
      where: { storeId },
      select: { id: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((r) => r.id);
  },
};
