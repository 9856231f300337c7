import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_ENDPOINTS, checkEndpoints, RIGHT_TO_WORK_ALIAS_PATH } from './check-endpoints.js';

const contract = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { tags?: string[] }>>;
};

describe('check endpoints', () => {
  it('are exactly the check operations of openapi.json', () => {
    const inContract = Object.entries(contract.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => ['get', 'post'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .filter((operation) => / \/api\/check(\/|$)/.test(operation))
      .sort();
    expect(CHECK_ENDPOINTS.map((e) => `${e.method} ${e.template}`).sort()).toEqual(inContract);
  });

  it('give the right-to-work aliases the right-to-work kind, and only the generic GET reads any kind', () => {
    const aliases = CHECK_ENDPOINTS.filter((e) => e.template.startsWith(RIGHT_TO_WORK_ALIAS_PATH));
    expect(aliases.map((e) => [e.method, e.operation, e.kind])).toEqual([
      ['POST', 'sync-check', 'right_to_work'],
      ['POST', 'create-check', 'right_to_work'],
      ['GET', 'get-check', 'right_to_work'],
    ]);
    const anyKind = CHECK_ENDPOINTS.filter((e) => e.operation === 'get-check' && e.kind === null);
    expect(anyKind.map((e) => e.template)).toEqual(['/api/check/async/{check_id}']);
    expect(checkEndpoints('right_to_rent').map((e) => e.template)).toEqual([
      '/api/check/right-to-rent',
      '/api/check/right-to-rent/async',
      '/api/check/right-to-rent/async/{check_id}',
    ]);
  });
});
