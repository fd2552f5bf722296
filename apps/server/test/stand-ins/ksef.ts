import { ksefStandIn } from '../../src/modules/ksef/stand-in';
import { fa3Errors } from '../support/ksef-xsd';
import { listen } from './common';

/**
 * The KSeF stand-in (`modules/ksef/stand-in.ts`) on a port of its own, validating each invoice
 * against the official FA(3) schema (libxml2, a dev dependency), for the client's and the
 * worker's tests; `standIn.control(...)` switches refusals, an outage or slow answers.
 */
export async function startKsefStandIn(options: { nip: string; ksefToken: string }) {
  const standIn = ksefStandIn({ ...options, validate: fa3Errors });
  const listening = await listen(async (req, raw, res, url) => {
    const answer = await standIn.handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      body: raw,
    });
    if (answer.xml !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'application/xml' });
      res.end(answer.xml);
    } else if (answer.body === undefined) {
      res.writeHead(answer.status);
      res.end();
    } else {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    }
  });
  return { ...listening, standIn };
}
