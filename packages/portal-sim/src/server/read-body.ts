import type { IncomingMessage } from 'node:http';

const LIMIT = 1_000_000;

/** The request body as text, or null when it is larger than the limit. */
export async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > LIMIT) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
