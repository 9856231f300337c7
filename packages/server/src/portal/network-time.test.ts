import { describe, expect, it } from 'vitest';
import { createNetworkClock, createOwnTimeMeter } from './network-time.js';

describe('network clock', () => {
  it('counts the union of the intervals with a request in flight, on the browser clock', () => {
    let arrived = 5_000;
    const clock = createNetworkClock(() => arrived);
    // Browser seconds 100.0 to 100.3: a document; 100.2 to 100.5: an overlapping fetch.
    clock.sent('a', 100.0);
    clock.sent('b', 100.2);
    clock.ended('a', 100.3);
    clock.ended('b', 100.5);
    expect(clock.networkMs()).toBeCloseTo(500, 6);
    // A redirect is the same request sent again: one interval, 101.0 to 101.4.
    clock.sent('c', 101.0);
    clock.sent('c', 101.2);
    clock.ended('c', 101.4);
    expect(clock.networkMs()).toBeCloseTo(900, 6);
    // An end for a request never seen (sent before the session listened) changes nothing.
    clock.ended('z', 102);
    expect(clock.networkMs()).toBeCloseTo(900, 6);
    arrived = 0;
  });

  it('counts an interval still open up to now, mapped by the smallest lag of an arrival', () => {
    let arrived = 0;
    const clock = createNetworkClock(() => arrived);
    // Browser 10.000 s arrived at Node 50_020 ms, 10.100 s at 50_105 ms: lag at least 40_005 ms.
    arrived = 50_020;
    clock.sent('a', 10.0);
    arrived = 50_105;
    clock.ended('a', 10.1);
    arrived = 50_200;
    clock.sent('b', 10.19);
    // Now 50_400 on Node's clock is 10.395 s on the browser's: 205 ms open so far.
    expect(clock.networkMs(50_400)).toBeCloseTo(100 + 205, 6);
  });
});

describe('own time meter', () => {
  it('gives each part its wall time less the network time within it, never below 0 or above the wall', () => {
    let now = 1_000;
    let network = 0;
    const meter = createOwnTimeMeter(
      1_000,
      () => network,
      () => now,
    );
    now = 1_600;
    network = 400;
    expect(meter.mark()).toEqual({ ownMs: 200, wallMs: 600 });
    now = 2_000;
    network = 900; // a clock skew: more network than wall in the part
    expect(meter.mark()).toEqual({ ownMs: 0, wallMs: 400 });
    now = 2_300;
    expect(meter.mark()).toEqual({ ownMs: 300, wallMs: 300 });
    expect(meter.ownMs()).toBe(500);
  });
});
