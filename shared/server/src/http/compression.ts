import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers compressed on the wire (brotli or gzip, as the client's Accept-Encoding asks; none
 * without it): JSON lists, the OpenAPI document, CSV exports and /metrics. Below 1 KB an answer
 * goes as it is. Never compressed: GET /events (text/event-stream: an event must reach the
 * browser at once, not when a compressor's buffer fills; @fastify/compress leaves that type
 * alone) and an answer already encoded. Request bodies are not decompressed: a body arrives as
 * sent, under the same size limits as before.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own hook: no route inflates a body (it is read as sent, as before).
  app.addHook('onRoute', (route) => {
    (route as { decompress?: unknown }).decompress ??= false;
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
