import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small HTTP server of a payment operator's stand-in (tests and browser tests only). */
export type Handler = (
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
  url: URL,
) => Promise<void> | void;

export async function listen(handler: Handler, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      Promise.resolve(handler(req, Buffer.concat(chunks).toString('utf8'), res, url)).catch((error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${address.port}` };
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
};

export const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The operator's payment page: the order, its amount and two buttons, in the payer's language. */
export function paymentPage(opts: {
  operator: string;
  lang: string;
  description: string;
  amountGrosze: number;
  payAction: string;
  cancelAction: string;
}): string {
  const en = opts.lang === 'en';
  const amount = `${(opts.amountGrosze / 100).toFixed(2)} PLN`;
  return `<!doctype html><html lang="${en ? 'en' : 'pl'}"><head><meta charset="utf-8"><title>${opts.operator}</title></head>
<body><h1>${opts.operator}</h1><p>${escapeHtml(opts.description)}</p><p data-testid="amount">${amount}</p>
<form method="post" action="${opts.payAction}"><button type="submit">${en ? 'Pay' : 'Zapłać'}</button></form>
<form method="post" action="${opts.cancelAction}"><button type="submit">${en ? 'Cancel' : 'Anuluj'}</button></form>
</body></html>`;
}

/** Posts a notification the way operators do; a failure is kept for the test to see, never thrown. */
export async function deliver(url: string, body: string, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}
