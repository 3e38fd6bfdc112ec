// #region preload
// otel-preload.ts, compiled to otel-preload.js and started before Next.js:
//   NODE_OPTIONS='--require ./otel-preload.js' next start
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
provider.register();
registerInstrumentations({ tracerProvider: provider, instrumentations: [new HttpInstrumentation()] });
// #endregion preload
