// Reads a vitest JSON report and says, briefly, which files and tests failed and why.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const LINES_PER_FAILURE = 12;

// The report's messages carry the terminal's colour codes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what is removed
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
// Stack frames inside node_modules (vitest's runner) say nothing about the failure.
const firstLines = (text) =>
  plain(text)
    .split('\n')
    .filter((line) => !/node_modules|<anonymous>/.test(line))
    .slice(0, LINES_PER_FAILURE)
    .join('\n    ');

/**
 * @param {string} reportFile
 * @returns {string | null} null when there is no report, or it names no failure (an error outside
 *   the tests, such as an unhandled rejection, is then in the stage's own output)
 */
export function failureSummary(reportFile) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return null;
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      lines.push(`  ✘ ${name} > ${test.fullName}`);
      for (const message of test.failureMessages ?? []) lines.push(`    ${firstLines(message)}`);
    }
    // A file that failed outside any test (an import error, a hook) has only its own message.
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`  ✘ ${name}`);
      if (file.message) lines.push(`    ${firstLines(file.message)}`);
    }
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
