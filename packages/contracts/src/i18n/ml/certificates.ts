import type en from '../en/certificates.ts';
import type { Translation } from '../translation.ts';

export default {
  page: {
    loading: 'സർട്ടിഫിക്കറ്റ് ലോഡ് ചെയ്യുന്നു…',
    title: 'സർട്ടിഫിക്കറ്റ്',
    titleNamed: 'സർട്ടിഫിക്കറ്റ്: {{name}}',
    notFound: 'സർട്ടിഫിക്കറ്റ് കണ്ടെത്തിയില്ല',
    checkFailed: 'ഈ സർട്ടിഫിക്കറ്റ് പരിശോധിക്കാനായില്ല',
    unknown: 'ഈ ID-യിൽ ഒരു സർട്ടിഫിക്കറ്റുമില്ല. വിലാസം പരിശോധിക്കുക, അല്ലെങ്കിൽ സർട്ടിഫിക്കറ്റിലെ QR കോഡ് വീണ്ടും സ്കാൻ ചെയ്യുക.',
    backHome: 'ഹോമിലേക്ക് മടങ്ങുക',
    ofCompletion: 'കോഴ്സ് പൂർത്തീകരണ സർട്ടിഫിക്കറ്റ്',
    valid: 'സാധുവാണ്',
    notValid: 'സാധുവല്ല',
    hasCompleted: '<strong>{{course}}</strong> പൂർത്തിയാക്കിയിരിക്കുന്നു',
    issuedOn: 'നൽകിയ തീയതി',
    status: 'നില',
    refunded: 'ഇനി സാധുവല്ല (വാങ്ങിയതിന്റെ പണം തിരികെ നൽകി)',
    certificateId: 'സർട്ടിഫിക്കറ്റ് ID',
    qrLabel: 'ഈ സർട്ടിഫിക്കറ്റിന്റെ വിലാസത്തിന്റെ QR കോഡ്',
    scan: 'ഈ പേജ് തുറന്ന് സർട്ടിഫിക്കറ്റ് പരിശോധിക്കാൻ കോഡ് സ്കാൻ ചെയ്യുക.',
    download: 'PDF ഡൗൺലോഡ് ചെയ്യുക',
  },
} satisfies Translation<typeof en>;
