import { kindInfo } from '../check-kind.js';
import { SHARE_CODE_SERVICES, ukDateTime } from './applicant-page-words.js';
import type { ApplicantRequestSummary } from './applicant-view.js';

/** The plain-text e-mail that carries an applicant's link (the service sends it with applicant_email). */
export interface ApplicantLinkMessage {
  subject: string;
  text: string;
}

/**
 * The e-mail an applicant gets with their link: who asks, why, where the share code comes from, and
 * until when the link works. Plain text, nothing about the applicant, no tracking.
 */
export function applicantLinkMessage(request: ApplicantRequestSummary, url: string): ApplicantLinkMessage {
  const service = SHARE_CODE_SERVICES[request.kind];
  const reason = [
    ...(request.purpose ? [`Reason for the check: ${request.purpose}`] : []),
    ...(request.jobTitle ? [`Job title of the person checking: ${request.jobTitle}`] : []),
  ];
  return {
    subject: `${request.asker} has asked you to prove ${service.proves}`,
    text: [
      `${request.asker} has asked you to prove ${service.proves}.`,
      ...(reason.length > 0 ? ['', ...reason] : []),
      '',
      'Open this link to enter your share code and date of birth:',
      url,
      '',
      `The link works until ${ukDateTime(request.expiresAt)}. It can be used once.`,
      '',
      `You get a share code from the GOV.UK service "${service.name}": ${service.url}`,
      `${kindInfo(request.kind).title} share codes start with ${kindInfo(request.kind).shareCodeLetter}.`,
      '',
      `The result of the check goes to ${request.asker}, not to this e-mail address.`,
      'If you were not expecting this e-mail, you can ignore it: nothing happens unless the link is used.',
    ].join('\n'),
  };
}
