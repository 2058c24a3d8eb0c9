const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
// The operator's own clock, as the date-time inputs of the console read it.
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** ₹1,234.50 from rupees. */
export const formatRupees = (amount: number) => rupees.format(amount);

/** An ISO 8601 instant on the operator's clock; '—' for none. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** The value of a datetime-local input (local time, minutes) for an ISO instant; '' for none. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
