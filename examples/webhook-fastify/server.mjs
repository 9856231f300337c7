#!/usr/bin/env node
// Starts the Fastify receiver on http://HOST:PORT/webhooks/rtw.
// Usage: RTW_WEBHOOK_SECRET=whsec_... [PORT=3000] [HOST=127.0.0.1] node server.mjs
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

const app = createApp({ secret });
try {
  await app.listen({ port, host });
} catch (error) {
  console.error(`Could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
}
console.log(`Listening on http://${host}:${app.server.address().port}${WEBHOOK_PATH}`);
process.once('SIGTERM', () => app.close());
process.once('SIGINT', () => app.close());
