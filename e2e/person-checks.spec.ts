import { expect, test } from './fixtures';
import { coveredControls } from './support/person-checks';

/**
 * The person checks' own check: a control that something covers is reported; one that is still
 * moving into place when the check looks (an animation, a scroll) is looked at again and is not.
 */
test('a covered control is reported; one that settles into view within the check is not', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="pl"><body style="margin:0">
    <button id="under" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Pod spodem</button>
    <div style="position:absolute;left:0;top:0;width:200px;height:100px;background:#000"></div>
    <button id="moving" style="position:absolute;left:20px;top:200px;width:120px;height:40px">W drodze</button>
    <div id="veil" style="position:absolute;left:0;top:180px;width:200px;height:100px;background:#000"></div>
    <script>setTimeout(() => document.getElementById('veil').remove(), 300);</script>
  </body></html>`);
  const problems = await coveredControls(page);
  expect(problems).toEqual([expect.stringContaining('covered: "Pod spodem" under div')]);
});
