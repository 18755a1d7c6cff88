// One Server-Sent Events connection relaying bridge events. Each message is
// `event: <bridge event name>` with the JSON payload as data.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeEventMessage, BridgeEventSource } from '../../shared/bridge/contract.ts';

/** Starts the stream; returns a function that ends it (also called when the client goes away). */
export function openEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  events: BridgeEventSource,
  heartbeatMs: number,
  headers: Record<string, string>,
): () => void {
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // Tells EventSource how soon to reconnect, and flushes the headers so `open` fires at once.
  res.write('retry: 2000\n: connected\n\n');

  const unsubscribe = events.subscribe((message: BridgeEventMessage) => {
    res.write(formatEvent(message));
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
  heartbeat.unref();

  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };
  req.on('close', close);
  res.on('error', close);
  return close;
}

export function formatEvent(message: BridgeEventMessage): string {
  // JSON.stringify never emits raw newlines, so the payload is always one `data:` line.
  return `event: ${message.event}\ndata: ${JSON.stringify(message.payload)}\n\n`;
}
