import { describe, expect, it } from "vitest";
import { isNonPublicAddress, urlProblem } from "../../src/webhooks/ssrf.js";
import { decryptSecret, encryptSecret, sign } from "../../src/webhooks/crypto.js";
import { parseDuration } from "../../src/config.js";

describe("webhook URL policy", () => {
  it("classifies addresses", () => {
    for (const a of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "224.0.0.1"]) {
      expect([a, isNonPublicAddress(a)]).toEqual([a, true]);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) expect([a, isNonPublicAddress(a)]).toEqual([a, false]);
    expect(isNonPublicAddress("not-an-ip")).toBe(true);
  });

  it("production refuses http, credentials and private literals; development allows http and loopback", () => {
    const prod = { production: true, allowPrivateUrls: false };
    const dev = { production: false, allowPrivateUrls: true };
    expect(urlProblem("https://hooks.example.com/x", prod)).toBeNull();
    expect(urlProblem("http://hooks.example.com/x", prod)).toBe("must use https");
    expect(urlProblem("https://192.168.0.10/x", prod)).toMatch(/private/);
    expect(urlProblem("https://[fe80::1]/x", prod)).toMatch(/private/);
    expect(urlProblem("https://user:pw@hooks.example.com/x", prod)).toMatch(/credentials/);
    expect(urlProblem("http://127.0.0.1:9999/x", dev)).toBeNull();
    expect(urlProblem("ftp://127.0.0.1/x", dev)).toMatch(/http or https/);
    expect(urlProblem("http://127.0.0.1:9999/x", { production: true, allowPrivateUrls: true })).toBeNull();
    expect(urlProblem("nope", dev)).toMatch(/absolute URL/);
  });
});

describe("webhook secrets", () => {
  it("encrypts with AES-256-GCM and refuses tampering or a wrong key", () => {
    const sealed = encryptSecret("key-a", "subscriber token");
    expect(sealed).not.toContain("subscriber");
    expect(decryptSecret("key-a", sealed)).toBe("subscriber token");
    expect(() => decryptSecret("key-b", sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("x" + Buffer.from(parts[3], "base64url").toString("latin1"), "latin1").toString("base64url");
    expect(() => decryptSecret("key-a", parts.join("."))).toThrow();
  });

  it("signs like the Standard Webhooks reference vector", () => {
    // Test vector from the Standard Webhooks specification's reference libraries.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("reads durations", () => {
    expect(["50ms", "5s", "5m", "2h", "1d"].map((d) => parseDuration(d, "x"))).toEqual([50, 5000, 300000, 7200000, 86400000]);
    expect(() => parseDuration("5 minutes", "WEBHOOK_RETRY_SCHEDULE")).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});
