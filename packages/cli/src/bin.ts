#!/usr/bin/env node
import type { CliIo } from './context.js';
import { EXIT } from './exit-codes.js';
import { terminalPrompt } from './io/terminal-prompt.js';
import { main } from './main.js';

const interruptHandlers = new Set<() => unknown>();
const deferredHandlers = new Set<() => void>();
// Deferred handlers that have had their Ctrl-C: the next one, while they are still registered, exits.
const deferredUsed = new Set<() => void>();

// Ctrl-C: undo what is on screen (a spinner line), say so, exit 130. Anything a command appended to a
// file before this moment is complete: batch results are written one whole line at a time. A command
// may take the first Ctrl-C itself (a batch finishing the checks in flight, a live check waited for,
// a question ended as Enter would); the second one while it still waits exits.
process.on('SIGINT', () => {
  const fresh = [...deferredHandlers].filter((handler) => !deferredUsed.has(handler));
  if (fresh.length > 0) {
    for (const handler of fresh) {
      deferredUsed.add(handler);
      try {
        handler();
      } catch {
        // Best effort, as below.
      }
    }
    return;
  }
  const notes: string[] = [];
  for (const handler of interruptHandlers) {
    try {
      const note = handler();
      if (typeof note === 'string' && note !== '') notes.push(note);
    } catch {
      // Cleanup is best effort; the exit below must happen.
    }
  }
  process.stderr.write(`\nInterrupted.${notes.map((note) => ` ${note}`).join('')}\n`);
  process.exit(EXIT.INTERRUPTED);
});

// A reader that stops early (`rtw ... | head`) closes the pipe: stop quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE')
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK);
    throw error;
  });
}

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: touching process.stdin opens it, which only commands that read it should do.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
  prompt: terminalPrompt,
  onInterrupt(handler) {
    interruptHandlers.add(handler);
    return () => interruptHandlers.delete(handler);
  },
  deferInterrupt(handler) {
    deferredHandlers.add(handler);
    return () => {
      deferredHandlers.delete(handler);
      deferredUsed.delete(handler);
    };
  },
};

process.exitCode = await main(process.argv, io);
