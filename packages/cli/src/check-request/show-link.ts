import type { CheckRequest } from '@sharecode/sdk';
import type { Output } from '../output/output.js';
import { layoutWidth } from '../output/wrap.js';
import { londonTime } from '../render/london-time.js';
import { LOCAL_LINK_WARNING, linkIsLocalOnly } from './link-reach.js';
import { askedBy, emailWords } from './render.js';

const TITLES = {
  right_to_work: 'right to work',
  right_to_rent: 'right to rent',
  immigration_status: 'immigration status',
} as const;

/**
 * The new request, for the person who sends the link: the link alone on its line (to copy), that it
 * is shown only now, how to send it, the id and the expiry; on a terminal, a QR code of the link an
 * applicant can scan from the screen.
 */
export async function showCreated(
  out: Output,
  request: CheckRequest,
  /**
   * `follow`: the command that follows the request (with RTW_BASE_URL when this one needed it);
   * `inProcess`: the --sandbox in this process made it.
   */
  options: { qr: boolean; sandbox: boolean; follow: string; inProcess: boolean },
): Promise<void> {
  const url = request.url ?? '';
  const { bold } = out.out;
  out.data(
    `${bold('Check request')} ${request.id} (${TITLES[request.kind]}, ${request.mode} mode) for ${askedBy(request)}`,
  );
  out.data('');
  out.data('Link for the applicant (shown only this once: the service keeps no copy of it):');
  out.data('');
  out.data(`  ${url}`);
  out.data('');
  // The in-process sandbox's link is local by design (it lives as long as this command).
  if (!options.inProcess && linkIsLocalOnly(url)) {
    out.error(LOCAL_LINK_WARNING);
    out.data('');
  }
  const qr = options.qr && out.io.stdout.isTTY === true && url !== '' && (await printQr(out, url));
  const scan = qr ? ', or let them scan the QR code from your screen' : '';
  out.data(`${emailWords(request)}${scan}.`);
  out.data('They enter their share code and date of birth there; you never see or retype them.');
  out.data(`Link expires:     ${londonTime(request.expires_at)}`);
  out.data(`Follow it with:   ${options.follow}`);
  out.data(
    `Lost the link?    It cannot be shown again: cancel this request (rtw request cancel ${request.id}) and make a new one.`,
  );
  if (options.sandbox) {
    out.notice(
      'The in-process sandbox stops with this command, and this link with it: add --wait and --applicant-share-code CODE to play the applicant, or use rtw sandbox serve.',
    );
  }
}

/** Prints the QR code when the terminal is wide enough for it; says whether it did. */
async function printQr(out: Output, url: string): Promise<boolean> {
  const { coloured, qrLines, qrWidth } = await import('./qr.js');
  const lines = qrLines(url);
  if (qrWidth(lines) + 2 > layoutWidth(out.io.stdout.columns)) {
    out.notice('The terminal is too narrow for the QR code: widen it, or send the link.');
    return false;
  }
  // Colour sets white on black, which reads on any background; without it the code is drawn for a
  // dark background, the terminals' usual.
  const drawn = out.out.bold('x') === 'x' ? lines : coloured(lines);
  for (const line of drawn) out.data(`  ${line}`);
  out.data('');
  return true;
}
