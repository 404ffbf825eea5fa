// The GraphQL documents of pages/return-ledger.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { LEDGER_ENTRY_FIELDS } from "../fragments.js";

export const RETRY_RETURN_LEDGER_ENTRY = `mutation DashboardRetryReturnLedgerEntry($id: ID!) {
  retryReturnLedgerEntry(id: $id) { ${LEDGER_ENTRY_FIELDS} }
}`;
