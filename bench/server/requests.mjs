// The requests the server bench sends, the checks that every candidate answers them alike, and autocannon runs.
import autocannon from 'autocannon';

export const POST_CONTROLLER = 10;
export const POST_ID = '7';
export const VALID_ITEM = JSON.stringify({ title: 'Pen', price: 2.5, tags: ['office', 'blue'] });
const INVALID_ITEM = JSON.stringify({ title: '', price: -1, tags: ['office', 3] });
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The measured GET (a `:id` route in the middle of the table) and the measured `@Body` POST. */
export const MEASURED = {
  get: { method: 'GET', path: '/api/c10/42' },
  post: { method: 'POST', path: `/api/c${POST_CONTROLLER}/${POST_ID}/items`, headers: JSON_HEADERS, body: VALID_ITEM },
};

/** The mix sent before reading memory: first, middle and last routes, each method, valid and invalid bodies. */
export const MIXED = [
  { method: 'GET', path: '/api/c0' },
  MEASURED.get,
  { method: 'GET', path: '/api/c19/7/items/9' },
  MEASURED.post,
  { method: 'POST', path: '/api/c3', headers: JSON_HEADERS, body: INVALID_ITEM },
  { method: 'PUT', path: '/api/c5/3' },
  { method: 'DELETE', path: '/api/c15/3/items/4' },
  { method: 'GET', path: '/api/c7/1/items' },
];

/** Status, media type and body of one request, for the equality check before timing. */
export async function describe(base, { method, path, headers, body }) {
  const response = await fetch(base + path, { method, headers, body });
  return `${response.status} ${response.headers.get('content-type')?.split(';')[0]} ${await response.text()}`;
}

/** Throws unless every candidate answers every request of the mix (and the measured ones) the same. */
export async function checkSameAnswers(bases) {
  for (const request of MIXED) {
    const answers = await Promise.all(Object.values(bases).map((base) => describe(base, request)));
    if (answers.some((a) => a !== answers[0])) {
      const list = Object.keys(bases).map((name, i) => `  ${name}: ${answers[i]}`).join('\n');
      throw new Error(`${request.method} ${request.path} is answered differently:\n${list}`);
    }
  }
}

/** Polls `request` until it answers 200; milliseconds since `since` (performance.now()). */
export async function firstOk(base, { method, path, headers, body }, since, timeoutMs = 60_000) {
  for (;;) {
    try {
      const response = await fetch(base + path, { method, headers, body });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
      throw new Error(`${method} ${path} answered ${response.status}`);
    } catch (error) {
      if (!/fetch failed/.test(error.message)) throw error;
      if (performance.now() - since > timeoutMs) throw new Error(`${base} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** One autocannon run; `requests` cycles per connection. Fails on any error, and when more than the `expectNon2xx` share of answers is not 2xx. */
export function cannon(base, { duration, amount, connections, requests, expectNon2xx = 0 }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        pipelining: 1,
        ...(amount ? { amount } : { duration }),
        requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.errors || result.timeouts) return reject(new Error(`${base}: ${result.errors} errors, ${result.timeouts} timeouts`));
        const allowed = Math.ceil(result.requests.total * expectNon2xx);
        if (result.non2xx > allowed) return reject(new Error(`${base}: ${result.non2xx} non-2xx answers of ${result.requests.total}`));
        resolve({ rps: result.requests.average, p99: result.latency.p99, total: result.requests.total });
      },
    );
  });
}
