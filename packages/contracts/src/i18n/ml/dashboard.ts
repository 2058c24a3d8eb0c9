import type en from '../en/dashboard.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'ഡാഷ്ബോർഡ്',
  welcome: 'സ്വാഗതം!',
  welcomeName: 'സ്വാഗതം, {{name}}!',
  intro: 'നിങ്ങളുടെ ലെവൽ, പോയിന്റുകൾ, ബാലൻസ് എന്നിവ ഒറ്റനോട്ടത്തിൽ.',
  continue: {
    title: 'പഠനം തുടരുക',
    progress: 'പുരോഗതി',
    done: '{{percent}}% പൂർത്തിയായി',
    progressLabel: '{{course}} പുരോഗതി',
    action: 'തുടരുക',
    actionLabel: 'തുടരുക: {{subject}}',
    fileTypes: {
      pdf: 'PDF',
      youtube: 'YouTube',
      video: 'വീഡിയോ',
      link: 'ലിങ്ക്',
    },
  },
  banner: {
    fallbackAlt: 'Live Connect-ലൂടെ പഠിക്കൂ, കൂട്ടുകാരെ ക്ഷണിക്കൂ, വളരൂ',
    adAlt: 'പരസ്യം',
  },
} satisfies Translation<typeof en>;
