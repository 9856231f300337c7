import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '../../../test/support/required-part.js';
import { type PortalSim, startPortalSim } from '../src/index.js';
import { pdfText } from './helpers/pdf-text.js';

const CHROMIUM = '/usr/bin/chromium-headless-shell';
const hasChromium = existsSync(CHROMIUM);

describe.skipIf(
  missing(
    !hasChromium,
    'Chromium for the simulator browser test',
    `install Debian's chromium-headless-shell (${CHROMIUM})`,
  ),
)(`in a real browser (${CHROMIUM})`, () => {
  let sim: PortalSim;

  beforeAll(async () => {
    sim = await startPortalSim();
  });
  afterAll(() => sim?.close());

  it('walks right to work by label and role, as the driver will, and reads the result', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const context = await browser.newContext({ acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);

      await page.goto(sim.startPages.rightToWork);
      await page.getByRole('button', { name: 'Accept additional cookies' }).click();
      await page.getByRole('button', { name: 'Hide cookie message' }).click();
      await page.getByRole('button', { name: "View a job applicant's right to work details" }).click();

      // GOV.UK Frontend's stylesheet and fonts are served and applied.
      const font = await page.locator('h1').evaluate((h) => getComputedStyle(h).fontFamily);
      expect(font).toContain('GDS Transport');

      await page.getByLabel('Share code').fill('W7K 2M9 P4Q');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain("What is the job applicant's date of birth?");
      await page.getByLabel('Day').fill('27');
      await page.getByLabel('Month').fill('4');
      await page.getByLabel('Year').fill('1990');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('company name').fill('Acme Widgets Ltd');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Right to work');
      expect(await page.getByRole('heading', { level: 2, name: 'ANA MARÍA LÓPEZ' }).count()).toBe(1);
      expect(await page.locator('#profileImage').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      const photoWidth = await page
        .locator('#profileImage')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth);
      expect(photoWidth).toBe(150);
      // "Details of check": an h3 label and the paragraph after it.
      const value = (key: string) =>
        page
          .getByRole('heading', { level: 3, name: key })
          .locator('xpath=following-sibling::p[1]')
          .textContent()
          .then((t) => t?.trim());
      expect(await value('Company name')).toBe('Acme Widgets Ltd');
      expect(await value('Reference number')).toMatch(/^WE-[A-Z0-9]{7}-[A-Z]{2}$/);
      expect(
        await page
          .getByText(/They have permission to work in the UK from 15 January 2024 until 14 December 2028/)
          .count(),
      ).toBe(1);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('right_to_work_check.pdf');
      const { text } = await pdfText(new Uint8Array(await readFile(await download.path())));
      expect(text).toContain('ANA MARÍA LÓPEZ');

      // view-immigration-status's banner is hidden in the HTML and shown by its script.
      await page.goto(`${sim.baseUrls.immigrationStatus}/view/start`);
      const banner = page.getByRole('region', { name: 'Cookies on UK Visas and Immigration services' });
      await banner.getByRole('button', { name: 'Reject analytics cookies' }).click();
      expect(await banner.getByText("You've rejected analytics cookies.").isVisible()).toBe(true);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
