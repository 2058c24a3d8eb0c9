import type en from '../en/dashboard.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'डैशबोर्ड',
  welcome: 'स्वागत है!',
  welcomeName: 'स्वागत है, {{name}}!',
  intro: 'आपका लेवल, पॉइंट और बैलेंस एक नज़र में।',
  continue: {
    title: 'पढ़ाई जारी रखें',
    progress: 'प्रगति',
    done: '{{percent}}% पूरा',
    progressLabel: '{{course}} की प्रगति',
    action: 'जारी रखें',
    actionLabel: 'जारी रखें: {{subject}}',
    fileTypes: {
      pdf: 'PDF',
      youtube: 'YouTube',
      video: 'वीडियो',
      link: 'लिंक',
    },
  },
  banner: {
    fallbackAlt: 'Live Connect के साथ पढ़ें, दोस्तों को बुलाएँ और आगे बढ़ें',
    adAlt: 'विज्ञापन',
  },
} satisfies Translation<typeof en>;
