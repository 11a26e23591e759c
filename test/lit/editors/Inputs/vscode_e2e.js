// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Drives VS Code (code-server, in Debian's headless Chromium, through puppeteer-core) as a user
// does: opens k.cu of the workspace, reads the problems in the Problems panel, applies the quick
// fix that adds __launch_bounds__, and reads the editor's text and the Problems panel again.
// usage: node vscode_e2e.js URL CHROMIUM PUPPETEER_DIR
// Prints one line per step for FileCheck; exit status 1 on a step that times out.
const [url, chromium, puppeteerDir] = process.argv.slice(2);
const puppeteer = require(require.resolve('puppeteer-core', { paths: [puppeteerDir] }));

const log = (line) => process.stdout.write(line + '\n');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, fn, timeoutMs = 90000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function problems(page) {
  return page.$$eval('.markers-panel .monaco-list-row', (rows) =>
    rows.map((r) => r.getAttribute('aria-label') || r.textContent || ''));
}

async function editorText(page) {
  return page.$eval('.editor-instance .view-lines', (e) => e.innerText.replace(/\u00a0/g, ' '));
}

let page;
async function main() {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await until('the workbench', () => page.$('.monaco-workbench .part.editor'));
  await until('the file explorer', () => page.$('.explorer-folders-view .monaco-list-row'));
  log('workbench loaded');

  // Quick Open (Ctrl+P) k.cu.
  await page.click('.monaco-workbench .part.editor');
  for (let i = 0; i < 5 && !(await page.$('.quick-input-widget:not([style*="display: none"]) input')); i++) {
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyP');
    await page.keyboard.up('Control');
    await sleep(500);
  }
  await page.keyboard.type('k.cu');
  await until('k.cu in Quick Open', async () =>
    (await page.$$eval('.quick-input-list .monaco-list-row', (rows) =>
      rows.some((r) => (r.getAttribute('aria-label') || '').includes('k.cu')))));
  await page.keyboard.press('Enter');
  await until('the editor of k.cu', async () => (await editorText(page)).includes('scale<<<'));
  const language = await until('the language mode', () =>
    page.$eval('[id="status.editor.mode"]', (e) => e.textContent.trim()));
  log(`opened k.cu, language mode: ${language}`);

  // The Problems panel (Ctrl+Shift+M), filled by cuda-lint's server.
  await page.keyboard.down('Control');
  await page.keyboard.down('Shift');
  await page.keyboard.press('KeyM');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Control');
  const before = await until('problems from cuda-lint', async () => {
    const rows = await problems(page);
    return rows.some((r) => r.includes('__launch_bounds__')) ? rows : undefined;
  }, 150000);
  for (const row of before.filter((r) => !r.startsWith('k.cu'))) log(`problem: ${row}`);

  // Quick fix of the missing-launch-bounds finding: on it in the editor, Ctrl+. and its fix.
  const row = await until('the row of the finding', async () => {
    const rows = await page.$$('.markers-panel .monaco-list-row');
    for (const r of rows) {
      const label = await r.evaluate((e) => e.getAttribute('aria-label') || '');
      if (label.includes('no __launch_bounds__')) return r;
    }
    return undefined;
  });
  await row.click();
  await page.keyboard.press('Enter'); // reveals the problem in the editor, the cursor on it
  await sleep(500);
  await page.click('.editor-instance .view-lines');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyG');
  await page.keyboard.up('Control');
  await page.keyboard.type('1:17');
  await page.keyboard.press('Enter');
  await sleep(300);
  await page.keyboard.down('Control');
  await page.keyboard.press('Period');
  await page.keyboard.up('Control');
  const actions = await until('the quick fixes', async () => {
    const items = await page.$$eval('.action-widget .monaco-list-row', (rows) =>
      rows.map((r) => (r.getAttribute('aria-label') || r.textContent || '').trim()));
    return items.length ? items : undefined;
  });
  for (const a of actions) log(`quick fix offered: ${a}`);
  const target = actions.findIndex((a) => a.includes('__launch_bounds__'));
  if (target < 0) throw new Error('no __launch_bounds__ quick fix offered');
  const rows = await page.$$('.action-widget .monaco-list-row');
  await rows[target].click();
  const text = await until('the fixed text', async () => {
    const t = await editorText(page);
    return t.includes('__launch_bounds__(100)') ? t : undefined;
  });
  log(`line 1 after the fix: ${text.split('\n')[0]}`);
  const after = await until('the problems after the fix', async () => {
    const r = await problems(page);
    return r.some((x) => x.includes('no __launch_bounds__')) ? undefined : r;
  }, 60000);
  for (const r of after.filter((x) => !x.startsWith('k.cu'))) log(`problem after the fix: ${r}`);
  await browser.close();
}

main().catch(async (error) => {
  log(`error: ${error.message}`);
  // A picture of the page where it stopped, for whoever reads the failure.
  if (page && process.env.E2E_SCREENSHOT) {
    await page.screenshot({ path: process.env.E2E_SCREENSHOT }).catch(() => undefined);
  }
  process.exit(1);
});
