#!/usr/bin/env node
// Starts the Hono receiver (on Node, with @hono/node-server) on http://HOST:PORT/webhooks/rtw.
// Usage: RTW_WEBHOOK_SECRET=whsec_... [PORT=3000] [HOST=127.0.0.1] node server.mjs
import { serve } from '@hono/node-server';
import { createApp, WEBHOOK_PATH } from './src/app.mjs';

const secret = process.env.RTW_WEBHOOK_SECRET;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';
if (!secret) {
  console.error(
    'Set RTW_WEBHOOK_SECRET to your whsec_... signing secret (the sandbox one is in the README).',
  );
  process.exit(2);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('PORT must be a whole number from 0 to 65535 (0 picks a free port).');
  process.exit(2);
}

const server = serve({ fetch: createApp({ secret }).fetch, port, hostname: host }, (info) => {
  console.log(`Listening on http://${host}:${info.port}${WEBHOOK_PATH}`);
});
server.once('error', (error) => {
  console.error(`Could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
process.once('SIGTERM', () => server.close());
process.once('SIGINT', () => server.close());
