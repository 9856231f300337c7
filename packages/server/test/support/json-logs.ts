import { Writable } from 'node:stream';

/** A log destination for a test server: every JSON line it writes, parsed, in `logs`. */
export function jsonLogs(): { readonly logs: Record<string, unknown>[]; readonly destination: Writable } {
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line));
      done();
    },
  });
  return { logs, destination };
}
