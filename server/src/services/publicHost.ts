import dns from 'node:dns';
import net from 'node:net';
import { isPrivateAddress } from '../training/fetch.ts';

/**
 * Whether every address a host resolves to is public (the crawler's rule, training/fetch.ts).
 * Used where the connection is made by someone else, e.g. Chromium for screenshots.
 * An unknown host counts as not public.
 */
export async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return !isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  try {
    const addrs = await dns.promises.lookup(host, { all: true });
    return addrs.length > 0 && addrs.every((a) => !isPrivateAddress(a.address));
  } catch {
    return false;
  }
}
