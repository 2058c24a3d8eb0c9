/** The spec's success envelope. */
export function ok<T>(data: T, message = 'OK'): { status: true; message: string; data: T } {
  return { status: true, message, data };
}
