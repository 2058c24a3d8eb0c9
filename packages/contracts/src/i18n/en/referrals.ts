/** English texts of the 'referrals' namespace: the spec's texts, word for word, where it gives them. */
export default {
  level: {
    current: 'Current level',
    number: 'Level {{number}}',
    endsOn: 'Ends on',
    allDone: 'You have achieved every level. Well done!',
    progress: 'Progress',
    progressLabel: 'Level progress',
    daysLeft: '{{difference}} more days for {{days}} days achievement',
    subUsers: 'Sub-users who bought a course: {{completed}} of {{node}}',
    slots: 'Required sub-users',
    completedHidden: 'Completed: ',
    completed: 'Completed',
    openSlot: 'Open slot',
    loadFailed: 'Your level could not be loaded.',
    tryAgain: 'Try again',
    loading: 'Loading your level',
  },
  status: {
    active: 'Active',
    pending: 'Pending',
    ineligible: 'Not eligible',
  },
  /** Under a sub-user's name, in the recent list and the Pending Users table. */
  joined: 'joined {{date}}',
  recent: {
    title: 'Recent sub-users',
    seeAll: 'See all',
    loading: 'Loading…',
    loadFailed: 'Recent sub-users could not be loaded.',
    empty: 'Nobody has registered through your link yet. Use ‘Invite People’ to share it.',
  },
  users: {
    /** A sub-user whose personal data was deleted on request (decision 066): shown instead of a name. */
    deletedLearner: 'Deleted learner',
    title: 'Users',
    loading: 'Loading…',
    total: '{{total}} in all',
    region: 'Sub-users',
    pages: '{{title}} pages',
    columns: {
      name: 'Name',
      email: 'Email',
      userId: 'User Id',
      status: 'Status',
    },
    pending: {
      title: 'Pending Users',
      empty: 'Nobody is waiting: everyone who registered through your link has bought a course.',
    },
    active: {
      title: 'Active Users',
      empty: 'No active users yet. A sub-user becomes active with their first course purchase.',
    },
    ineligible: {
      title: 'Not eligible',
      intro: 'These people registered with your link, but they earn you no commission and do not count for your level.',
    },
  },
  code: {
    copy: 'Copy referral id',
  },
  copy: {
    copied: 'Copied to clipboard!',
    failed: 'Could not copy. Select the text and copy it yourself.',
  },
  invite: {
    button: 'Invite People',
    title: 'Invite People',
    close: 'Close',
    intro:
      'Share this link. Everyone who registers through it becomes your sub-user, and their first course purchase counts towards your level.',
    linkLabel: 'Your referral link',
    whatsApp: 'Share on WhatsApp',
    share: 'Share…',
    copyLink: 'Copy Link',
    shareFailed: 'Could not open the share menu. Use Copy Link instead.',
    /** The share sheet's title. */
    messageTitle: 'Join me on {{appName}}',
    /** The share sheet's text (the link travels beside it). */
    shareText: 'Join me on {{appName}} and learn with me.',
    /** The WhatsApp message, link included. */
    whatsAppText: 'Join me on {{appName}} and learn with me: {{link}}',
  },
};
