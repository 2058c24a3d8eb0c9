/**
 * The movable clock behind TEST_HOOKS=true: the real time plus an offset that journeys move
 * forward through `POST /dev/clock` (never in production, where env.ts refuses the flag).
 */
let offsetMs = 0;

export const testClock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  advance(seconds: number): Date {
    offsetMs += seconds * 1000;
    return testClock.now();
  },
};
