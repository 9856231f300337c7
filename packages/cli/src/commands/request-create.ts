import type { CheckKind } from '@sharecode/core';
import type { ValidatedCheckRequest } from '@sharecode/core/check-requests';
import { requestBodyFromOptions } from '../check-request/create-body.js';
import { finishWithRequest } from '../check-request/finish.js';
import { LOCAL_LINK_WARNING, linkIsLocalOnly } from '../check-request/link-reach.js';
import { openRequestFailure, openRequestWithReference } from '../check-request/open-request.js';
import { resumeCommand, serviceWord } from '../check-request/resume-command.js';
import { playApplicant, sandboxApplicantProblems } from '../check-request/sandbox-applicant.js';
import { showCreated } from '../check-request/show-link.js';
import { waitForRequest } from '../check-request/wait.js';
import type { CommandAction, CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { flagOption, numberOption } from '../options.js';
import { outputFor } from '../output/output.js';
import { registerUsable } from '../register/file-result.js';
import { wantsRegister } from '../register/open-register.js';
import { type Failure, failureFromError, stopWith, stopWithUsage } from '../render/failure.js';
import { openConnection } from '../runtime/connection.js';

/** The body the API takes: the checker fields flat, the request's own fields when given. */
function wireBody(validated: ValidatedCheckRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    kind: validated.kind,
    ...validated.checker,
    expires_in_days: validated.expires_in_days,
  };
  if (validated.client_reference !== null) body.client_reference = validated.client_reference;
  if (validated.callback_url !== null) body.callback_url = validated.callback_url;
  if (validated.applicant_email !== null) body.applicant_email = validated.applicant_email;
  return body;
}

/** `rtw request <kind>`: make a link for one applicant; print it (and a QR code on a terminal). */
export function requestCreateCommand(kind: CheckKind): CommandAction {
  return async (ctx: CommandContext): Promise<number> => {
    const out = outputFor(ctx);
    const { options } = ctx;
    const wait = flagOption(options, 'wait');
    if (wantsRegister(options) && !wait) {
      return stopWithUsage(
        out,
        '--register files the result when the applicant has sent their details: add --wait, or leave --register out and file it later with rtw request status <id> --wait --register --person ID. Nothing was sent.',
      );
    }
    const validated = requestBodyFromOptions(options, kind, sandboxApplicantProblems(options));
    if (!validated.ok) return stopWith(out, validated.error);
    const noRegister = await registerUsable(options, ctx.io);
    if (noRegister) return stopWith(out, noRegister);
    const opened = await openConnection(ctx, out);
    if (!opened.ok) return stopWith(out, opened.error);
    const connection = opened.value;
    try {
      // A second request for the same reference is a second open link: both could be filled in.
      const reference = validated.value.client_reference;
      if (reference !== null && !flagOption(options, 'another')) {
        try {
          const open = await openRequestWithReference(connection.client, reference, connection.retries);
          if (open !== undefined) return stopWith(out, openRequestFailure(open));
        } catch (error) {
          return stopWith(out, failureFromError(error));
        }
      }
      let created: Awaited<ReturnType<typeof connection.client.createCheckRequest>>;
      try {
        created = await connection.client.createCheckRequest(
          wireBody(validated.value) as Parameters<typeof connection.client.createCheckRequest>[0],
          { maxRetries: connection.retries },
        );
      } catch (error) {
        return stopWith(out, failureFromError(error));
      }
      // --json --wait prints one document, the request as it ended (its url is null then): the link,
      // shown only now, goes to stderr, even with --quiet.
      if (out.json && wait)
        out.error(
          `Check request ${created.id}: link for the applicant (shown only this once): ${created.url}`,
        );
      else if (out.json) out.jsonValue(created);
      else
        await showCreated(out, created, {
          qr: options.qr !== false,
          sandbox: connection.sandbox !== undefined && !wait,
          follow: `${serviceWord(options, ctx.io.env)}rtw request status ${created.id} --wait`,
          inProcess: connection.sandbox !== undefined,
        });
      if (out.json && connection.sandbox === undefined && linkIsLocalOnly(created.url))
        out.error(LOCAL_LINK_WARNING);
      if (!wait) return EXIT.OK;
      const resume = resumeCommand(created.id, options, ctx.io.env, true);
      // With --json, every document this command prints carries the link (stderr may be lost).
      const withLink = (failure: Failure): Failure =>
        out.json
          ? { ...failure, json: { ...failure.json, check_request: { id: created.id, url: created.url } } }
          : failure;
      if (connection.sandbox) {
        const played = await playApplicant(out, connection.sandbox, created, options);
        if (played) return stopWith(out, withLink(played));
      }
      const ended = await waitForRequest(
        out,
        connection,
        created.id,
        numberOption(options, 'timeout', 3600),
        resume,
      );
      if (!ended.ok) return stopWith(out, withLink(ended.error));
      if (!out.json) out.data('');
      return await finishWithRequest(out, options, ended.value, true, { resume, url: created.url });
    } finally {
      connection.close();
    }
  };
}
