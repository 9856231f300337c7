// The machine's load average (1, 5 and 15 minutes, from /proc/loadavg), printed with a benchmark's
// figures so that a reader knows what else ran, and the rule by which a run counts (issue 29): a run
// that started with the 1-minute load above the number of cores shared the machine with other work,
// and its throughput and latency figures measure that work as much as the service.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export function loadAverage() {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  return { one, five, fifteen };
}

export const formatLoad = ({ one, five, fifteen }) =>
  `${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)}`;

/** Whether a run that started at `start` may be called valid, and the sentence that says so. */
export function runValidity(start, cores = availableParallelism()) {
  const valid = start.one <= cores;
  return {
    valid,
    sentence: valid
      ? `VALID run: 1-minute load ${start.one.toFixed(2)} at the start, within the ${cores} cores`
      : `NOT A VALID RUN: 1-minute load ${start.one.toFixed(2)} at the start is above the ${cores} cores, so other ` +
        'work was running; its throughput, overhead and event-loop figures are not the service alone ' +
        '(CPU-seconds a check and the walk ratio are far less affected)',
  };
}
