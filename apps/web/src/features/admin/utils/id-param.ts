import { useParams } from 'react-router';

/** A positive whole-number route parameter (an id), or null when the URL holds something else. */
export function useIdParam(name: string): number | null {
  const value = Number(useParams()[name]);
  return Number.isInteger(value) && value > 0 ? value : null;
}
