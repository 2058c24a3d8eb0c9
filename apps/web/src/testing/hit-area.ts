import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read from the file: under vitest a stylesheet imported `?raw` comes back empty.
const styles = readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8');

/**
 * The smallest box an element takes taps in, by the app's own stylesheet (src/styles.css): its `::after` reaching out
 * around it (`.tap-target`, `.btn-close`). jsdom lays nothing out, so this reads the rules' min-width and min-height
 * rather than measuring; 0 when no rule gives the element such a box.
 */
export function hitAreaOf(element: Element): { width: number; height: number } {
  const style = document.createElement('style');
  style.textContent = styles;
  document.head.append(style);
  try {
    const area = { width: 0, height: 0 };
    for (const rule of Array.from(style.sheet?.cssRules ?? [])) {
      if (!(rule instanceof CSSStyleRule)) continue;
      const bases = rule.selectorText
        .split(',')
        .map((selector) => selector.trim())
        .filter((selector) => selector.endsWith('::after'))
        .map((selector) => selector.slice(0, -'::after'.length));
      if (!bases.some((base) => element.matches(base))) continue;
      area.width = Math.max(area.width, pixels(rule.style.minWidth));
      area.height = Math.max(area.height, pixels(rule.style.minHeight));
    }
    return area;
  } finally {
    style.remove();
  }
}

const pixels = (value: string) => (value.endsWith('px') ? Number.parseFloat(value) : 0);
