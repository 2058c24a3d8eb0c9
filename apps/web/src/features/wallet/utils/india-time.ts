// The wallet shows every date in India time, wherever the device is. There is no shared date
// formatter in src/lib or @app/contracts yet, and features do not import each other.
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** '1 Dec 2026' from an ISO 8601 instant. */
export const formatIndiaDate = (iso: string): string => dateFormat.format(new Date(iso));

/** '11:23 am' from an ISO 8601 instant. */
export const formatIndiaTime = (iso: string): string => timeFormat.format(new Date(iso));
