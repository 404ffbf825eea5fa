// The GraphQL documents of pages/overview.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { MONEY } from "../fragments.js";

export const RETURNS_OVERVIEW = `query DashboardReturnsOverview($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) {
    from to returnCount unitCount
    byDay { day count }
    byStatus { status count }
    byReason { reason units }
    values { currency refund { ${MONEY} } storeCredit { ${MONEY} } exchange { ${MONEY} } }
    topProducts { productId title units }
  }
}`;
