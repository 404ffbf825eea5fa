// Callback URL policy, the same in every environment: https only, and no private, loopback,
// link-local or otherwise non-public address, checked on the address actually connected to (a
// custom DNS lookup), so a name that resolves to 127.0.0.1 or a DNS-rebinding trick is refused at
// connect time. Redirects are never followed (a 3xx is a failed attempt). Only an explicit opt-in
// (WEBHOOK_ALLOW_PRIVATE_URLS=true: tests, `npm run dev`) allows http and private addresses, so a
// local subscriber works; no NODE_ENV value loosens it.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible addresses (::127.0.0.1); ::ffff:0:0:0/96 is SIIT.
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, a dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = text.slice(0, tail.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, null];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const groups = rest === null ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => parseInt(g, 16));
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedIpv4(g: number[]): string | null {
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) return dotted(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0) return dotted(g[6], g[7]);
  if (g[0] === 0x2002) return dotted(g[1], g[2]);
  return null;
}

/** True when the address is not a public unicast address (private, loopback, link-local, reserved…). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const groups = ipv6Groups(address);
    const v4 = embeddedIpv4(groups);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(groups.map((g) => g.toString(16)).join(":"), "ipv6");
  }
  return true;
}

export interface UrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_URLS=true: http and private addresses allowed (local development, tests). */
  allowPrivateUrls: boolean;
}

/** Why a callback URL is refused when it is saved, as a code (the webhooks' refusals word it). */
export type UrlReason = "NOT_ABSOLUTE" | "CREDENTIALS" | "TOO_LONG" | "NOT_HTTP" | "NOT_HTTPS" | "NON_PUBLIC";

/** Each reason in the core's English (after the field's name). */
export const URL_REASONS: Record<UrlReason, string> = {
  NOT_ABSOLUTE: "is not an absolute URL",
  CREDENTIALS: "must not contain credentials (send them as callback.auth)",
  TOO_LONG: "must have at most 2048 characters",
  NOT_HTTP: "must use http or https",
  NOT_HTTPS: "must use https",
  NON_PUBLIC: "must not point at a private, loopback or link-local address",
};

/** Checks a callback URL when it is saved; returns why it is refused, or null. Addresses are checked again at connect time. */
export function urlReason(text: string, policy: UrlPolicy): UrlReason | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "NOT_ABSOLUTE";
  }
  if (url.username || url.password) return "CREDENTIALS";
  if (text.length > 2048) return "TOO_LONG";
  if (policy.allowPrivateUrls) return url.protocol === "https:" || url.protocol === "http:" ? null : "NOT_HTTP";
  if (url.protocol !== "https:") return "NOT_HTTPS";
  // The URL parser already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIP(host) && isNonPublicAddress(host)) return "NON_PUBLIC";
  if (host === "localhost" || host.endsWith(".localhost")) return "NON_PUBLIC";
  return null;
}

/** Checks a callback URL when it is saved; returns the problem in English or null. */
export function urlProblem(text: string, policy: UrlPolicy): string | null {
  const reason = urlReason(text, policy);
  return reason ? URL_REASONS[reason] : null;
}

/** A name refused at connect time: it resolves to the non-public `address`. */
export class BlockedAddressError extends Error {
  code = "EBLOCKEDADDRESS";
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to non-public address ${address}`);
  }
}

/** A DNS lookup for http(s).request that refuses non-public addresses unless the policy allows them. */
export function guardedLookup(policy: UrlPolicy, resolve: typeof dnsLookup = dnsLookup): LookupFunction | undefined {
  if (policy.allowPrivateUrls) return undefined;
  // Every address the name has is asked for (`all`), so that none of them is a non-public one; the caller gets
  // them all or the first, as it asked.
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isNonPublicAddress(a.address));
      if (bad) return callback(new BlockedAddressError(hostname, bad.address), []);
      if (options?.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Why a connection is refused before it is made, as a code: not https, or the literal non-public address `host`. */
export type ConnectRefusal = { reason: "NOT_HTTPS" } | { reason: "NON_PUBLIC"; host: string };

/** Literal IP hosts skip DNS lookup entirely, so they are checked here before connecting. */
export function connectRefusal(url: URL, policy: UrlPolicy): ConnectRefusal | null {
  if (policy.allowPrivateUrls) return null;
  if (url.protocol !== "https:") return { reason: "NOT_HTTPS" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isNonPublicAddress(host)) return { reason: "NON_PUBLIC", host };
  return null;
}

/** The refusal before connecting in the delivery log's English (a webhook attempt's error). */
export function connectProblem(url: URL, policy: UrlPolicy): string | null {
  const refused = connectRefusal(url, policy);
  if (!refused) return null;
  return refused.reason === "NOT_HTTPS" ? "callback URL must use https" : `${refused.host} is a non-public address`;
}

/** The origin (scheme://host:port) a callback URL sends to; the text itself when it does not parse. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
