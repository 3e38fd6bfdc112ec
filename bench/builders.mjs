// Response builders: the same JSON response built several ways, to pick the cheapest for ours and the floor.
import { describeResponse, interleave } from './lib/harness.mjs';

const BODY = { route: 'c10.r2', id: '42' };
const HEADERS = { 'content-type': 'application/json' };

export const BUILDERS = {
  'new Response(string), then headers.set  [ours]': () => {
    const response = new Response(JSON.stringify(BODY));
    response.headers.set('content-type', 'application/json');
    return response;
  },
  'new Response(string, { status, headers: object })': () => new Response(JSON.stringify(BODY), { status: 200, statusText: undefined, headers: HEADERS }),
  'new Response(string, { headers: object })': () => new Response(JSON.stringify(BODY), { headers: HEADERS }),
  'Response.json(value)': () => Response.json(BODY),
  'new Response(string, { headers: new Headers(object) })': () => new Response(JSON.stringify(BODY), { status: 200, headers: new Headers(HEADERS) }),
  // Every answer carries X-Request-Id (issue 43): set after the content type (ours, dispatch/request-id.ts) or given
  // with it in the init.
  'new Response(string), then headers.set twice (+ X-Request-Id: ours since issue 43)': () => {
    const response = new Response(JSON.stringify(BODY));
    response.headers.set('content-type', 'application/json');
    response.headers.set('x-request-id', requestId());
    return response;
  },
  'new Response(string, { headers: object with X-Request-Id })': () => new Response(JSON.stringify(BODY), { headers: { 'content-type': 'application/json', 'x-request-id': requestId() } }),
  'new Response(Uint8Array, { status, headers: object })': () => new Response(ENCODER.encode(JSON.stringify(BODY)), { status: 200, headers: HEADERS }),
};
const ENCODER = new TextEncoder();
// A new id per response, made as dispatch/request-id.ts makes it.
const ID_PREFIX = `${crypto.randomUUID().slice(0, 24)}000`;
let idCounter = 100_000_000;
const requestId = () => ID_PREFIX + ++idCounter;

export async function runBuilders({ rounds = 60, batch = 400 } = {}) {
  const answers = new Set();
  for (const build of Object.values(BUILDERS)) answers.add(await describeResponse(build()));
  if (answers.size !== 1) throw new Error(`builders answer differently: ${[...answers].join(' | ')}`);
  const cases = Object.entries(BUILDERS).map(([id, build]) => ({
    id,
    run: async (n) => {
      for (let i = 0; i < n; i++) await build();
    },
  }));
  const ns = await interleave(cases, { rounds, batch });
  const ours = ns[Object.keys(BUILDERS)[0]];
  return { rows: Object.entries(ns).map(([builder, t]) => ({ builder, ns: t, perOurs: t / ours })) };
}
