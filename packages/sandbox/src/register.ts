// `node --import @sharecode/sandbox/register your-script.mjs`: runs an unchanged script against the
// sandbox. Requests to the API's base URL (RTW_BASE_URL, else the sandbox default) are answered
// in-process; every other request goes out as usual.
import { setupServer } from 'msw/node';
import { createSandbox } from './create-sandbox.js';

const baseUrl = process.env.RTW_BASE_URL || undefined;
const sandbox = createSandbox({ baseUrl });
const server = setupServer(...sandbox.handlers);
server.listen({ onUnhandledRequest: 'bypass' });
// Let the script's own work decide when the process ends: pending sandbox timers should not.
process.once('beforeExit', () => {
  sandbox.reset();
  server.close();
});
