import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA: what every accessibility check of the browser tests holds the screens to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on a page without frames: the same run that AxeBuilder makes (its options for these tags and
 * rules), but axe-core is put into the document once and kept there while the app changes screens,
 * and no blank page is opened to put the results together (AxeBuilder does both on every scan, which
 * cost more than the scan itself). A page with frames is scanned by AxeBuilder, frame by frame.
 */
async function runInPage(page: Page, disabled: string[], exclude: string[] = []): Promise<axe.AxeResults> {
  const present = await page.evaluate(
    (version) => (window as Window & { axe?: { version: string } }).axe?.version === version,
    axe.version,
  );
  if (!present) {
    await page.evaluate(axe.source);
    await page.evaluate(() =>
      (window as Window & { axe?: typeof axe }).axe?.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
  return page.evaluate(
    ({ tags, disabled, exclude }) =>
      (window as Window & { axe?: typeof axe }).axe!.run(exclude.length ? { exclude } : document, {
        runOnly: { type: 'tag', values: tags },
        // A frame left out is not entered either (a sandboxed preview runs no script of axe's).
        ...(exclude.length ? { iframes: false } : {}),
        // Only the violations are read: axe then keeps no list of the elements that passed.
        resultTypes: ['violations'],
        ...(disabled.length
          ? { rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])) }
          : {}),
      }),
    { tags: TAGS, disabled, exclude },
  );
}

/**
 * axe-core on the page as it is now: one line per rule broken (`where`, the rule, its impact, the
 * first three elements and why), so a failing test names what to fix. `disabled`: rules a caller
 * leaves out, with its reason next to the call. `exclude`: selectors of parts left out (and the frames
 * among them not entered), such as a sandboxed mail preview; the rest of the page is checked.
 */
export async function axeProblems(
  page: Page,
  where: string,
  disabled: string[] = [],
  exclude: string[] = [],
): Promise<string[]> {
  const result =
    page.frames().length === 1 || exclude.length
      ? await runInPage(page, disabled, exclude)
      : await new AxeBuilder({ page })
          .withTags(TAGS)
          .disableRules(disabled)
          .options({ resultTypes: ['violations'] })
          .analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').slice(1, 2).join('').trim()}]` : ''}`,
        )
        .join(' | ')}`,
  );
}
