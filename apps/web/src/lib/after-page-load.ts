/** Runs `then` once the page has loaded (at once if it has); returns what cancels a call still waiting. */
export function afterPageLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => {};
  }
  window.addEventListener('load', then, { once: true });
  return () => window.removeEventListener('load', then);
}
