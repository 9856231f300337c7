import type { ValidatedRequest } from '@sharecode/core/validation';
import type {
  CheckResult,
  CreateCheckOptions,
  CreatedCheck,
  RequestOptions,
  ShareCodeClient,
} from '@sharecode/sdk';

/** Runs a synchronous check of the request's kind. */
export function sendCheck(
  client: ShareCodeClient,
  validated: ValidatedRequest,
  options: RequestOptions,
): Promise<CheckResult> {
  switch (validated.kind) {
    case 'right_to_work':
      return client.checkRightToWork(validated.request, options);
    case 'right_to_rent':
      return client.checkRightToRent(validated.request, options);
    case 'immigration_status':
      return client.checkImmigrationStatus(validated.request, options);
  }
}

/** Queues an asynchronous check of the request's kind, with its callback URL and client reference. */
export function queueCheck(
  client: ShareCodeClient,
  validated: ValidatedRequest,
  options: CreateCheckOptions,
): Promise<CreatedCheck> {
  const extra: { callback_url?: string; client_reference?: string } = {};
  if (validated.async?.callback_url != null) extra.callback_url = validated.async.callback_url;
  if (validated.async?.client_reference != null) extra.client_reference = validated.async.client_reference;
  switch (validated.kind) {
    case 'right_to_work':
      return client.createRightToWorkCheck({ ...validated.request, ...extra }, options);
    case 'right_to_rent':
      return client.createRightToRentCheck({ ...validated.request, ...extra }, options);
    case 'immigration_status':
      return client.createImmigrationStatusCheck({ ...validated.request, ...extra }, options);
  }
}
