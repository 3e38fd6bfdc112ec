// A sending instance for jobs-webhooks.test.ts: it queues one durable delivery on BullMQ, starts its worker, prints
// the webhook-id, then waits to be killed with SIGKILL between two attempts.
import { createApplication } from '../../runtime/index';
import { bullmqQueue, sendWebhook, startJobs } from '../../runtime/jobs';

const [port, name, url, secret] = process.argv.slice(2);
const app = createApplication({ controllers: [], basePath: '/crash', queue: bullmqQueue({ connection: { host: '127.0.0.1', port: Number(port) }, name }) });
await startJobs(app);
const id = await sendWebhook(url, 'order.created', { orderId: 'o_1' }, { secret, durable: true, app, allowPrivate: true, backoff: 2000 });
console.log(JSON.stringify({ id }));
setInterval(() => {}, 1000);
