/**
 * The first script of a signed-in page's HTML (vite-plugins/prerender.ts): starts the page's API reads while
 * the app's code downloads (lib/early-requests.ts, decision 030).
 */
import { startEarlyRequests } from './lib/early-requests';

startEarlyRequests();
