import { applyEnvFile } from '../config/env-file';
import type * as OpenTelemetrySdk from './opentelemetry-sdk';

/**
 * Tracing's switch, imported by main.ts before anything else: OpenTelemetry hooks express, graphql and pg as they
 * are first required, so it must start before they are. Without an OTLP endpoint neither the SDK nor an
 * instrumentation is loaded, and nothing hooks a module (decision 0108).
 */
let tracing: { shutdown(): Promise<void> } | undefined;

/** Whether this environment asks for traces: an OTLP endpoint (the traces' own or the general one), SDK not disabled. */
function tracingRequested(environment: NodeJS.ProcessEnv): boolean {
  const endpoint = environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || environment.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint?.trim()) && environment.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

// The endpoint may be set in .env: read it before deciding (main() applies it again, which then changes nothing).
applyEnvFile();
if (tracingRequested(process.env)) {
  // Required, not imported: an import would load the SDK whether or not tracing is on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./opentelemetry-sdk') as typeof OpenTelemetrySdk;
  tracing = startTracing();
}

/** Sends the spans still queued and stops the SDK: the last step of a shutdown. Nothing to do when tracing is off. */
export async function stopTracing(): Promise<void> {
  await tracing?.shutdown();
}
