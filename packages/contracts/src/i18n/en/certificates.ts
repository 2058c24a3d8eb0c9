/** English texts of the 'certificates' namespace: the spec's texts, word for word, where it gives them. */
export default {
  page: {
    loading: 'Loading certificate…',
    title: 'Certificate',
    titleNamed: 'Certificate: {{name}}',
    notFound: 'Certificate not found',
    checkFailed: 'Could not check this certificate',
    unknown: 'There is no certificate with this id. Check the address, or scan the QR code on the certificate again.',
    backHome: 'Back to Home',
    ofCompletion: 'Certificate of Completion',
    valid: 'Valid',
    notValid: 'Not valid',
    /** <strong> wraps the course's name. */
    hasCompleted: 'has completed <strong>{{course}}</strong>',
    issuedOn: 'Issued on',
    status: 'Status',
    refunded: 'No longer valid (the purchase was refunded)',
    certificateId: 'Certificate ID',
    qrLabel: "QR code of this certificate's address",
    scan: 'Scan the code to open this page and check the certificate.',
    download: 'Download PDF',
  },
  /** The printable certificate (the API's PDF), in the holder's language; the name and course as issued. */
  pdf: {
    documentTitle: 'Certificate {{id}}',
    title: 'Certificate of Completion',
    /** Above the holder's name. */
    certify: 'This is to certify that',
    /** Between the holder's name and the course's. */
    completed: 'has completed every quiz of the course',
    issuedOn: 'Issued on {{date}}',
    certificateId: 'Certificate ID: {{id}}',
    valid: 'Status: Valid',
    notValid: 'Status: No longer valid',
    check: 'Scan the code or visit this address to check this certificate:',
  },
};
