import { BlockList, isIP } from 'node:net';

/**
 * The range names Fastify's `trustProxy` (proxy-addr) knows, with the same meaning, so TRUST_PROXY
 * and the settings that take address ranges read alike.
 */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

interface Range {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** An address or CIDR range, or a sentence saying why the text is neither. */
function parseRange(text: string): Range | string {
  const [address = '', prefixText, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) {
    return `"${text}" is not an address, a CIDR range or one of ${Object.keys(NAMED_RANGES).join(', ')}`;
  }
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits)) {
    return `"${text}" has a prefix length outside 0-${bits}`;
  }
  return {
    address,
    prefix: prefixText === undefined ? bits : Number(prefixText),
    family: version === 4 ? 'ipv4' : 'ipv6',
  };
}

/** The ranges an entry stands for: a name's, or the entry's own. */
function rangesOf(entry: string): Array<Range | string> {
  return (NAMED_RANGES[entry.toLowerCase()] ?? [entry]).map(parseRange);
}

/** What is wrong with each entry of an address list; empty when every entry is valid. */
export function addressRangeProblems(entries: readonly string[]): string[] {
  return entries.flatMap(rangesOf).filter((range): range is string => typeof range === 'string');
}

/**
 * A test for "is this client address in the list": addresses (`203.0.113.7`), CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`) and the names loopback, linklocal and uniquelocal. An IPv4 address that
 * arrives IPv4-mapped (`::ffff:10.0.0.1`, as a dual-stack socket reports it) matches its IPv4 range.
 * The config schema checks the entries at boot, so an invalid one here is a programming error.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const range of entries.flatMap(rangesOf)) {
    if (typeof range === 'string') {
      throw new Error(range);
    }
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}
