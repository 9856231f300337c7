import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './lifecycle-config.js';
import { loggablePath } from './log-paths.js';

/**
 * Structured logs that never carry an API key, a share code, a date of birth or a name: bodies and
 * headers are never logged, URLs are logged without their query string or an applicant's link token
 * (log-paths.ts), and these paths are redacted as a second line of defence should a field slip into
 * a log call.
 */
export const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers',
  '*.headers',
  'body',
  '*.body',
  'key',
  '*.key',
  'apiKey',
  '*.apiKey',
  'share_code',
  '*.share_code',
  'date_of_birth',
  '*.date_of_birth',
  'name',
  '*.name',
  'request',
  '*.request',
  'result',
  '*.result',
];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

interface RequestLike {
  readonly method?: string;
  readonly url?: string;
}

interface ReplyLike {
  readonly statusCode?: number;
}

/**
 * One readable line per entry for a person at a terminal: time, level, message, then the fields
 * (request id, check id, codes). The same redaction applies: it runs before either format.
 */
export function prettyDestination(options: { colour: boolean; destination?: NodeJS.WritableStream }) {
  return pretty({
    colorize: options.colour,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
    sync: true,
    destination: options.destination ?? 1,
  });
}

export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const out =
    destination && format === 'pretty'
      ? prettyDestination({ colour: false, destination: destination as unknown as NodeJS.WritableStream })
      : (destination ??
        (format === 'pretty'
          ? prettyDestination({ colour: process.stdout.isTTY === true })
          : pino.destination({ sync: false })));
  return pino(
    {
      level,
      base: { service: 'rtw-server' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: RequestLike) => ({ method: req.method, path: loggablePath(req.url ?? '') }),
        res: (res: ReplyLike) => ({ statusCode: res.statusCode }),
      },
    },
    out,
  );
}
