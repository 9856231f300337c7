import { describe, expect, it } from 'vitest';
import { CLOUD_METADATA_ADDRESSES } from './cloud-metadata.js';
import {
  formatIpAddress,
  isPrivateAddressLiteral,
  parseIPv4,
  parseIPv6,
  parseIpAddress,
} from './ip-address.js';

const v4 = (text: string) => {
  const bytes = parseIPv4(text);
  return bytes ? Array.from(bytes).join('.') : undefined;
};

describe('parseIPv4', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['10.1.2', '10.1.0.2'],
    ['169.254.43518', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['1.2.3.4.', '1.2.3.4'],
    ['4294967295', '255.255.255.255'],
  ])('reads %s as %s', (text, expected) => {
    expect(v4(text)).toBe(expected);
  });

  it.each([
    '256.0.0.1',
    '1.2.3.4.5',
    '4294967296',
    '08.0.0.1',
    '0x',
    '1..2',
    'example.com',
    '',
    '1.2.3.-4',
    '0xg.1',
  ])('refuses %j', (text) => {
    if (text === '0x') {
      // URL parsers read a bare 0x as zero.
      expect(v4(text)).toBe('0.0.0.0');
      return;
    }
    expect(v4(text)).toBeUndefined();
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[::1]', '0:0:0:0:0:0:0:1'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:1'],
    ['::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
    ['::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1'],
    ['2001:DB8:0:0:8:800:200C:417A', '2001:db8:0:0:8:800:200c:417a'],
    ['64:ff9b::10.0.0.1', '64:ff9b:0:0:0:0:a00:1'],
  ])('reads %s', (text, expected) => {
    const bytes = parseIPv6(text);
    expect(bytes && formatIpAddress({ version: 6, bytes })).toBe(expected);
  });

  it.each([
    ':::',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    'g::1',
    '::ffff:1.2.3',
    '::ffff:01.2.3.4',
    '1.2.3.4',
  ])('refuses %j', (text) => {
    expect(parseIPv6(text)).toBeUndefined();
  });
});

describe('isPrivateAddressLiteral', () => {
  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '127.1',
    '::',
    '::1',
    '[::1]',
    '::127.0.0.1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%25eth0',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:169.254.169.254]',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2002:7f00:1::',
    '2002:0808:0808::1',
    '3fff::1',
    '5f00::1',
    '4000::1',
  ])('blocks %s', (host) => {
    expect(isPrivateAddressLiteral(host)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '134744072',
    '2606:4700:4700::1111',
    '[2a00:1450:4009:81a::200e]',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2001:4860:4860::8888',
    'example.com',
    'localhost',
  ])('lets %s through (host names are resolved and vetted later)', (host) => {
    expect(isPrivateAddressLiteral(host)).toBe(false);
  });

  it('parses either family', () => {
    expect(parseIpAddress('10.0.0.1')?.version).toBe(4);
    expect(parseIpAddress('::1')?.version).toBe(6);
    expect(parseIpAddress('hooks.example.com')).toBeUndefined();
  });
});

describe('cloud platform addresses', () => {
  it.each(CLOUD_METADATA_ADDRESSES.map((entry) => [entry.address, entry.provider]))(
    'refuses %s (%s)',
    (address) => {
      expect(isPrivateAddressLiteral(address)).toBe(true);
    },
  );

  it('names a source for every entry', () => {
    for (const entry of CLOUD_METADATA_ADDRESSES) expect(entry.source).toMatch(/^https:\/\//);
  });
});
