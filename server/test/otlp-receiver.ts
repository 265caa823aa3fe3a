import { createServer, type Server } from 'node:http';

/** One span as an OTLP/HTTP JSON export carries it, flattened with its resource and instrumentation scope. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** The instrumentation that made it, e.g. `@opentelemetry/instrumentation-pg`. */
  scope: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}

interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

/** OTLP/JSON writes 64-bit integers as strings. */
function attributesOf(list: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.intValue === undefined
        ? (value.stringValue ?? value.boolValue ?? value.doubleValue)
        : Number(value.intValue),
    ]),
  );
}

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver on loopback, as the shop's exporter meets one with
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json: POST /v1/traces, answered 200 with an empty ExportTraceServiceResponse.
 * Keeps every span; anything else it is sent is counted in `refused` and answered 404 or 415.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  let exports = 0;
  let refused = 0;
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      refused += 1;
      response.writeHead(404).end();
      return;
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      refused += 1;
      response.writeHead(415).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportTraceServiceRequest;
      exports += 1;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              scope: scopeSpans.scope?.name ?? '',
              attributes: attributesOf(span.attributes),
              resource,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    /** The collector's base address, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (the exporter adds /v1/traces). */
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    spans: () => [...spans],
    /** Requests to anything but a JSON POST /v1/traces, and exports received. */
    counts: () => ({ exports, refused }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
