import { isIPv4, isIPv6 } from 'node:net';

/**
 * The caller's address as the per-address budgets and connection caps count it (docs/service.md,
 * Security): an IPv4 address as is, also when the socket shows it IPv4-mapped (`::ffff:1.2.3.4`); an
 * IPv6 address by its /64 network, since one subscriber is usually given a whole /64 and could otherwise
 * take a fresh address for every request. Anything else (no address: a closed socket) is one key.
 */
export function addressKey(remote: string | undefined): string {
  if (remote === undefined || remote === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped) return mapped[1] as string;
  if (isIPv4(remote)) return remote;
  const address = remote.split('%', 1)[0] as string; // a zone (fe80::1%eth0) names the interface, not the host
  if (!isIPv6(address)) return remote;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::', 2);
  const parts = (text: string): string[] =>
    text === ''
      ? []
      : text.split(':').flatMap((p) => {
          if (!p.includes('.')) return [p];
          const [a = 0, b = 0, c = 0, d = 0] = p.split('.').map(Number); // an IPv4 tail is two groups
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const front = parts(head);
  const back = tail === undefined ? [] : parts(tail);
  const zeros = Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((g) => parseInt(g, 16).toString(16));
}
