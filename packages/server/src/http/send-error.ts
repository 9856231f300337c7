import { type CheckError, errorBody, httpStatusOf } from '@sharecode/core';
import type { FastifyReply } from 'fastify';
import type { UsageSnapshot } from '../accounts/quota.js';

/** The X-RateLimit-* headers of a live response. */
export function setUsageHeaders(reply: FastifyReply, usage: UsageSnapshot | null): void {
  if (!usage) return;
  reply.header('x-ratelimit-limit', usage.limit);
  reply.header('x-ratelimit-remaining', usage.remaining);
  reply.header('x-ratelimit-reset', usage.resetAt);
}

/** Every error leaves as the body of spec 2.6, with the status of core's one code-to-status map. */
export function sendError(reply: FastifyReply, error: CheckError): FastifyReply {
  if (error.retryAfter !== undefined) reply.header('retry-after', Math.max(0, Math.ceil(error.retryAfter)));
  return reply.code(httpStatusOf(error.code)).type('application/json; charset=utf-8').send(errorBody(error));
}
