/**
 * The journeys' servers: one per Playwright worker, each on its own port with its own database, so two journeys
 * running side by side never share state. Some journeys move the server's clock a day on (quiz-retake), set the
 * operator's rates or switch the demo learner's language; on one shared server these would leak into the journey
 * running beside them.
 */
export const SERVER_COUNT = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The port of the server that the worker with this parallel index (0 … SERVER_COUNT - 1) talks to. */
export const serverPort = (parallelIndex: number): number => FIRST_PORT + parallelIndex;

export const serverUrl = (parallelIndex: number): string => `http://127.0.0.1:${serverPort(parallelIndex)}`;
