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
  'new Response(Uint8Array, { status, headers: object })': () => new Response(ENCODER.encode(JSON.stringify(BODY)), { status: 200, headers: HEADERS }),
};
const ENCODER = new TextEncoder();

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
