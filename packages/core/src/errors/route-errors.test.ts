import { describe, expect, it } from 'vitest';
import { methodNotAllowed, unknownRoute } from './route-errors.js';

describe('route errors', () => {
  it('answers an unknown path with 400 INVALID_INPUT naming the path, without echoing it', () => {
    const error = unknownRoute('POST');
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'path' });
    expect(error.message).toContain('There is no POST endpoint at this path');
    expect(error.message).toContain('/openapi.json');
  });

  it('answers a wrong method with the methods the path takes', () => {
    const error = methodNotAllowed('DELETE', ['POST']);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'method' });
    expect(error.message).toBe('This endpoint does not answer DELETE: use POST.');
  });

  it('does not echo a method that is not a plain HTTP method name', () => {
    expect(unknownRoute('<script>').message).toContain('There is no this method endpoint');
    expect(methodNotAllowed('x'.repeat(50), ['GET']).message).not.toContain('xxx');
  });
});
