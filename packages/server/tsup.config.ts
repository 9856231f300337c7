import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';
import { SWAGGER_UI_DIR, SWAGGER_UI_NOTICES, SWAGGER_UI_SERVED } from './src/http/swagger-ui-files.js';

/**
 * Swagger UI's files for /docs, from the swagger-ui-dist devDependency into dist/ (issue 36): the
 * published package carries them, so an operator's install has no swagger-ui-dist and no
 * `@scarf/scarf` install script.
 */
async function copySwaggerUi(): Promise<void> {
  const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const to = join('dist', SWAGGER_UI_DIR);
  await mkdir(to, { recursive: true });
  for (const file of [...SWAGGER_UI_SERVED, ...SWAGGER_UI_NOTICES])
    await copyFile(join(from, file), join(to, file));
}

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  onSuccess: copySwaggerUi,
});
