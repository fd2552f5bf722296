import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Response,
  WebError,
} from '@playwright/test';

/**
 * What a browser walk meets and no test asked for (issue 28's habit: a console screen asked the API for
 * `per_page=24`, got 422, and no test noticed): a failed answer (4xx/5xx) of the panel, an error in the
 * browser's console, an unhandled error of the page. The fixtures watch every context a test opens
 * (its `page`, `browser.newContext()`, `asStaff`) and fail the test with the list at its end.
 *
 * A test that provokes a failure on purpose declares that one, narrowly: `expectFailure({ status: 401,
 * url: /\/auth\/login$/ })`. Each declared failure must be met at least once (a declaration that never
 * matches is stale and fails the test too), unless `optional: true` (a race the test cannot order).
 */
export type ExpectedFailure = {
  /** The answer's status (4xx/5xx), or a console/page error's text. */
  status?: number;
  /** Part of the URL (string) or a pattern; for answers. */
  url?: string | RegExp;
  method?: string;
  /** The text of a console error or an unhandled page error (instead of an answer). */
  message?: RegExp;
  /** May be met or not (e.g. a request the page may or may not have sent before the test ended). */
  optional?: boolean;
};

const matchesUrl = (rule: string | RegExp | undefined, url: string) =>
  rule === undefined || (typeof rule === 'string' ? url.includes(rule) : rule.test(url));

export class PageGuard {
  private readonly problems: string[] = [];
  private readonly expected: { rule: ExpectedFailure; met: number }[] = [
    // The splash's question "who is signed in?" (SPEC.md §4): for a visitor without a session, 401 is
    // the answer "nobody", which sends them on to sign in. Not a failure in any test.
    { rule: { status: 401, method: 'GET', url: /^\/panel\/api\/v1\/auth\/me$/, optional: true }, met: 0 },
  ];
  private readonly watched = new WeakSet<BrowserContext>();

  expect(rule: ExpectedFailure): void {
    this.expected.push({ rule, met: 0 });
  }

  private allowed(kind: 'answer' | 'message', status: number, method: string, text: string): boolean {
    const hit = this.expected.find(({ rule }) =>
      kind === 'answer'
        ? rule.message === undefined &&
          (rule.status === undefined || rule.status === status) &&
          (rule.method === undefined || rule.method.toUpperCase() === method) &&
          matchesUrl(rule.url, text)
        : rule.message?.test(text) === true,
    );
    if (hit) hit.met++;
    return hit !== undefined;
  }

  private onResponse = (response: Response): void => {
    const status = response.status();
    if (status < 400) return;
    const url = new URL(response.url());
    // Only the panel's answers (any instance of it): a stand-in (payment operator, analytics) is not judged here.
    if (!url.pathname.startsWith('/panel')) return;
    const where = `${url.pathname}${url.search}`;
    const method = response.request().method();
    if (this.allowed('answer', status, method, where)) return;
    this.problems.push(`${method} ${where} → ${status}`);
  };

  private onConsole = (message: ConsoleMessage): void => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium's line for a failed answer: the answer itself is judged above (its URL and status).
    if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
    // Chromium's line when the test driver looks inside the outbox's sandboxed mail frame (no script
    // of ours runs there: the frame is `sandbox=""` with a script-less CSP, console-mail.spec checks it).
    if (/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(text))
      return;
    if (this.allowed('message', 0, '', text)) return;
    const where = message.location().url;
    this.problems.push(`console error: ${text}${where ? ` (${where})` : ''}`);
  };

  private onWebError = (error: WebError): void => {
    const text = error.error().message;
    if (this.allowed('message', 0, '', text)) return;
    this.problems.push(`unhandled page error: ${text}`);
  };

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('response', this.onResponse);
    context.on('console', this.onConsole);
    context.on('weberror', this.onWebError);
  }

  /**
   * Watches every context the test opens from `browser` until the returned function is called, and
   * gives each the `defaults` it does not set itself (a context made by hand gets none of the config's
   * `use` options).
   */
  watchBrowser(browser: Browser, defaults: BrowserContextOptions = {}): () => void {
    const original = browser.newContext;
    const guard = this;
    browser.newContext = async function (this: Browser, options?: BrowserContextOptions) {
      const context = await original.call(this, { ...defaults, ...options });
      guard.watch(context);
      return context;
    } as Browser['newContext'];
    return () => {
      browser.newContext = original;
    };
  }

  /** What the test met and did not declare, and each declared failure that never came. */
  report(): string[] {
    const stale = this.expected
      .filter(({ rule, met }) => met === 0 && !rule.optional)
      .map(({ rule }) => `declared but never met: ${JSON.stringify({ ...rule, url: String(rule.url) })}`);
    return [...this.problems, ...stale];
  }
}
