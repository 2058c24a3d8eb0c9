import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field's check on blur waits for the tap that took the focus away (docs/decisions/053-blur-errors-wait-for-the-tap.md).
 * Pressing Submit blurs the field first; its error then appeared above the button and pushed it down between the press
 * and the release, so the release landed beside it and the tap was lost (decision 036's rule, broken by the learner's
 * own tap, which the journeys' layout-shift guard does not count). Now the error shows once the tap has ended: after
 * its click (a submit checks every field anyway), or when the press is given up. Tab and other keys check at once.
 */
let isPressed = false;
let waiting: (() => void)[] = [];
let giveUp: number | undefined;
/** The checks a click let through, run just after its own handlers. */
let afterClick: number | undefined;
let isListening = false;

/** A press whose click never comes (a drag, a long press) lets the checks through after this long. */
const RELEASE_WAIT_MS = 1000;

function runWaiting() {
  window.clearTimeout(giveUp);
  giveUp = undefined;
  isPressed = false;
  const runs = waiting;
  waiting = [];
  for (const run of runs) run();
}

/** Listens from the first field's render on, so the press that blurs a field is always seen. */
function listen() {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener(
    'pointerdown',
    () => {
      // A new press ends the tap before it: the checks its click let through run now, never during this press.
      if (afterClick !== undefined) {
        window.clearTimeout(afterClick);
        afterClick = undefined;
        runWaiting();
      }
      isPressed = true;
      window.clearTimeout(giveUp);
    },
    true,
  );
  // On a touch screen the focus moves, and the click comes, after the finger is lifted. A release can come without a
  // press of its own (a second finger, a choice from a select's list): the wait it starts replaces any before it.
  window.addEventListener(
    'pointerup',
    () => {
      window.clearTimeout(giveUp);
      giveUp = window.setTimeout(runWaiting, RELEASE_WAIT_MS);
    },
    true,
  );
  window.addEventListener('pointercancel', runWaiting, true);
  window.addEventListener('keydown', runWaiting, true);
  // After the click's own handlers (and the submit they start): the checks then add only what the submit did not.
  window.addEventListener('click', () => {
    window.clearTimeout(afterClick);
    afterClick = window.setTimeout(() => {
      afterClick = undefined;
      runWaiting();
    }, 0);
  });
}

/** `registration` whose blur check waits for the tap in progress, if any, to end. */
export function afterTap(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  listen();
  const { onBlur } = registration;
  return {
    ...registration,
    onBlur: (event) => {
      if (!isPressed) return onBlur(event);
      return new Promise<void>((resolve) => waiting.push(() => void onBlur(event).finally(resolve)));
    },
  };
}
