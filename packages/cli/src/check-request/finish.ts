import type { CheckRequest } from '@sharecode/sdk';
import { EXIT } from '../exit-codes.js';
import { saveEvidenceFor } from '../flow/finish.js';
import type { Output } from '../output/output.js';
import { fileIfAsked } from '../register/file-result.js';
import { wantsRegister } from '../register/open-register.js';
import { cliFailure, printFailure } from '../render/failure.js';
import { renderResult } from '../render/result-summary.js';
import { renderRequest } from './render.js';

type Options = Readonly<Record<string, unknown>>;

/**
 * Prints a request as it stands (with --json, exactly the API's record). A submitted request's check
 * is printed as `rtw poll` prints a result, its evidence saved (`saveEvidence`) and, with --register,
 * filed as `rtw check --register` files it. Exit: 0 while waiting or once submitted, 12 when it ended
 * without a check (expired, locked, cancelled).
 */
export async function finishWithRequest(
  out: Output,
  options: Options,
  request: CheckRequest,
  saveEvidence: boolean,
  /** `resume`: the command that waits again and files; `url`: the link, when this command made it. */
  extra: { resume: string; url?: string | undefined },
): Promise<number> {
  // The link is only in the create's answer: a document the creating command prints carries it.
  if (out.json) out.jsonValue(extra.url === undefined ? request : { ...request, url: extra.url });
  else for (const text of renderRequest(request, out.out)) out.data(text);
  if (request.status === 'waiting') {
    if (wantsRegister(options)) {
      out.notice(
        `Nothing filed yet: the applicant has not sent their details. File it when they do: ${extra.resume}`,
      );
    }
    return EXIT.OK;
  }
  if (request.status !== 'submitted') {
    const failure = cliFailure(
      EXIT.REQUEST_ENDED,
      'CHECK_REQUEST_ENDED',
      `Check request ${request.id} is ${request.status}: ${request.status === 'locked' ? 'no check succeeded' : 'no check was made'}${wantsRegister(options) ? ', so nothing was filed' : ''}. To ask the applicant again, make a new request (rtw request ${request.kind.replaceAll('_', '-')} ...).`,
    );
    printFailure(out, failure, { body: false });
    return failure.exitCode;
  }
  const check = request.check;
  const result = check?.status === 'succeeded' ? check.result : null;
  if (check === null || result === null) {
    out.notice(
      check?.result_expired === true
        ? "The check's result was deleted 7 days after it ended: nothing to save or file."
        : 'The check made from this request holds no result.',
    );
    return EXIT.OK;
  }
  if (!out.json) {
    out.data('');
    for (const text of renderResult(result, out.out)) out.data(text);
  }
  const saved = saveEvidence ? await saveEvidenceFor(out, options, result, check.id) : undefined;
  if (!saveEvidence && options.evidence !== false && !wantsRegister(options))
    out.notice('Photo and PDF not saved: a status only reads. Add --out DIR to save them there.');
  const failure = saved ?? (await fileIfAsked(out, options, result, check.id));
  if (failure) {
    printFailure(out, failure, { body: false });
    return failure.exitCode;
  }
  return EXIT.OK;
}
