// Static help sections. Loaded for `rtw --help`, so the only import is the SDK's small `openapi`
// entry: the contract's lists of purposes and checker types, generated from openapi.json (core
// validates against the same lists).

export { CHECKER_TYPES as CHECKER_TYPES_HELP, PURPOSES as PURPOSES_HELP } from '@sharecode/sdk/openapi';

export const ENVIRONMENT_HELP = `Environment:
  RTW_API_KEY          your API key (rtw_live_... or rtw_test_...); --api-key wins but leaks into shell history
  RTW_BASE_URL         the API's address (default http://127.0.0.1:8080); --base-url wins
  RTW_WEBHOOK_SECRET   the whsec_... secret for verify-webhook and sign-webhook; --secret wins
  RTW_REGISTER         the evidence register folder for --register, followups and register; --register DIR wins
  RTW_REGISTER_KEY     the register's secret key (base64, 32 bytes); default: ~/.config/rtw/register.key (made by rtw register init)
  RTW_CHECKED_BY       who runs the checks, for the register's receipts (default: your login name)
  RTW_SANDBOX_FAST     1: the --sandbox answers asynchronous checks in milliseconds (retries included)
  NO_COLOR             any value: no colour (so does output that is not a terminal, and TERM=dumb)
  FORCE_COLOR          1: colour even when output is not a terminal (NO_COLOR and --no-color win)
  CI                   set: no spinner or progress bar`;

export const EXAMPLES_HELP = `Try it without a key (no network, answers as a test key does):
  rtw sandbox codes
  rtw check right-to-work --sandbox --share-code WACPT0001 --dob 1990-01-01 --company "Acme Ltd"

Examples:
  export RTW_API_KEY=rtw_test_...       # or rtw_live_...; prefer this to --api-key
  rtw check right-to-rent --share-code "R12 345 678" --dob 1990-01-01 --checker-name "Jo Smith" --checker-type landlord
  rtw check immigration-status --share-code S12345678 --dob 1990-01-01 --company "Acme Bank, Leeds" \\
      --job-title "Account manager" --purpose personal_finance --out evidence/
  id=$(rtw async right-to-work --share-code W12345678 --dob 1990-01-01 --company "Acme Ltd")
  rtw poll "$id" --wait
  rtw check right-to-work --batch applicants.csv --company "Acme Ltd" --out evidence/
  rtw verify-webhook --body body.json --headers headers.txt

A link the applicant fills in (check requests):
  rtw request right-to-work --company "Acme Ltd" --email sam@example.com
  rtw request status creq_... --wait --register --person EMP-0042
  rtw request list --status waiting
  rtw request cancel creq_...

The employer's record (the evidence register):
  export RTW_REGISTER=~/hr/register
  rtw check right-to-work --share-code W12345678 --dob 1990-01-01 --company "Acme Ltd" --register
  rtw followups --within 30d --ics followups.ics
  rtw register set WE-K7Q2M9A-TP --employment-ended 2026-10-31
  rtw register verify && rtw register prune --dry-run
  rtw register report --out report.html`;

export const BATCH_COLUMNS_HELP = `Batch columns (--batch; header names in any case, spaces read as _):
  share_code or share-code        the applicant's share code (needed)
  date_of_birth or dob            DD/MM/YYYY or YYYY-MM-DD (needed)
  company_name or company         right to work, immigration status
  checker_name, checker_type      right to rent
  job_title, purpose, other_purpose   immigration status
  label                           your own id for the row (an employee number): kept in the results
                                  and as the person in the register, never sent
Other columns, and fields of another kind of check, are ignored with one note. A row you edit runs
again on the next run; rows that failed with INVALID_INPUT, DOB_MISMATCH or NOT_FOUND run again with
--retry-failed.`;
