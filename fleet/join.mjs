// Issue 28: an operator takes one request id from nginx's log and finds the shop's log line and its trace.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * An OTLP/HTTP receiver on loopback, as an OpenTelemetry collector meets the shop's exporter with
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json: keeps each span's trace id and attributes.
 */
export async function startSpanSink() {
  const spans = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resourceSpans of body.resourceSpans ?? []) {
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              const attributes = Object.fromEntries(
                (span.attributes ?? []).map(({ key, value }) => [key, value.stringValue ?? value.intValue]),
              );
              spans.push({ traceId: span.traceId, name: span.name, attributes });
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Tracing as an operator would switch it on for one request: only a request that arrives sampled is traced. */
export function tracingEnv(sinkUrl) {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_TRACES_SAMPLER: 'parentbased_always_off',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
}

const linesOf = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return [];
  }
};

/**
 * One request through nginx with no id of its own and a sampled `traceparent`; then, from the id nginx logged, the
 * shop's log line on whichever instance answered and the trace's spans. Returns what could not be found.
 */
export async function joinOneRequest({ publicUrl, requestsLog, instanceLogs, sink }) {
  const traceId = randomBytes(16).toString('hex');
  const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
  // A new query string: a miss in every cache, so the request reaches Express (and its log) on some instance.
  const response = await fetch(`${publicUrl}/api/products/list?join=${traceId}`, { headers: { traceparent } });
  await response.arrayBuffer();
  const answeredId = response.headers.get('x-request-id');
  const problems = [];
  if (response.status !== 200) problems.push(`the probe answered ${response.status}`);
  if (!answeredId) return [...problems, 'the answer carried no X-Request-Id'];

  const deadline = Date.now() + 5_000;
  let nginxLine;
  let shopLine;
  let spans = [];
  while (Date.now() < deadline) {
    nginxLine ??= linesOf(requestsLog).find((line) => line.includes(`"request_id":"${answeredId}"`));
    shopLine ??= instanceLogs
      .flatMap((file) => linesOf(file).map((line) => ({ file, line })))
      .find(({ line }) => line.includes(answeredId) && line.includes('request completed'));
    spans = sink.spans.filter((span) => span.traceId === traceId);
    if (nginxLine && shopLine && spans.some((span) => span.attributes['manukato.request_id'] === answeredId)) break;
    await sleep(100);
  }
  if (!nginxLine) problems.push(`nginx's log has no line for request id ${answeredId}`);
  else if (!nginxLine.includes('"path":"/api/products/list"')) problems.push(`nginx logged another path: ${nginxLine}`);
  if (!shopLine) problems.push(`no instance logged request id ${answeredId}`);
  if (!spans.some((span) => span.attributes['manukato.request_id'] === answeredId)) {
    problems.push(`no span of trace ${traceId} carries request id ${answeredId} (${spans.length} spans received)`);
  }
  return problems.length === 0
    ? { joined: { requestId: answeredId, traceId, instanceLog: shopLine.file, spans: spans.map((span) => span.name) } }
    : problems;
}
