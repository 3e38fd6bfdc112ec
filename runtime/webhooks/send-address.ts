/**
 * SSRF: whether a host (a URL's hostname, or an address it resolves to) is one a webhook must not be sent to without
 * `allowPrivate`: `localhost`, IPv4 this-network, private, loopback, CGNAT, link-local, benchmarking, multicast and
 * reserved ranges; IPv6 unspecified, loopback, IPv4-mapped or -compatible, unique-local, link-local and multicast.
 */
export function isPrivateHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const v4 = ipv4(name);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6(name);
  return v6 !== undefined && privateIpv6(v6);
}

/** Whether `host` is an IP address literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '');
  return ipv4(name) !== undefined || ipv6(name) !== undefined;
}

function ipv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number);
}

function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // this network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) || // CGNAT
    (a === 169 && b === 254) || // link-local, the cloud metadata endpoint
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part too), or undefined. */
function ipv6(text: string): number[] | undefined {
  if (!text.includes(':') || !/^[0-9a-f:.]+$/.test(text)) return undefined;
  let groups = text;
  const dotted = groups.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4(dotted[2]);
    if (!v4) return undefined;
    groups = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string) => (half === '' ? [] : half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.some(Number.isNaN) ? undefined : all;
}

function privateIpv6(groups: number[]): boolean {
  const first = groups[0];
  // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d: send to the IPv4 address itself.
  if (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0 || groups[5] === 0xffff)) return true;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
    (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0) && privateIpv4([groups[6] >> 8, groups[6] & 0xff]))
  );
}
