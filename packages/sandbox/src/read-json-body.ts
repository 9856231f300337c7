import type { Outcome } from '@sharecode/core';
import { fail, ok } from '@sharecode/core';
import { emptyBody, invalidJson, unsupportedContentType } from './http-errors.js';

// `application/json`, optionally with parameters such as `; charset=utf-8`.
const JSON_MEDIA_TYPE = /^application\/json\s*(;.*)?$/i;

/** The parsed JSON body of a request that declares `Content-Type: application/json`. */
export async function readJsonBody(request: Request): Promise<Outcome<unknown>> {
  const contentType = request.headers.get('content-type');
  if (contentType === null || !JSON_MEDIA_TYPE.test(contentType.trim()))
    return fail(unsupportedContentType());
  let text: string;
  try {
    text = await request.text();
  } catch {
    return fail(invalidJson());
  }
  if (text.trim() === '') return fail(emptyBody());
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail(invalidJson());
  }
}
