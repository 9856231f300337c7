// Runs the bundled worker (argv[2]) in workerd through miniflare and prints its results line.
// Run with Node 22 or later (miniflare's floor).
import { Miniflare } from 'miniflare';

const mf = new Miniflare({
  modules: true,
  scriptPath: process.argv[2],
  compatibilityDate: '2026-07-01',
  bindings: { SHARECODE_RUNTIME_BASE_URL: process.env.SHARECODE_RUNTIME_BASE_URL ?? '' },
});
try {
  const response = await mf.dispatchFetch('http://worker.test/');
  console.log(JSON.stringify(await response.json()));
} finally {
  await mf.dispose();
}
