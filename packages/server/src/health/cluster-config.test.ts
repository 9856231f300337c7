import { describe, expect, it } from 'vitest';
import { loadClusterConfig } from './cluster-config.js';

describe('RTW_INSTANCE_NAME', () => {
  it('is the name status shows; unset or blank, the host name is', () => {
    const named = loadClusterConfig({ RTW_INSTANCE_NAME: 'rtw-1' });
    expect(named.ok && named.value.instanceName).toBe('rtw-1');
    const blank = loadClusterConfig({ RTW_INSTANCE_NAME: '' });
    expect(blank.ok && blank.value.instanceName).toBeNull();
  });

  it('refuses a name with spaces or of more than 64 characters, saying what is allowed', () => {
    for (const name of ['rtw 1', 'x'.repeat(65)]) {
      const loaded = loadClusterConfig({ RTW_INSTANCE_NAME: name });
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.error.join(' ')).toMatch(/RTW_INSTANCE_NAME must be 1 to 64/);
    }
  });
});
