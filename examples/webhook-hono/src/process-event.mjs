// What the application does with an event once it has been acknowledged. Here: one log line with
// ids and the outcome only (never the applicant's name, share code or date of birth in a log).
// A real receiver stores the result, saves the photo and PDF, and moves the hire or tenancy on.
export async function processEvent({ id, event }, log = console) {
  const check = event.data;
  const answer = event.type === 'check.failed' ? check.error?.code : (check.result?.outcome ?? 'no result');
  const reference = check.client_reference ? ` client_reference=${check.client_reference}` : '';
  log.log(`processed ${id} ${event.type} ${check.id} ${answer}${reference}`);
}
