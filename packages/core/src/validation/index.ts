// `@sharecode/core/validation`: the request rules the sandbox, the server and the CLI apply.

export { API_KEY_RANDOM_CHARS, type ApiKeyMode, apiKeyMode, apiKeyShapeProblem } from './api-key-shape.js';
export { validateCallbackUrl } from './callback-url.js';
export {
  type AsyncFields,
  checkRequestProblems,
  type ValidatedRequest,
  type ValidateOptions,
  validateCheckRequest,
} from './check-request.js';
export { idempotencyKeyReused, validateIdempotencyKey } from './idempotency-key.js';
export { type IpAddress, isPrivateIpAddress, parseIpAddress } from './ip-address.js';
export { acceptedFields, CHECKER_TYPES, PURPOSES } from './request-fields.js';
export { tidyChoice, tidyShareCode, tidyTypedDate, tidyTypedRequest } from './typed-input.js';
