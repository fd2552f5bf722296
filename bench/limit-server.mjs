// The practical limit: a bare Fastify route answering recorded bytes (body and headers) from memory.
// Usage: node bench/limit-server.mjs <port> <responses.json>, responses = { "/path": { headers, body } }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const responses = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [url, { headers, body }] of Object.entries(responses)) {
  const bytes = Buffer.from(body, 'utf8');
  app.route({
    method: ['GET', 'POST'],
    url,
    handler: (_request, reply) => {
      reply.headers(headers).send(bytes);
    },
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
