import { fail, invalidInput, type Outcome, ok } from '@sharecode/core';

/**
 * `--callback-url` as the CLI checks it: a URL, nothing more. Which addresses are allowed is the
 * service's rule (its answer is the rule: an operator may allow test hosts, and the sandbox applies
 * core's static rule itself), so the CLI keeps no copy of it that could refuse what the server takes.
 */
export function callbackUrlShape(raw: unknown): Outcome<string> {
  if (typeof raw === 'string' && URL.canParse(raw.trim())) return ok(raw.trim());
  return fail(
    invalidInput(
      'callback_url',
      'callback_url must be an absolute URL such as https://hr.example.com/hooks/rtw.',
    ),
  );
}
