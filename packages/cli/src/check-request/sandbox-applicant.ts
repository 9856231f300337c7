import { tidyShareCode } from '@sharecode/core/validation';
import type { CheckRequest } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import { flagOption, stringOption } from '../options.js';
import type { Output } from '../output/output.js';
import { cliFailure, type Failure } from '../render/failure.js';
import type { InProcessSandbox } from '../runtime/in-process-sandbox.js';
import { readTypedDate } from '../typed-date.js';

type Options = Readonly<Record<string, unknown>>;

// The sandbox's test people are all born on this day (`rtw sandbox codes`); any other answers DOB_MISMATCH.
const SANDBOX_DOB = '1990-01-01';

function codesOf(options: Options): string[] {
  const codes = options.applicantShareCode;
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
}

/**
 * `--applicant-share-code` plays the applicant on the in-process sandbox, which lives as long as the
 * command: only with --sandbox and --wait. A real applicant types their own details on the page.
 */
export function sandboxApplicantProblems(options: Options): string[] {
  const given = codesOf(options).length > 0 || stringOption(options, 'applicantDob') !== undefined;
  if (!given) return [];
  if (!flagOption(options, 'sandbox')) {
    return [
      "--applicant-share-code and --applicant-dob play the applicant in the --sandbox only: a real applicant types their own share code and date of birth on the link's page (to check a share code you already have, use rtw check)",
    ];
  }
  const problems: string[] = [];
  if (!flagOption(options, 'wait'))
    problems.push(
      '--applicant-share-code needs --wait: the in-process sandbox, and the link, end with the command',
    );
  if (codesOf(options).length === 0) problems.push('--applicant-dob goes with --applicant-share-code CODE');
  const dob = stringOption(options, 'applicantDob');
  if (dob !== undefined && !readTypedDate(dob).ok)
    problems.push('--applicant-dob is not a date: give DD/MM/YYYY or YYYY-MM-DD');
  return problems;
}

/**
 * Submits each `--applicant-share-code` in turn to the link, as the applicant would on its page,
 * through the sandbox's helper: a wrong one is a failed attempt, as on the service.
 */
export async function playApplicant(
  out: Output,
  sandbox: InProcessSandbox,
  request: CheckRequest,
  options: Options,
): Promise<Failure | undefined> {
  const typed = stringOption(options, 'applicantDob');
  const read = typed === undefined ? undefined : readTypedDate(typed);
  const dob = read?.ok === true ? read.value : SANDBOX_DOB;
  for (const code of codesOf(options)) {
    try {
      const answer = await sandbox.submitAsApplicant(request.url ?? '', {
        shareCode: code,
        dateOfBirth: dob,
      });
      out.notice(`Sandbox applicant: sent share code ${tidyShareCode(code)}; the page answered: ${answer}`);
    } catch (error) {
      return cliFailure(
        EXIT.UNEXPECTED,
        'CLI_ERROR',
        `The sandbox could not play the applicant: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return undefined;
}
