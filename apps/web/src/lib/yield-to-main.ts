/**
 * Resolves in a task of its own, so what follows does not lengthen the browser's current task: a phone can paint and
 * answer a tap in between. `scheduler.yield()` where the browser has it (the rest keeps its place ahead of other
 * work), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
