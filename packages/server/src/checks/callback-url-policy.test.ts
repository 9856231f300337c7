import { describe, expect, it } from 'vitest';
import { createCallbackUrlPolicy } from './callback-url-policy.js';

describe('callback URL policy', () => {
  it('is core static rules when nothing is listed', () => {
    const policy = createCallbackUrlPolicy();
    expect(policy.validate('https://hooks.example.com/x').ok).toBe(true);
    expect(policy.validate('https://localhost:8443/x').ok).toBe(false);
    expect(policy.validate('https://127.0.0.1/x').ok).toBe(false);
    expect(policy.isUnsafelyAllowed('localhost')).toBe(false);
  });

  it('lets listed hosts through, and only them, still https and without credentials', () => {
    const policy = createCallbackUrlPolicy(['127.0.0.1', 'LOCALHOST.', '[::1]']);
    expect(policy.validate('https://localhost:8443/hooks?x=1')).toEqual({
      ok: true,
      value: 'https://localhost:8443/hooks?x=1',
    });
    expect(policy.validate('https://127.0.0.1:9/').ok).toBe(true);
    expect(policy.validate('https://[::1]:9/').ok).toBe(true);
    expect(policy.validate('https://2130706433/').ok).toBe(true);
    expect(policy.validate('https://127.0.0.2/').ok).toBe(false);
    expect(policy.validate('https://10.0.0.1/').ok).toBe(false);
    expect(policy.validate('http://localhost:8443/').ok).toBe(false);
    expect(policy.validate('https://user:pw@localhost:8443/').ok).toBe(false);
    expect(policy.validate(`https://localhost/${'a'.repeat(2048)}`).ok).toBe(false);
    expect(policy.isUnsafelyAllowed('[::1]')).toBe(true);
    expect(policy.isUnsafelyAllowed('localhost')).toBe(true);
  });
});
