import { html } from '@sharecode/core/util';
import type { FastifyReply } from 'fastify';
import { page } from '../../dashboard/layout.js';

export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/** A page of one heading and one sentence, with the way back to the dashboard. */
export function messagePage(title: string, text: string): string {
  return page({
    title,
    body: html`<h1>${title}</h1><p>${text}</p><p><a href="/dashboard">Go to the dashboard</a></p>`,
  });
}

/** A form whose CSRF token no longer matches: 400, and how to go on. */
export const sendExpiredForm = (reply: FastifyReply): FastifyReply =>
  sendPage(reply, 400, messagePage('This form has expired', 'Go back, reload the page and try again.'));

export const sendAccountNotFound = (reply: FastifyReply): FastifyReply =>
  sendPage(reply, 404, messagePage('Account not found', 'Sign out and sign in again.'));
