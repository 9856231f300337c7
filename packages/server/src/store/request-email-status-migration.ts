/**
 * Check requests record what became of the e-mail carrying the applicant's link (migration 39):
 * null without applicant_email; `not_sent` when the server has no SMTP settings; `sending`, then
 * `sent` or `failed` as the mailer reports. Not personal data: it stays when the address is deleted.
 */
export const REQUEST_EMAIL_STATUS_MIGRATION = {
  version: 39,
  name: "check requests record the applicant e-mail's status",
  sql: `
    ALTER TABLE check_requests ADD COLUMN applicant_email_status text
      CHECK (applicant_email_status IN ('not_sent', 'sending', 'sent', 'failed'));
  `,
} as const;
