import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSandboxCheck } from '../src/sandbox/index.js';
import { encodeJpeg } from '../src/util/jpeg-encoder.js';
import { sha256Hex } from '../src/util/sha256.js';
import { NOW, validated } from './sandbox-bodies.js';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test') ? [path] : [];
  });
}

describe('core runs outside Node', () => {
  it('imports nothing Node-only and touches no Node globals', () => {
    for (const file of sourceFiles(srcDir)) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('//') && !line.trimStart().startsWith('*'))
        .join('\n');
      expect(code, file).not.toMatch(/from ['"]node:/);
      expect(code, file).not.toMatch(/\bBuffer\.|\bprocess\.|\brequire\(/);
      expect(code, file).not.toMatch(/from ['"]jpeg-js['"]/);
    }
  });

  it('builds a sandbox result with no Buffer global', async () => {
    const globals = globalThis as { Buffer?: unknown };
    const saved = globals.Buffer;
    delete globals.Buffer;
    try {
      const jpeg = encodeJpeg({ width: 8, height: 8, data: new Uint8Array(256).fill(200) });
      expect(jpeg[0]).toBe(0xff);
      // A company name never used before, so the PDF is rendered now rather than served from the cache.
      const company = `No Buffer Ltd ${sha256Hex(String(Math.random()))}`;
      const request = validated('right_to_work', 'WNOEX0001');
      if (request.kind !== 'right_to_work') throw new Error('expected a right-to-work request');
      const outcome = await runSandboxCheck(
        { ...request, request: { ...request.request, company_name: company } },
        { attempt: 1, now: NOW },
      );
      expect(outcome.ok).toBe(true);
    } finally {
      globals.Buffer = saved;
    }
  });
});
