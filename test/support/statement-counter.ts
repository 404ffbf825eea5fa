// Counts the SQL statements the core issues while one piece of work runs (the statement-count suites):
// pass `onQuery` to startTestService, then `count(() => …)`. SHOW_SQL=1 prints them.
import type { TestServiceOptions } from "./server.js";

export function statementCounter() {
  let counting = false;
  let statements = 0;
  const shown: string[] = [];
  const onQuery: NonNullable<TestServiceOptions["onQuery"]> = (e) => {
    if (!counting) return;
    statements++;
    shown.push(String(e.query ?? "").slice(0, 200));
  };
  async function count<T>(run: () => Promise<T>): Promise<{ statements: number; result: T }> {
    statements = 0;
    shown.length = 0;
    counting = true;
    try {
      const result = await run();
      return { statements, result };
    } finally {
      counting = false;
      if (process.env.SHOW_SQL) console.log(shown.join("\n"));
    }
  }
  return { onQuery, count };
}
