// Which databases and which facade executor this test run uses (set by test/run.ts).
import type { Provider } from "../../src/db/url.js";

export const providers: Provider[] = (process.env.RETOUR_TEST_DBS ?? "sqlite")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is Provider => s === "sqlite" || s === "postgresql");

export const executorMode: "in-process" | "remote" = process.env.RETOUR_TEST_EXECUTOR === "remote" ? "remote" : "in-process";
