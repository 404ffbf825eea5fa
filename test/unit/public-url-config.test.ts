// Issue 22, finding 12 (first half): without PUBLIC_URL the warehouse list's nextPageUrl followed the
// request's Host header. In production PUBLIC_URL is now required (decisions guide): a start without
// it is refused with the other configuration problems, so no absolute link comes from a Host header.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/retour",
  CURSOR_SECRET: "prod-cursor-secret",
  WEBHOOK_ENCRYPTION_KEY: "prod-webhook-key",
};

describe("PUBLIC_URL", () => {
  it("is required in production, in plain words among the configuration problems", () => {
    for (const missing of [undefined, "", "   "]) {
      const env = { ...PRODUCTION, ...(missing === undefined ? {} : { PUBLIC_URL: missing }) };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PUBLIC_URL must be set in production/);
    }
  });

  it("starts production with it, and development without it (a validated Host then)", () => {
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: "https://returns.example.com/" }).publicUrl).toBe("https://returns.example.com");
    expect(loadConfig({ NODE_ENV: "development" }).publicUrl).toBeNull();
  });
});
