import type { CheckKind } from './check-kind.js';
import { CHECK_KINDS, kindInfo } from './check-kind.js';

/**
 * The contract's right-to-work aliases: POST `/api/check/right-to-work` is POST `/api/check`, POST
 * `/api/check/right-to-work/async` is POST `/api/check/async`, and GET
 * `/api/check/right-to-work/async/{check_id}` reads right-to-work checks only.
 */
export const RIGHT_TO_WORK_ALIAS_PATH = '/api/check/right-to-work';

/** The path parameter of the asynchronous GETs. */
export const CHECK_ID_PARAM = 'check_id';

/** One check endpoint of openapi.json: its method, path template and what it does. */
export type CheckEndpoint =
  | {
      readonly method: 'POST';
      readonly template: string;
      readonly operation: 'sync-check';
      readonly kind: CheckKind;
    }
  | {
      readonly method: 'POST';
      readonly template: string;
      readonly operation: 'create-check';
      readonly kind: CheckKind;
    }
  | {
      readonly method: 'GET';
      readonly template: string;
      readonly operation: 'get-check';
      /** null: the generic GET (`/api/check/async/{check_id}`), which reads a check of any kind. */
      readonly kind: CheckKind | null;
    };

const ID = `{${CHECK_ID_PARAM}}`;

/**
 * The endpoints of one kind. Every kind-specific GET prefix reads only its own kind; the right-to-work
 * Location prefix (`/api/check/async/`) is the generic GET, so right-to-work checks are also read
 * under the alias prefix, where other kinds are not found.
 */
export function checkEndpoints(kind: CheckKind): readonly CheckEndpoint[] {
  const info = kindInfo(kind);
  const endpoints: CheckEndpoint[] = [
    { method: 'POST', template: info.syncPath, operation: 'sync-check', kind },
    { method: 'POST', template: info.asyncPath, operation: 'create-check', kind },
  ];
  if (kind === 'right_to_work') {
    endpoints.push(
      { method: 'POST', template: RIGHT_TO_WORK_ALIAS_PATH, operation: 'sync-check', kind },
      { method: 'POST', template: `${RIGHT_TO_WORK_ALIAS_PATH}/async`, operation: 'create-check', kind },
      { method: 'GET', template: `${info.locationPrefix}${ID}`, operation: 'get-check', kind: null },
      { method: 'GET', template: `${RIGHT_TO_WORK_ALIAS_PATH}/async/${ID}`, operation: 'get-check', kind },
    );
  } else {
    endpoints.push({ method: 'GET', template: `${info.locationPrefix}${ID}`, operation: 'get-check', kind });
  }
  return endpoints;
}

/** Every check endpoint of the contract (12: 4 synchronous POSTs, 4 asynchronous POSTs, 4 GETs). */
export const CHECK_ENDPOINTS: readonly CheckEndpoint[] = CHECK_KINDS.flatMap(checkEndpoints);
