/**
 * Builds the app's money and date formats once, off the main thread (started by src/warm-intl.ts, then done).
 * A page's first `Intl` format makes the browser load ICU's locale and time-zone data, and that data belongs to the
 * renderer process, shared by its threads: done here first, the main thread's own first format takes under a
 * millisecond instead of tens (decision 018). Any locale warms all three; English is the cheapest guess.
 */
import { formatIndiaDateTime, formatInr } from '@app/contracts';

formatInr(0);
formatIndiaDateTime(new Date(0));
self.close();
