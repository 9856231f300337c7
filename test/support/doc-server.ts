// The `server=rtw-server` of a doc-test marker: the built rtw-server, started in this process in test
// mode (no portal driver: test keys never use it) on a free port with a data folder of its own, with
// an account and a test key. Started once per document, closed after it.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

export interface DocServer {
  url: string;
  key: string;
  close: () => Promise<void>;
}

export async function startDocServer(work: string): Promise<DocServer> {
  // The built package, as the document's reader runs it (the packaging project has built it).
  const { startServer } = await import('@sharecode/server');
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir: mkdtempSync(join(work, 'rtw-data-')),
    env: {},
    sweepIntervalMs: 0,
    logLevelOverride: 'silent',
  });
  const account = await server.admin.createAccount({ email: 'docs@example.com', plan: 'free' });
  if (!account.ok) throw new Error(`the docs server could not create an account: ${account.error}`);
  const key = await server.admin.createApiKey(account.value.id, 'test');
  if (!key.ok) throw new Error(`the docs server could not create a test key: ${key.error}`);
  return { url: server.url, key: key.value.key, close: () => server.close() };
}
