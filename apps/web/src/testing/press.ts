import type { UserEvent } from '@testing-library/user-event';

/**
 * Presses `target` with the mouse and holds it a moment, as a slow finger does: what a blur shows then is on the
 * page while the button is still down (a button it moved would not get the release).
 */
export async function pressAndHold(user: UserEvent, target: Element) {
  await user.pointer({ keys: '[MouseLeft>]', target });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Lets go of the button `pressAndHold` pressed: its click. */
export async function release(user: UserEvent, target: Element) {
  await user.pointer({ keys: '[/MouseLeft]', target });
}
