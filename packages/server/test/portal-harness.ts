// Shared by the portal-*.test.ts and live-*.test.ts files: one real Chromium per test file, runners
// pointed at a portal simulator, and readers for the photo and the PDF a check returns.
import { existsSync } from 'node:fs';
import type { CheckKind, CheckResult, Outcome } from '@sharecode/core';
import { type ValidatedRequest, validateCheckRequest } from '@sharecode/core/validation';
import type { PortalSim } from '@sharecode/portal-sim';
import jpeg from 'jpeg-js';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { missing } from '../../../test/support/required-part.js';
import { type CheckSlots, createCheckSlots } from '../src/portal/check-slots.js';
import { findChromium } from '../src/portal/find-chromium.js';
import { DEFAULT_BROWSER_OPTIONS, launchPlaywrightBrowser } from '../src/portal/playwright-browser.js';
import type { CheckSession } from '../src/portal/portal-page.js';
import { createPortalRunner, type OverheadSink, type PortalRunner } from '../src/portal/portal-runner.js';

/** The browser the tests drive, found as the server finds it; null skips the browser tests (throws under CI). */
export const CHROMIUM = (() => {
  const found = findChromium({
    configuredPath: process.env.RTW_CHROMIUM_PATH?.trim() || null,
    playwrightPath: () => chromium.executablePath() || null,
    exists: existsSync,
  });
  if (found.ok) return found.value.path;
  missing(true, 'Chromium for the portal tests', found.error);
  return null;
})();

export interface TestSlotsOptions {
  readonly slots?: number;
  readonly recycleAfterChecks?: number;
  readonly probeIntervalMs?: number;
  readonly probeTimeoutMs?: number;
  readonly graceMs?: number;
  readonly closeTimeoutMs?: number;
}

/** Check slots over one real Chromium (launched now). */
export async function launchTestSlots(options: TestSlotsOptions = {}): Promise<CheckSlots<CheckSession>> {
  const path = CHROMIUM;
  if (path === null) throw new Error('no Chromium: the caller should have skipped');
  const count = options.slots ?? 2;
  const slots = createCheckSlots({
    slots: count,
    // As the server launches it (start-portal.ts): sessions opened ahead for the slots there are.
    launch: () => launchPlaywrightBrowser(path, { ...DEFAULT_BROWSER_OPTIONS, slots: count }),
    recycleAfterChecks: options.recycleAfterChecks ?? 100,
    probeIntervalMs: options.probeIntervalMs ?? 0,
    ...(options.probeTimeoutMs === undefined ? {} : { probeTimeoutMs: options.probeTimeoutMs }),
    ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
    ...(options.closeTimeoutMs === undefined ? {} : { closeTimeoutMs: options.closeTimeoutMs }),
  });
  const started = await slots.start();
  if (!started.ok) throw new Error(started.error);
  return slots;
}

/** A runner over `slots` pointed at the simulator's three services. */
export function simRunner(
  slots: CheckSlots<CheckSession>,
  sim: PortalSim,
  options: { checkTimeoutMs?: number; clock?: () => Date; overhead?: OverheadSink } = {},
): PortalRunner {
  return createPortalRunner(slots, {
    // Read at each check: the simulator's entries follow its variants.
    entryUrls: {
      get rightToWork() {
        return sim.entryUrls.rightToWork;
      },
      get rightToRent() {
        return sim.entryUrls.rightToRent;
      },
      get immigrationStatus() {
        return sim.entryUrls.immigrationStatus;
      },
    },
    checkTimeoutMs: options.checkTimeoutMs ?? 20_000,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.overhead ? { overhead: options.overhead } : {}),
  });
}

let counter = 0;
export function checkContext() {
  counter += 1;
  return { attempt: 1, now: new Date(), checkId: `chk_test${counter}`, requestId: `req-${counter}` };
}

/** A request as the server would hand it over: through core's own validation. */
export function validRequest(kind: CheckKind, body: Record<string, unknown>): ValidatedRequest {
  const validated = validateCheckRequest(kind, body, { async: false, now: new Date() });
  if (!validated.ok) throw new Error(`bad test request: ${validated.error.message}`);
  return validated.value;
}

export async function runCheck(
  runner: PortalRunner,
  request: ValidatedRequest,
): Promise<Outcome<CheckResult>> {
  return runner.run(request, checkContext());
}

export function resultOf(outcome: Outcome<CheckResult>): CheckResult {
  if (!outcome.ok) throw new Error(`expected a result, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

export function errorOf(outcome: Outcome<CheckResult>) {
  if (outcome.ok) throw new Error(`expected an error, got a ${outcome.value.title} result`);
  return outcome.error;
}

/** A uniform 24-bit BMP: an image Chromium decodes without any script, and not a JPEG. */
export function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(row * height, 34);
  file.fill(0x40, 54);
  return file;
}

/** Decodes a JPEG data URL (proving it is one) to its size. */
export function jpegSize(url: string | null | undefined): { width: number; height: number } {
  const prefix = 'data:image/jpeg;base64,';
  if (!url?.startsWith(prefix)) throw new Error('not a JPEG data URL');
  const image = jpeg.decode(Buffer.from(url.slice(prefix.length), 'base64'), { useTArray: true });
  return { width: image.width, height: image.height };
}

/** The JPEG bytes behind a data URL. */
export function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

/**
 * Parses a PDF data URL with pdf-lib and returns the text its pages show: the strings drawn with
 * Tj in the (decoded) content streams, which is how pdf-lib writes standard-font text.
 */
export async function pdfText(url: string | null | undefined): Promise<{ pages: number; text: string }> {
  const prefix = 'data:application/pdf;base64,';
  if (!url?.startsWith(prefix)) throw new Error('not a PDF data URL');
  const doc = await PDFDocument.load(Buffer.from(url.slice(prefix.length), 'base64'));
  const parts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let data: Uint8Array;
    try {
      data = decodePDFRawStream(object).decode();
    } catch {
      continue;
    }
    const content = Buffer.from(data).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      parts.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    for (const match of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) parts.push(match[1] ?? '');
  }
  return { pages: doc.getPageCount(), text: parts.join('\n') };
}

/** Today in the UK, as the simulator dates its checks. */
export function ukToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}
