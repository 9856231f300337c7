// A Cloudflare Worker that runs the portable SDK suite when fetched (workerd, through miniflare).
import './worker-storage-shim.mjs';
import { runSdkSuite } from './sdk-portable.mjs';

export default {
  async fetch(_request, env) {
    const results = await runSdkSuite({ baseUrl: env.SHARECODE_RUNTIME_BASE_URL });
    return Response.json({ results });
  },
};
