// `NODE_OPTIONS='--require ./scripts/otel-preload.cjs' next start`: tracing set up before Next.js creates its HTTP
// server, so that @opentelemetry/instrumentation-http makes the server span of every request (the span load
// balancers and APMs name requests by). Exports to OTEL_EXPORTER_OTLP_ENDPOINT; src/instrumentation.ts then leaves it be.
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { BatchSpanProcessor, NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'next-app-controllers-example' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
registerInstrumentations({ tracerProvider: provider, instrumentations: [new HttpInstrumentation()] });
globalThis.exampleTracing = true;
