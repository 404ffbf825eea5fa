// The GraphQL documents of pages/overview.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { MONEY } from "../fragments.js";

export const RETURNS_OVERVIEW = `query DashboardReturnsOverview($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) {
    from to returnCount unitCount
    byDay { day count }
    byStatus { status count }
    byReason { reason units }
    values { currency refund { ${MONEY} } storeCredit { ${MONEY} } exchange { ${MONEY} } returned { ${MONEY} } kept { ${MONEY} } keptShare
      fees { ${MONEY} } feeCount }
    topProducts { productId title units }
    returnRates { unitsSold byProduct { key title unitsReturned unitsSold rate } byVariant { key title unitsReturned unitsSold rate }
      byReason { key title unitsReturned unitsSold rate } }
    times { stage count averageHours medianHours p90Hours }
    outcomes { interval points { start outcome currency items value { ${MONEY} } } }
  }
}`;

/** The overview's CSV, asked only when the merchant downloads it. */
export const RETURNS_OVERVIEW_CSV = `query DashboardReturnsOverviewCsv($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) { csv }
}`;
