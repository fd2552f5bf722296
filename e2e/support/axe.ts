import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what every accessibility check of the browser tests holds the screens to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on the page as it is now: one line per rule broken (`where`, the rule, its impact, the
 * first three elements and why), so a failing test names what to fix. `disabled`: rules a caller
 * leaves out, with its reason next to the call.
 */
export async function axeProblems(page: Page, where: string, disabled: string[] = []): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).disableRules(disabled).analyze();
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
