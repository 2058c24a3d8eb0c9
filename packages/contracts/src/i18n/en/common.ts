/** English texts of the 'common' namespace: the spec's texts, word for word, where it gives them. */
export default {
  /** A busy submit button (docs/product/app-shell.md#alerts). */
  busy: 'Please Wait....',
  loading: 'Loading…',
  close: 'Close',
  loadError: {
    failed: 'Could not load this page. Check your connection and try again.',
    offline: 'You are offline. Chapters you saved for offline still open.',
    retry: 'Retry',
    retrying: 'Retrying…',
    openDownloads: 'Open Downloads',
  },
  pager: {
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
  },
  password: {
    /** The show/hide button of a password field; label is the field's label in lower case. */
    show: 'Show {{label}}',
    requirements: 'Password requirements',
    met: '(met)',
    notMet: '(not met)',
    checks: {
      lowercase: 'One lowercase letter',
      uppercase: 'One uppercase letter',
      digit: 'One number',
      special: 'One special character',
      length: 'At least {{min}} characters',
    },
  },
};
