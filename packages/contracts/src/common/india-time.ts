/**
 * Dates and times as a learner in India reads them, in India time wherever the server or the device
 * runs: the one place for these formats (the API's messages and the web app's screens).
 */
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** '1 Dec 2026' from an instant. */
export const formatIndiaDate = (at: Date | string): string => dateFormat.format(new Date(at));

/** '11:23 am' from an instant. */
export const formatIndiaTime = (at: Date | string): string => timeFormat.format(new Date(at));

/** '25 Nov 2026, 2:30 pm IST' from an instant. */
export const formatIndiaDateTime = (at: Date | string): string => `${formatIndiaDate(at)}, ${formatIndiaTime(at)} IST`;
