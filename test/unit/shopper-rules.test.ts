// Issue 25's pure rules: the accent colour's contrast with white (WCAG 2, both ways it is used), the
// portal handle, the test carrier's tracking numbers (check digit), the drop-off code, the signed status
// token (only the service's secret makes one; any change breaks it), and the mail settings checked at start.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { accentProblem, contrastWithWhite, handleProblem, normalHex } from "../../src/portal/settings.js";
import { returnIdOfStatusToken, statusToken } from "../../src/portal/status-link.js";
import { testTrackingNumber } from "../../src/shipping/carrier.js";
import { dropOffCode } from "../../src/shipping/service.js";

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0").toUpperCase()}`);

describe("accent colour", () => {
  it("matches WCAG's contrast with white at known points", () => {
    expect(contrastWithWhite("#FFFFFF")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    // #767676 is the lightest grey with 4.5:1 on white.
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite("#777777")).toBeLessThan(4.5);
  });

  it("is refused exactly when its contrast is below 4.5:1, saying the ratio", () => {
    fc.assert(
      fc.property(hex, (c) => {
        const problem = accentProblem(c);
        const ratio = contrastWithWhite(c);
        expect(problem === null).toBe(ratio >= 4.5);
        if (problem) expect(problem).toContain(`${ratio.toFixed(2)}:1`);
      }),
    );
  });

  it("reads #rgb and #rrggbb in any case, and nothing else", () => {
    expect(normalHex("#abc")).toBe("#AABBCC");
    expect(normalHex(" #1f4e79 ")).toBe("#1F4E79");
    for (const bad of ["1F4E79", "#12345", "#GGGGGG", "red", "#1F4E79FF"]) expect(normalHex(bad)).toBeNull();
  });
});

describe("portal handle", () => {
  it("takes lowercase URL-safe handles and suggests one for the rest", () => {
    for (const ok of ["demo-outfitters", "abc", "a1-b2"]) expect(handleProblem(ok)).toBeNull();
    for (const bad of ["ab", "-abc", "abc-", "a--b", "Abc", "a b", "a/b", "x".repeat(41)]) expect(handleProblem(bad)).not.toBeNull();
    expect(handleProblem("My Shop!")).toContain('e.g. "my-shop"');
  });

  it("never accepts a handle that is not a plain path segment", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (s) => {
        if (handleProblem(s) === null) expect(encodeURIComponent(s)).toBe(s);
      }),
    );
  });
});

describe("tracking numbers and drop-off codes", () => {
  it("gives tracking numbers with a valid mod-10 check digit", () => {
    for (let i = 0; i < 200; i++) {
      const t = testTrackingNumber();
      expect(t).toMatch(/^RT\d{12}$/);
      const d = t.slice(2);
      let sum = 0;
      for (let j = 0; j < 11; j++) sum += Number(d[j]) * (j % 2 === 0 ? 3 : 1);
      expect((sum + Number(d[11])) % 10).toBe(0);
    }
  });

  it("gives drop-off codes that do not repeat", () => {
    const codes = new Set(Array.from({ length: 2000 }, dropOffCode));
    expect(codes.size).toBe(2000);
  });
});

describe("status token", () => {
  const config = loadConfig({ NODE_ENV: "test", CURSOR_SECRET: "unit-secret" });
  const other = loadConfig({ NODE_ENV: "test", CURSOR_SECRET: "another-secret" });

  it("names its return only with the service's own secret, and any change breaks it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^ret_[0-9a-z]{26}$/), fc.nat(), (id, at) => {
        const token = statusToken(config, id);
        expect(returnIdOfStatusToken(config, token)).toBe(id);
        expect(returnIdOfStatusToken(other, token)).toBeNull();
        const i = at % token.length;
        const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
        if (changed !== token) expect(returnIdOfStatusToken(config, changed)).not.toBe(id);
      }),
    );
  });
});

describe("mail settings at start", () => {
  it("needs MAIL_FROM with SMTP_URL, an smtp(s) URL, and never prints the URL (it may hold a password)", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/MAIL_FROM must be set with SMTP_URL/);
    let err: unknown;
    try {
      loadConfig({ SMTP_URL: "http://user:hunter2@mail.example.com", MAIL_FROM: "returns@example.com" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as Error).message)).toContain("SMTP_URL must be an smtp:// or smtps:// URL");
    expect(String((err as Error).message)).not.toContain("hunter2");
    expect(() => loadConfig({ SMTP_URL: "smtp://x:1", MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM=/);
    const ok = loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Shop <returns@example.com>" });
    expect(ok.mail).toMatchObject({ smtpUrl: "smtps://u:p@mail.example.com:465", from: "Shop <returns@example.com>", sender: true });
    expect(loadConfig({}).mail.smtpUrl).toBeNull();
  });
});
