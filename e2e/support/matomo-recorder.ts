import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Matomo server in the browser tests (no network here to fetch the real
 * matomo.js): it serves a small tracker at /matomo.js that reads the standard `_paq` queue with
 * Matomo's consent rules (nothing leaves while consent is required and not given) and sends
 * Matomo's tracking parameters to /matomo.php, where every hit is recorded.
 */
export type Hit = { path: string; params: Record<string, string>; at: number };

const TRACKER = String.raw`(function () {
  var base = document.currentScript && document.currentScript.src.replace(/\/matomo\.js.*$/, '');
  var c = { consentRequired: false, consent: false, cookieConsentRequired: false, cookieConsent: false,
    trackerUrl: '', siteId: '', url: null, title: null, referrer: null, view: null, items: {} };
  var waiting = [];
  function report(kind, detail) {
    fetch(base + '/__tracker-error?' + new URLSearchParams({ kind: kind, detail: String(detail) }), { mode: 'no-cors' });
  }
  function dispatch(p) { fetch(c.trackerUrl + '?' + new URLSearchParams(p).toString(), { mode: 'no-cors', keepalive: true }); }
  function send(extra) {
    var p = { idsite: c.siteId, rec: '1', url: c.url || location.href, urlref: c.referrer || '', cookies: c.cookieConsent ? '1' : '0' };
    for (var k in extra) if (extra[k] !== undefined && extra[k] !== null) p[k] = String(extra[k]);
    if (c.consentRequired && !c.consent) { waiting.push(p); return; }
    if (c.consentRequired) p.consent = '1';
    dispatch(p);
  }
  function itemsJson() {
    return JSON.stringify(Object.keys(c.items).map(function (k) { return c.items[k]; }));
  }
  var api = {
    requireConsent: function () { c.consentRequired = true; },
    requireCookieConsent: function () { c.cookieConsentRequired = true; },
    setConsentGiven: function () { c.consent = true; var w = waiting; waiting = []; w.forEach(function (p) { p.consent = '1'; dispatch(p); }); },
    setCookieConsentGiven: function () { c.cookieConsent = true; },
    forgetConsentGiven: function () { c.consent = false; },
    forgetCookieConsentGiven: function () { c.cookieConsent = false; },
    setTrackerUrl: function (u) { c.trackerUrl = u; },
    setSiteId: function (id) { c.siteId = String(id); },
    enableLinkTracking: function () {},
    disableHeartBeatTimer: function () {},
    setCustomUrl: function (u) { c.url = u; },
    setDocumentTitle: function (t) { c.title = t; },
    setReferrerUrl: function (u) { c.referrer = u; },
    setEcommerceView: function (sku, name, category, price) {
      c.view = { _pkc: category || '' };
      if (price !== undefined && price !== false) c.view._pkp = price;
      if (sku) { c.view._pks = sku; c.view._pkn = name || ''; }
    },
    trackPageView: function (title) {
      var p = { action_name: title || c.title || document.title };
      if (c.view) { for (var k in c.view) p[k] = c.view[k]; c.view = null; }
      send(p);
    },
    trackEvent: function (category, action, name, value) { send({ e_c: category, e_a: action, e_n: name, e_v: value }); },
    addEcommerceItem: function (sku, name, category, price, quantity) {
      if (typeof sku !== 'string' || !sku) return report('bad-sku', sku);
      c.items[sku] = [sku, name, category, price, quantity];
    },
    clearEcommerceCart: function () { c.items = {}; },
    trackEcommerceCartUpdate: function (total) { send({ idgoal: '0', revenue: total, ec_items: itemsJson() }); },
    trackEcommerceOrder: function (id, total, sub, tax, ship, discount) {
      send({ idgoal: '0', ec_id: id, revenue: total, ec_st: sub, ec_tx: tax, ec_sh: ship, ec_dt: discount, ec_items: itemsJson() });
      c.items = {};
    }
  };
  function apply(command) {
    var fn = api[command[0]];
    if (!fn) return report('unknown-method', command[0]);
    fn.apply(null, command.slice(1));
  }
  var queued = window._paq || [];
  window._paq = { push: function (command) { apply(command); return 1; } };
  for (var i = 0; i < queued.length; i++) apply(queued[i]);
})();`;

export type MatomoRecorder = {
  url: string;
  /** Every request that reached the recorder (the script, hits, tracker errors). */
  requests: Hit[];
  /** The tracking requests (matomo.php), in arrival order. */
  hits: () => Hit[];
  errors: () => Hit[];
  clear: () => void;
  close: () => Promise<void>;
};

const paramsOf = (req: IncomingMessage) =>
  Object.fromEntries(new URL(req.url ?? '/', 'http://recorder').searchParams.entries());

export async function startMatomoRecorder(): Promise<MatomoRecorder> {
  const requests: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://recorder').pathname;
    requests.push({ path, params: paramsOf(req), at: Date.now() });
    if (path === '/matomo.js') {
      res.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(TRACKER);
      return;
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hits: () => requests.filter((r) => r.path === '/matomo.php'),
    errors: () => requests.filter((r) => r.path === '/__tracker-error'),
    clear: () => {
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
