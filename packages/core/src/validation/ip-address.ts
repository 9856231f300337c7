// IP literal parsing and the "not public" ranges, shared by the static callback-URL rules and the
// server's check of resolved addresses. Written here (not regexes) so every spelling is caught.

export type IpAddress = { version: 4; bytes: Uint8Array } | { version: 6; bytes: Uint8Array };

/**
 * Parses an IPv4 literal the way URL parsers and inet_aton do: 1 to 4 parts, each decimal, octal
 * (leading 0) or hex (0x), the last part filling the remaining bytes (`127.1`, `2130706433`, `0x7f.1`).
 */
export function parseIPv4(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > 64) return undefined;
  const parts = text.split('.');
  // URL parsers accept one trailing dot.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Part(part);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  const value = numbers.reduce((acc, n, i) => acc + n * 256 ** (3 - i), 0) + last;
  return new Uint8Array([(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
}

function parseIPv4Part(part: string): number | undefined {
  if (part === '') return undefined;
  let digits = part;
  let radix = 10;
  if (/^0[xX]/.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0;
    if (!/^[0-9a-fA-F]+$/.test(digits)) return undefined;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
    if (!/^[0-7]+$/.test(digits)) return undefined;
  } else if (!/^[0-9]+$/.test(digits)) {
    return undefined;
  }
  const value = Number.parseInt(digits, radix);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Strict dotted-quad, as allowed at the end of an IPv6 literal. */
function parseDottedQuad(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i] ?? '';
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    bytes[i] = n;
  }
  return bytes;
}

/** Parses an IPv6 literal, with or without brackets and zone id, including a dotted IPv4 tail. */
export function parseIPv6(text: string): Uint8Array | undefined {
  let body = text;
  if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1);
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  if (body.length < 2 || body.length > 45 || !body.includes(':')) return undefined;

  const groups: number[] = [];
  let tail: Uint8Array | undefined;
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parseHalf = (half: string, allowTail: boolean): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? '';
      if (allowTail && i === pieces.length - 1 && piece.includes('.')) {
        tail = parseDottedQuad(piece);
        if (!tail) return undefined;
        out.push(((tail[0] ?? 0) << 8) | (tail[1] ?? 0), ((tail[2] ?? 0) << 8) | (tail[3] ?? 0));
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return undefined;
      out.push(Number.parseInt(piece, 16));
    }
    return out;
  };
  if (halves.length === 2) {
    const head = parseHalf(halves[0] ?? '', false);
    const rest = parseHalf(halves[1] ?? '', true);
    if (!head || !rest || head.length + rest.length > 7) return undefined;
    groups.push(...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest);
  } else {
    const all = parseHalf(body, true);
    if (all?.length !== 8) return undefined;
    groups.push(...all);
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 255;
  });
  return bytes;
}

/** An IPv4 or IPv6 literal (any spelling a URL parser accepts), or undefined for a host name. */
export function parseIpAddress(host: string): IpAddress | undefined {
  const v6 = parseIPv6(host);
  if (v6) return { version: 6, bytes: v6 };
  const v4 = parseIPv4(host);
  if (v4) return { version: 4, bytes: v4 };
  return undefined;
}

type Range = readonly [prefix: readonly number[], bits: number];

// Not publicly routable, or reserved: loopback, private, shared, link-local, documentation, benchmark,
// multicast, reserved and broadcast.
const PRIVATE_V4: readonly Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4],
  [[240], 4],
  [[255, 255, 255, 255], 32],
];

// Blocked inside 2000::/3 (the only public IPv6 space): Teredo and other IETF protocol assignments,
// documentation, 6to4 (both embed an IPv4 address that cannot be vetted), SRv6 and the newer
// documentation block.
const BLOCKED_V6_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23],
  [[0x20, 0x01, 0x0d, 0xb8], 32],
  [[0x20, 0x02], 16],
  [[0x3f, 0xff, 0x00], 20],
  [[0x5f, 0x00], 16],
];

function inRange(bytes: Uint8Array, [prefix, bits]: Range): boolean {
  let remaining = bits;
  for (let i = 0; remaining > 0; i++, remaining -= 8) {
    const mask = remaining >= 8 ? 0xff : (0xff << (8 - remaining)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function isPrivateV4(bytes: Uint8Array): boolean {
  return PRIVATE_V4.some((range) => inRange(bytes, range));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function isPrivateV6(bytes: Uint8Array): boolean {
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64): judge the embedded IPv4 address.
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return isPrivateV4(bytes.subarray(12));
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]))
    return isPrivateV4(bytes.subarray(12));
  // Everything outside 2000::/3 is loopback, unspecified, IPv4-compatible, discard, local NAT64, ULA,
  // link-local, site-local, multicast or unassigned.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) return true;
  return BLOCKED_V6_GLOBAL.some((range) => inRange(bytes, range));
}

export function isPrivateIpAddress(address: IpAddress): boolean {
  return address.version === 4 ? isPrivateV4(address.bytes) : isPrivateV6(address.bytes);
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
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push((((address.bytes[i] ?? 0) << 8) | (address.bytes[i + 1] ?? 0)).toString(16));
  return groups.join(':');
}
