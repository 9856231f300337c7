// IP literals and the "not public" ranges, shared by the static callback-URL rules and the server's
// check of resolved addresses. Parsing and range matching are ipaddr.js's (browser-safe, every
// spelling inet_aton and URL parsers accept); the policy, which ranges are refused, is ours.
import ipaddr from 'ipaddr.js';
import { CLOUD_METADATA_ADDRESSES } from './cloud-metadata.js';

export type IpAddress = { version: 4; bytes: Uint8Array } | { version: 6; bytes: Uint8Array };

// Longer text is no address in any spelling; refused before any parsing.
const MAX_LITERAL_LENGTH = 64;

/**
 * Parses an IPv4 literal the way URL parsers and inet_aton do: 1 to 4 parts, each decimal, octal
 * (leading 0) or hex (0x), the last part filling the remaining bytes (`127.1`, `2130706433`, `0x7f.1`).
 */
export function parseIPv4(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > MAX_LITERAL_LENGTH) return undefined;
  // URL parsers accept one trailing dot, and read a bare `0x` part as zero.
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const normalised = parts.map((part) => (part === '0x' || part === '0X' ? '0' : part)).join('.');
  if (!ipaddr.IPv4.isValid(normalised)) return undefined;
  try {
    return Uint8Array.from(ipaddr.IPv4.parse(normalised).toByteArray());
  } catch {
    return undefined;
  }
}

/** Parses an IPv6 literal, with or without brackets and zone id, including a dotted IPv4 tail. */
export function parseIPv6(text: string): Uint8Array | undefined {
  let body = text;
  if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1);
  if (body.length < 2 || body.length > MAX_LITERAL_LENGTH || !body.includes(':')) return undefined;
  if (!ipaddr.IPv6.isValid(body)) return undefined;
  // A dotted IPv4 tail is strict decimal in IPv6 (RFC 4291 2.2); ipaddr.js also reads octal there.
  const tail = body.slice(body.lastIndexOf(':') + 1);
  if (tail.includes('.') && /(^|\.)0\d/.test(tail)) return undefined;
  try {
    return Uint8Array.from(ipaddr.IPv6.parse(body).toByteArray());
  } catch {
    return undefined;
  }
}

/** An IPv4 or IPv6 literal (any spelling a URL parser accepts), or undefined for a host name. */
export function parseIpAddress(host: string): IpAddress | undefined {
  const v6 = parseIPv6(host);
  if (v6) return { version: 6, bytes: v6 };
  const v4 = parseIPv4(host);
  if (v4) return { version: 4, bytes: v4 };
  return undefined;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidrs = (list: readonly string[]): Cidr[] => list.map((text) => ipaddr.parseCIDR(text));

// Not publicly routable, or reserved: this network, private, shared (CGNAT), loopback, link-local,
// IETF protocol assignments, documentation, 6to4 relay, benchmark, multicast, reserved, broadcast.
// ipaddr.js's own `range()` is consulted too; this list keeps the policy readable and fixed.
const PRIVATE_V4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
]);

// Only 2000::/3 is public IPv6. Inside it: Teredo and other IETF protocol assignments, documentation,
// 6to4 (both embed an IPv4 address that cannot be vetted), the newer documentation block and SRv6.
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');
const BLOCKED_V6_GLOBAL = cidrs(['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20', '5f00::/16']);
// Forms that carry an IPv4 address in their last 32 bits: IPv4-mapped and NAT64 (RFC 6052).
const EMBEDS_V4 = cidrs(['::ffff:0:0/96', '64:ff9b::/96']);

const CLOUD_ADDRESSES = CLOUD_METADATA_ADDRESSES.map(({ address }) =>
  ipaddr.parse(address).toNormalizedString(),
);

function toIpaddr(address: IpAddress): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.version === 4
    ? new ipaddr.IPv4(Array.from(address.bytes))
    : ipaddr.IPv6.parse(formatIpAddress(address));
}

const inAny = (ip: ipaddr.IPv4 | ipaddr.IPv6, list: readonly Cidr[]) =>
  list.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));

function isPrivateV4(ip: ipaddr.IPv4): boolean {
  return (
    ip.range() !== 'unicast' || inAny(ip, PRIVATE_V4) || CLOUD_ADDRESSES.includes(ip.toNormalizedString())
  );
}

function isPrivateV6(ip: ipaddr.IPv6): boolean {
  if (inAny(ip, EMBEDS_V4)) {
    const bytes = ip.toByteArray();
    return isPrivateV4(new ipaddr.IPv4(bytes.slice(12)));
  }
  if (CLOUD_ADDRESSES.includes(ip.toNormalizedString())) return true;
  // Outside 2000::/3: loopback, unspecified, IPv4-compatible, discard, local NAT64, ULA, link-local,
  // site-local, multicast or unassigned.
  if (!ip.match(GLOBAL_V6)) return true;
  return inAny(ip, BLOCKED_V6_GLOBAL);
}

export function isPrivateIpAddress(address: IpAddress): boolean {
  const ip = toIpaddr(address);
  return ip instanceof ipaddr.IPv4 ? isPrivateV4(ip) : isPrivateV6(ip);
}

/**
 * True when `host` is an IP literal (any spelling, brackets allowed) in a private, internal or
 * reserved range. Host names answer false: resolve them and pass each address here.
 */
export function isPrivateAddressLiteral(host: string): boolean {
  const address = parseIpAddress(host);
  return address !== undefined && isPrivateIpAddress(address);
}

export function formatIpAddress(address: IpAddress): string {
  if (address.version === 4) return Array.from(address.bytes).join('.');
  return ipaddr.fromByteArray(Array.from(address.bytes)).toNormalizedString();
}
