// The receiver as a fetch-style module (Cloudflare Workers, Bun, Deno): the secret is read from the
// environment on each request (the Worker's RTW_WEBHOOK_SECRET binding or secret on Workers).
// Workers: `wrangler secret put RTW_WEBHOOK_SECRET`, then deploy with this file as `main`.
import { createApp } from './app.mjs';

export default createApp();
