import { defineConfig } from 'vitest/config';

// `npm run test:container`: builds the image and runs the compose stack with podman (see
// container.test.ts). Not part of `npm test`; `.ci/run` runs it after. One file, in one process.
export default defineConfig({
  test: {
    include: ['test/container/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 240_000,
    // Building the base images on a fresh machine and the image itself.
    hookTimeout: 2_400_000,
  },
});
