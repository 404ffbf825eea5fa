// Callback URL policy. In production: https only, and no private, loopback, link-local or otherwise
// non-public address, checked on the address actually connected to (a custom DNS lookup), so a
// name that resolves to 127.0.0.1 or a DNS-rebinding trick is refused at connect time. Redirects are
// never followed (a 3xx is a failed attempt). Outside production (or WEBHOOK_ALLOW_PRIVATE_URLS=true)
// http and private addresses are allowed, so a local subscriber works.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32],
  ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blocked.addSubnet(net, bits, "ipv6");

/** True when the address is not a public unicast address (private, loopback, link-local, reserved…). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return blocked.check(mapped[1], "ipv4");
    return blocked.check(lower, "ipv6");
  }
  return true;
}

export interface UrlPolicy {
  production: boolean;
  allowPrivateUrls: boolean;
}

/** Checks a callback URL when it is saved; returns the problem or null. Addresses are checked again at connect time. */
export function urlProblem(text: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "is not an absolute URL";
  }
  if (url.username || url.password) return "must not contain credentials (send them as callback.auth)";
  if (text.length > 2048) return "must have at most 2048 characters";
  const strict = policy.production && !policy.allowPrivateUrls;
  if (strict) {
    if (url.protocol !== "https:") return "must use https";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isNonPublicAddress(host)) return "must not point at a private, loopback or link-local address";
    if (host === "localhost" || host.endsWith(".localhost")) return "must not point at a private, loopback or link-local address";
  } else if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "must use http or https";
  }
  return null;
}

export class BlockedAddressError extends Error {
  code = "EBLOCKEDADDRESS";
}

/** A DNS lookup for http(s).request that refuses non-public addresses when the policy is strict. */
export function guardedLookup(policy: UrlPolicy): LookupFunction | undefined {
  if (!policy.production || policy.allowPrivateUrls) return undefined;
  return ((hostname: string, options: any, callback: any) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const bad = addresses.find((a) => isNonPublicAddress(a.address));
      if (bad) return callback(new BlockedAddressError(`${hostname} resolves to non-public address ${bad.address}`));
      if (options?.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}

/** Literal IP hosts skip DNS lookup entirely, so they are checked here before connecting. */
export function connectProblem(url: URL, policy: UrlPolicy): string | null {
  if (!policy.production || policy.allowPrivateUrls) return null;
  if (url.protocol !== "https:") return "callback URL must use https";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isNonPublicAddress(host)) return `${host} is a non-public address`;
  return null;
}
