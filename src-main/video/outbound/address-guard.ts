import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { isPublicAddress } from '../../core/public-address.ts';

/** Resolves a host name to all its addresses. Injectable so tests can play a hostile DNS. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export { isPublicAddress };

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** The error a connection gets when a name resolves to a non-public address. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'NonPublicAddressError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls connections that refuses any name with a non-public address, so
 * DNS cannot point a platform host at this machine or the LAN. Every address must be public:
 * a mixed answer is how rebinding attacks start.
 */
export function guardedLookup(resolver: Resolver) {
  return (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ): void => {
    resolver(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        const bad = usable.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new NonPublicAddressError(hostname, bad.address), '');
        const first = usable[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`No address found for ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '');
        }
        if (options.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
