import { useState } from 'react';

/**
 * True from the first render in which `value` is true, for as long as the component stays mounted:
 * a page laid out once its first reads have answered stays laid out while any of them is asked again
 * (a refetch, another syllabus chosen), instead of going back to a spinner.
 */
export function useStaysTrue(value: boolean): boolean {
  const [was, setWas] = useState(false);
  if (value && !was) setWas(true);
  return was || value;
}
