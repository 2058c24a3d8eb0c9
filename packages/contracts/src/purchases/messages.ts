/** Purchase history and invoice messages the spec leaves open (docs/product/catalogue-and-checkout.md). */
export const purchaseMessages = {
  purchaseInvalid: 'Invalid purchase.',
  /** A signed invoice or credit note link (pdf_url) past its expiry, or altered. */
  invoiceLinkExpired: 'This link has expired. Open the invoice again from your purchases.',
} as const;
