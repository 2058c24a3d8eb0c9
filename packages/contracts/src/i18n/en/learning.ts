/** English texts of the 'learning' namespace: the spec's texts, word for word, where it gives them. */
export default {
  loading: 'Loading…',
  purchaseCourses: 'Purchase Courses',
  /** My Courses (the learn page). */
  myCourses: {
    title: 'My Courses',
    emptyTitle: 'You have no courses yet',
    emptyText: 'Buy a course to start studying.',
    schoolSubjects: 'School Subjects',
  },
  /** A purchased course's card on My Courses. */
  card: {
    progress: 'Progress',
    percentDone: '{{percent}}% done',
    progressLabel: '{{name}} progress',
    viewMore: 'View More',
    viewMoreLabel: 'View More: {{name}}',
    certificate: 'Certificate',
    certificateLabel: 'Certificate: {{name}}',
  },
  /** Learn-more: a course's terms and chapters. */
  course: {
    fallbackTitle: 'Course Details',
    backToMyCourses: 'Back to My Courses',
    noChapters: 'This course has no chapters yet.',
    chapterRegion: 'Chapter',
    close: 'Close',
    chooseChapter: 'Choose a chapter to start studying.',
  },
  terms: {
    fileTypes: {
      pdf: 'PDF',
      youtube: 'YouTube',
      video: 'Video',
      link: 'Link',
    },
    status: {
      done: 'Done',
      donePrefix: 'Done: ',
      opened: 'Opened, not finished yet',
      openedPrefix: 'Opened: ',
      notStarted: 'Not started',
    },
    quiz: 'Quiz',
    quizLabel: 'Quiz: {{name}}',
    quizPassedLabel: 'Quiz: {{name}} (passed)',
    passed: 'Passed',
    noChapters: 'No chapters yet.',
  },
  /** The chosen chapter. */
  viewer: {
    loading: 'Loading chapter…',
    unavailable: 'This chapter is no longer available.',
    openLink: 'click here to view details',
  },
  /** The PDF reader, its toolbar and its own loading and error texts. */
  pdf: {
    region: 'PDF: {{title}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pageOf: 'Page {{page}} of {{count}}',
    pageUnknown: 'Page – of –',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    fitWidthLabel: '{{percent}} (fit width)',
    fitWidth: 'Fit width',
    done: 'Done',
    markAsDone: 'Mark as done',
    viewport: '{{title}}, page {{page}}',
    cannotShow: 'This PDF cannot be shown here.',
    openPdf: 'Open PDF',
    download: 'Download',
    loading: 'Loading PDF…',
    /** react-pdf's own messages. */
    noFile: 'No PDF file specified.',
    pageFailed: 'Failed to load the page.',
    noPage: 'No page specified.',
  },
  video: {
    cannotPlay: 'Your browser cannot play this video.',
    quality: 'Quality',
    auto: 'Auto',
    autoPlaying: 'Auto ({{height}}p)',
    speed: 'Speed',
    stopped: 'The video stopped: its link could not be renewed. Check your connection and try again.',
  },
  /** 'Download for offline' on a chapter. */
  save: {
    saved: 'Saved for offline ({{size}}).',
    openDownloads: 'Open Downloads',
    downloading: 'Downloading…',
    downloadingPercent: 'Downloading… {{percent}}%',
    download: 'Download for offline',
    downloadVideo: 'Download for offline (240p)',
    couldNotSave: 'Could not save the chapter on this device. Free some space and try again.',
    errors: {
      connection: 'Could not download the chapter. Check your connection and try again.',
      expired: 'This link has expired. Open the chapter again and retry.',
      failed: 'Could not download the chapter. Please try again.',
      videoUnsupported: 'This video cannot be saved for offline.',
    },
  },
  /** The Downloads page. */
  downloads: {
    title: 'Downloads',
    backToDownloads: 'Back to Downloads',
    savedOnDevice: 'saved on this device',
    empty: 'No chapters saved for offline yet.',
    emptyHint: 'Open a PDF or video chapter of your course and choose Download for offline.',
    myCourses: 'My Courses',
    /** 'Saved chapters use 3.4 MB · this app uses 12 MB on this device in all · 2 GB free for it.' */
    summary: 'Saved chapters use <strong>{{size}}</strong>',
    summaryUsage: ' · this app uses {{size}} on this device in all',
    summaryFree: ' · {{size}} free for it',
    summaryEnd: '.',
    pdf: 'PDF',
    video: 'Video (240p)',
    savedOn: 'saved {{date}}',
    open: 'Open',
    remove: 'Remove',
    removeLabel: 'Remove {{name}}',
    videoCannotPlay: 'This browser cannot play the saved video.',
    /** A course refunded, or a batch no longer open: GET /learn no longer lists it (forget-lost-courses.ts). */
    lostCourses:
      'Saved chapters of {{courses}} were removed from this device: the course is no longer among your courses (refunded, or its batch has closed).',
    lostCoursesUnnamed:
      'Saved chapters were removed from this device: their course is no longer among your courses (refunded, or its batch has closed).',
  },
};
