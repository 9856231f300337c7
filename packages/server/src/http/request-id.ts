import { randomBase62 } from '../accounts/random-id.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Server-generated (an incoming X-Request-Id is ignored): the id support looks up in the logs. */
export function newRequestId(): string {
  return `req_${randomBase62(24)}`;
}
