/** English texts of the 'dashboard' namespace: the spec's texts, word for word, where it gives them. */
export default {
  title: 'Dashboard',
  welcome: 'Welcome!',
  welcomeName: 'Welcome, {{name}}!',
  intro: 'Your level, points and balance at a glance.',
  continue: {
    title: 'Continue learning',
    progress: 'Progress',
    /** percent is already formatted as a number. */
    done: '{{percent}}% done',
    progressLabel: '{{course}} progress',
    action: 'Continue',
    actionLabel: 'Continue: {{subject}}',
    fileTypes: {
      pdf: 'PDF',
      youtube: 'YouTube',
      video: 'Video',
      link: 'Link',
    },
  },
  banner: {
    fallbackAlt: 'Learn, invite friends and grow with Live Connect',
    adAlt: 'Advertisement',
  },
};
