// #region tracing
// src/tracing.ts: traces to the OTLP/HTTP collector of OTEL_EXPORTER_OTLP_ENDPOINT (Jaeger, Grafana Tempo, an agent).
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'my-app' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
// #endregion tracing
