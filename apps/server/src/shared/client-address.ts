import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The address a rate limit counts a client by (docs/security.md#client-address). An IPv4 address
 * as it is; an IPv6 address by its /64 network, the block one home or one server is given, so
 * an address of its own for every request does not make a new client of each. An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) is that IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip.replace(/%.*$/, ''))) return ip;
  return `${expandIPv6(ip.replace(/%.*$/, '')).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, each in lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  // A trailing IPv4 part (::1.2.3.4) is two groups.
  const withHex = ip.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_m, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head, tail] = withHex.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as rate limits count it (addressKey of `ip`). */
    readonly clientAddress: string;
  }
}

/** `request.clientAddress`, read when a limit asks for it. */
export function installClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', {
    getter(this: { ip: string }) {
      return addressKey(this.ip);
    },
  });
}
