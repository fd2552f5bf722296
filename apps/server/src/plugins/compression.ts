import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The API's JSON answers compressed by the server itself (issue 32: a phone on a slow network, and no
 * nginx needed in front): gzip, level 6, in one synchronous call (docs/performance.md, "API JSON
 * compression": a 21.7 KB catalogue page becomes 1.9 KB for ~55 µs of CPU; brotli at quality 4 saves
 * 4% more for 50% more CPU, and the plugin's stream path costs ~1 ms per answer). Registered inside the API's
 * scope only: the web app's assets are precompressed once at build (plugins/static.ts), pictures and
 * documents are compressed already. Answers under 1 KB (the session, most writes) stay as they are:
 * compressing them saves less than a packet and costs the CPU of a stream.
 */
export async function apiCompression(api: FastifyInstance): Promise<void> {
  // Answers only: a request body sent compressed stays refused as before (no inflating of a client's
  // bytes before the body limit). Added before the plugin's own hook, which reads this option.
  api.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await api.register(compress, {
    encodings: ['gzip'],
    threshold: 1024,
    // Up to 256 KB compressed in one call instead of through a zlib stream per answer (the plugin's
    // default on 2 cores is 8 KB); the gate's offline list of a large event still streams.
    syncThreshold: 256 * 1024,
    // JSON and text (CSV exports); never a download that is compressed already (XLSX, ZIP, PDF).
    customTypes: /^(application\/(json|problem\+json)|text\/)/,
  });
}
