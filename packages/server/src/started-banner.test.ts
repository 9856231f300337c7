import { describe, expect, it } from 'vitest';
import { startedBanner } from './started-banner.js';

describe('startedBanner', () => {
  it('says where the service listens, the dashboard and the docs', () => {
    const text = startedBanner('http://127.0.0.1:8080');
    expect(text).toContain('listening on http://127.0.0.1:8080\n');
    expect(text).toContain('http://127.0.0.1:8080/dashboard');
    expect(text).toContain('http://127.0.0.1:8080/docs');
  });
});
