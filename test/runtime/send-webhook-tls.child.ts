// Run by send-webhook-rebinding.test.ts in a process of its own, with NODE_EXTRA_CA_CERTS naming the self-signed
// certificate of hooks.example.test (read only when Node.js starts): `node:dns` answers 127.0.0.1 for every name under
// example.test, and sendWebhook posts to https://<argv[2]>:<argv[3]>/hooks. Prints the delivery or the error message.
import dns from 'node:dns';
import { sendWebhook } from '../../runtime/index';

const { lookup } = dns;
dns.lookup = ((host: string, options: unknown, callback?: unknown) => {
  if (!host.endsWith('.example.test')) return (lookup as (...args: unknown[]) => void)(host, options, callback);
  const done = (typeof options === 'function' ? options : callback) as (error: Error | null, address: unknown, family?: number) => void;
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
}) as typeof dns.lookup;

const secret = `whsec_${Buffer.from('a sender secret of thirty-two by').toString('base64')}`;
const result = await sendWebhook(`https://${process.argv[2]}:${process.argv[3]}/hooks`, 'order.created', { n: 1 }, { secret, allowPrivate: true, retries: 0 }).then(
  ({ status }) => ({ status }),
  (error: Error) => ({ error: error.message }),
);
process.stdout.write(JSON.stringify(result));
