/** The fixed JSON body the ceiling and the framework's floor both answer, in the API's envelope. */
export const FIXED_BODY = JSON.stringify({ status: true, message: '', data: { ok: true } });
