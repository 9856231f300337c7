// Driving the applicant's page in Chromium, for the service's and the sandbox's browser tests: both
// render core's page, so they fill it and judge its accessibility the same way.
import { SANDBOX_DATE_OF_BIRTH } from '@sharecode/core/sandbox';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const [YEAR, MONTH, DAY] = SANDBOX_DATE_OF_BIRTH.split('-').map(Number) as [number, number, number];

/** Fills the form by its labels and sends it (the sandbox's date of birth unless told). */
export async function submitApplicantForm(
  page: Page,
  code: string,
  dob: [number, number, number] = [DAY, MONTH, YEAR],
): Promise<void> {
  await page.getByLabel('Share code', { exact: true }).fill(code);
  await page.getByLabel('Day', { exact: true }).fill(String(dob[0]));
  await page.getByLabel('Month', { exact: true }).fill(String(dob[1]));
  await page.getByLabel('Year', { exact: true }).fill(String(dob[2]));
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForLoadState('domcontentloaded');
}

/**
 * axe-core's violations on the page as it is (injected through the debugger: the page's CSP runs no
 * script of its own). `mustPass` names rules beyond the lang and title ones that must have run and passed.
 */
export async function axeViolations(page: Page, mustPass: readonly string[] = []): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  // axe ran its rules on the page, not on nothing; with a form, the labels' rule among them.
  const passed = result.passes.map((rule) => rule.id);
  expect(passed).toEqual(expect.arrayContaining(['html-has-lang', 'document-title', ...mustPass]));
  if (await page.locator('input:not([type=hidden])').count()) expect(passed).toContain('label');
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
