import { addressMatcher, addressRangeProblems } from './address-ranges';

describe('addressMatcher', () => {
  it('matches loopback and the private ranges by name, in both families and IPv4-mapped', () => {
    const allowed = addressMatcher(['loopback', 'uniquelocal']);
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      'fd12::1',
      '::ffff:10.0.0.7',
    ]) {
      expect({ address, allowed: allowed(address) }).toEqual({ address, allowed: true });
    }
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      '169.254.1.1',
      'nonsense',
    ]) {
      expect({ address, allowed: allowed(address) }).toEqual({ address, allowed: false });
    }
  });

  it('matches single addresses and CIDR ranges', () => {
    const allowed = addressMatcher(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    expect(allowed('203.0.113.7')).toBe(true);
    expect(allowed('203.0.113.8')).toBe(false);
    expect(allowed('198.51.100.200')).toBe(true);
    expect(allowed('2001:db8:1::2')).toBe(true);
  });

  it('lets everyone in with the whole address space, and no one with an empty list', () => {
    expect(addressMatcher(['0.0.0.0/0', '::/0'])('8.8.8.8')).toBe(true);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});

describe('addressRangeProblems', () => {
  it('names each entry that is not an address, a range or a known name', () => {
    expect(addressRangeProblems(['loopback', 'LinkLocal', '10.0.0.0/8', '::1'])).toEqual([]);
    expect(addressRangeProblems(['localhost', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/x'])).toEqual([
      '"localhost" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal',
      '"10.0.0.0/33" has a prefix length outside 0-32',
      '"10.0.0.0/8/1" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal',
      '"fd00::/x" has a prefix length outside 0-128',
    ]);
  });
});
