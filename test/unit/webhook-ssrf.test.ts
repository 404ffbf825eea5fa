import { describe, expect, it } from "vitest";
import { BlockedAddressError, guardedLookup, isNonPublicAddress, urlProblem } from "../../src/webhooks/ssrf.js";
import { decryptSecret, encryptSecret, sign } from "../../src/webhooks/crypto.js";
import { loadConfig, parseDuration } from "../../src/config.js";

describe("webhook URL policy", () => {
  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "224.0.0.1",
    ]) {
      expect([a, isNonPublicAddress(a)]).toEqual([a, true]);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect([a, isNonPublicAddress(a)]).toEqual([a, false]);
    expect(isNonPublicAddress("not-an-ip")).toBe(true);
  });

  it("production refuses http, credentials and private literals; the explicit opt-in allows http and loopback", () => {
    const strict = { allowPrivateUrls: false };
    const optIn = { allowPrivateUrls: true };
    expect(urlProblem("https://hooks.example.com/x", strict)).toBeNull();
    expect(urlProblem("http://hooks.example.com/x", strict)).toBe("must use https");
    expect(urlProblem("https://192.168.0.10/x", strict)).toMatch(/private/);
    expect(urlProblem("https://[fe80::1]/x", strict)).toMatch(/private/);
    expect(urlProblem("https://user:pw@hooks.example.com/x", strict)).toMatch(/credentials/);
    expect(urlProblem("http://127.0.0.1:9999/x", optIn)).toBeNull();
    expect(urlProblem("ftp://127.0.0.1/x", optIn)).toMatch(/http or https/);
    expect(urlProblem("nope", optIn)).toMatch(/absolute URL/);
  });

  // Issue 13 finding 11: IPv6 forms that embed a private IPv4 address, and IPv4 spelled oddly.
  it("classifies IPv6 transition forms by the IPv4 address they carry", () => {
    for (const a of [
      "::127.0.0.1",
      "::7f00:1",
      "::a00:1", // IPv4-compatible (deprecated): all of ::/96
      "2002:7f00:1::",
      "2002:a00:1::",
      "2002:c0a8:101::1", // 6to4 of 127.0.0.1, 10.0.0.1, 192.168.1.1
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:127.0.0.1", // IPv4-mapped, hex and dotted
      "64:ff9b::7f00:1",
      "64:ff9b::10.0.0.1",
      "64:ff9b:1::1", // NAT64 of private addresses; local-use NAT64
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001::1", // Teredo
      "::ffff:0:7f00:1", // SIIT
      "fe80::1%eth0",
      "3fff::1",
      "5f00::1",
    ]) {
      expect([a, isNonPublicAddress(a)]).toEqual([a, true]);
    }
    for (const a of ["2002:808:808::1", "64:ff9b::8.8.8.8", "::ffff:808:808", "2001:4860:4860::8888"])
      expect([a, isNonPublicAddress(a)]).toEqual([a, false]);
  });

  it("refuses private targets in every URL spelling by default", () => {
    const strict = { allowPrivateUrls: false };
    for (const url of [
      "https://[::127.0.0.1]/x",
      "https://[2002:7f00:1::]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[64:ff9b::127.0.0.1]/x",
      "https://[2001::1]/x",
      "https://2130706433/x",
      "https://0x7f000001/x",
      "https://0177.0.0.1/x",
      "https://127.1/x",
      "https://0x7f.1/x",
      "https://0/x",
      "https://localhost./x",
      "https://api.localhost/x",
      "https://[::]/x",
    ]) {
      expect([url, urlProblem(url, strict)]).toEqual([url, expect.stringMatching(/private/)]);
    }
  });

  it("the safe policy is the default in every environment; only WEBHOOK_ALLOW_PRIVATE_URLS=true opts in", () => {
    for (const NODE_ENV of [undefined, "development", "test", "staging", "Production", "production"]) {
      const env = { NODE_ENV, CURSOR_SECRET: "x", WEBHOOK_ENCRYPTION_KEY: "x", PUBLIC_URL: "https://returns.example.com" };
      expect([NODE_ENV, loadConfig(env).webhooks.allowPrivateUrls]).toEqual([NODE_ENV, false]);
      expect([NODE_ENV, loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "true" }).webhooks.allowPrivateUrls]).toEqual([NODE_ENV, true]);
    }
  });

  it("checks the resolved address at connect time", async () => {
    const resolvingTo = (address: string, family: number) =>
      ((_host: string, _opts: unknown, cb: any) => cb(null, [{ address, family }])) as any;
    const connect = (address: string, family: number) =>
      new Promise<{ err: Error | null; address?: unknown }>((resolve) =>
        guardedLookup({ allowPrivateUrls: false }, resolvingTo(address, family))!(
          "hooks.example.com",
          { all: true },
          (err: Error | null, address?: unknown) => resolve({ err, address }),
        ),
      );
    expect((await connect("10.0.0.7", 4)).err).toBeInstanceOf(BlockedAddressError);
    expect((await connect("::ffff:a9fe:a9fe", 6)).err?.message).toMatch(/resolves to non-public address/);
    expect(await connect("93.184.216.34", 4)).toEqual({ err: null, address: [{ address: "93.184.216.34", family: 4 }] });
    expect(guardedLookup({ allowPrivateUrls: true })).toBeUndefined();
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
