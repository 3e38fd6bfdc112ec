import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * A tracer provider exporting to the OTLP/HTTP collector of OTEL_EXPORTER_OTLP_ENDPOINT (JSON, to `<endpoint>/v1/traces`),
 * registered globally with Node's AsyncLocalStorage context manager: Next.js's spans and the API's go there.
 */
export function registerTracing() {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'next-app-controllers-example' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
}
