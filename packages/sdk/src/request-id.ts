/**
 * What a successful call adds to the contract's object: the answer's `X-Request-Id`, to quote to
 * support. Not enumerable, so `JSON.stringify`, spreading and saved records keep exactly the
 * contract's fields.
 */
export interface ResponseMeta {
  /** `X-Request-Id` of the answer (undefined when the server sent none). Not enumerable. */
  readonly requestId: string | undefined;
}

/** A result or record as a call returns it: the contract's fields, plus its request id. */
export type WithRequestId<T> = T & ResponseMeta;

export function withRequestId<T extends object>(value: T, response: Response): WithRequestId<T> {
  Object.defineProperty(value, 'requestId', {
    value: response.headers.get('x-request-id') ?? undefined,
    enumerable: false,
    writable: false,
    configurable: true,
  });
  return value as WithRequestId<T>;
}
