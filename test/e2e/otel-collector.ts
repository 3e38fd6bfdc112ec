// An OTLP/HTTP JSON collector on loopback for the tracing tests: the Node runtime's (production-cases.ts) and the Edge
// runtime's (edge.test.ts).
import { createServer, type IncomingMessage } from 'node:http';
import { freePort } from './harness';

export interface CollectedSpan {
  name: string;
  kind: number;
  /** The attributes of the resource that exported the span (service.name, the runtime, ...). */
  resource: Record<string, unknown>;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status?: { code?: number };
  events: { name: string; attributes: Record<string, unknown> }[];
}

type OtlpAttribute = { key: string; value: Record<string, unknown> };
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue))]));

/** An OTLP/HTTP collector on loopback: takes the JSON the exporter posts to /v1/traces and keeps its spans. */
export async function startCollector(): Promise<{ endpoint: string; spans: CollectedSpan[]; close(): Promise<void> }> {
  const spans: CollectedSpan[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (request, response) => {
    const body = await read(request);
    if (request.url === '/v1/traces' && String(request.headers['content-type']).startsWith('application/json')) {
      for (const resource of JSON.parse(body).resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              name: span.name,
              kind: span.kind,
              resource: attributesOf(resource.resource?.attributes),
              scope: scope.scope?.name,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              attributes: attributesOf(span.attributes),
              status: span.status,
              events: (span.events ?? []).map((event: { name: string; attributes?: OtlpAttribute[] }) => ({ name: event.name, attributes: attributesOf(event.attributes) })),
            });
          }
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Waits until `find` finds what it looks for among the collected spans (exports are batched), at most `timeoutMs`. */
export async function eventually<T>(find: () => T | undefined, what: string, spans: CollectedSpan[], timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} among ${spans.length} spans: ${spans.map((span) => `${span.name} [${span.scope}]`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
