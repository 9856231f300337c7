import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type CheckError, errorBody, httpStatusOf, invalidInput } from '@sharecode/core';
import { newRequestId } from './request-id.js';

/** Writes the error body of spec 2.6 straight to the socket, then closes it. */
function answerAndClose(socket: Duplex, problem: CheckError, reason: string): void {
  const body = JSON.stringify(errorBody(problem));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${httpStatusOf(problem.code)} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${newRequestId()}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.end();
  // A client that never reads must not keep the socket: gone shortly after the answer is flushed.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

const notHttp = () =>
  invalidInput('request', 'The request is not valid HTTP/1.1: check the request line and headers.');

/**
 * Node's HTTP parser rejects some requests before fastify sees them (malformed request line, headers
 * too large, request not received in time). They still get the error body of spec 2.6.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let problem: CheckError;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    problem = invalidInput(
      'headers',
      'The request headers are too large: send only the headers the API needs.',
    );
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    problem = invalidInput('body', 'The request was not received in time: send the whole request at once.');
  } else {
    problem = notHttp();
  }
  answerAndClose(socket, problem, 'Bad Request');
}

/**
 * `CONNECT` (a proxy tunnel request) never reaches fastify: Node hands it to a `connect` listener or,
 * with none, drops the connection unanswered. This service is no proxy: answer it like any other
 * malformed request.
 */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  answerAndClose(socket, notHttp(), 'Bad Request');
}
