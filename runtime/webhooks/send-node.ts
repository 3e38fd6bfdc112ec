import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

interface NodeModules {
  http: typeof import('node:http');
  https: typeof import('node:https');
  dns: typeof import('node:dns');
}

/** What one attempt was answered: its status and `Retry-After`. */
export interface Answer {
  status: number;
  retryAfter: string | null;
}

/**
 * `node:http`, `node:https` and `node:dns` through `process.getBuiltinModule` (bundlers do not follow it into Edge
 * bundles), or undefined where the runtime has none (Edge).
 */
export function nodeModules(): NodeModules | undefined {
  const node = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  if (typeof node?.getBuiltinModule !== 'function') return undefined;
  const [http, https, dns] = ['http', 'https', 'dns'].map((id) => node.getBuiltinModule!(id));
  return http && https && dns ? ({ http, https, dns } as NodeModules) : undefined;
}

/**
 * POSTs `body` to `url` through `node:http(s)`, on a connection of its own (`agent: false`: a pooled socket would
 * skip the check). Its `lookup` resolves the host when the socket connects, hands `refuse` each address (an error
 * refuses the connection) and gives the socket the addresses it checked: there is no second resolution for a
 * rebinding DNS server to answer differently. TLS still verifies the certificate for the host name. A 3xx is answered,
 * not followed. Rejects with `signal.reason` once `signal` aborted.
 */
export function pinnedPost(
  node: NodeModules,
  url: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  refuse: ((address: string) => Error | undefined) | undefined,
): Promise<Answer> {
  const lookup: LookupFunction = (hostname, options, callback) =>
    node.dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const refused = refuse && addresses.map(({ address }) => refuse(address)).find(Boolean);
      if (refused) return callback(refused, '');
      if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? node.https : node.http;
    const request = client.request(url, { method: 'POST', headers, agent: false, lookup, signal }, (response) => {
      const retryAfter = response.headers['retry-after'];
      resolve({ status: response.statusCode ?? 0, retryAfter: retryAfter ?? null });
      response.destroy();
    });
    request.on('error', (error) => reject(signal.aborted ? signal.reason : error));
    request.end(body);
  });
}
