import { describe, expect, it } from 'vitest';
import { en } from './en/index.ts';
import { hi } from './hi/index.ts';
import { ml } from './ml/index.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = leaves(en as unknown as Tree);

describe.each([
  ['hi', hi],
  ['ml', ml],
] as const)('the %s catalogue', (_name, catalogue) => {
  const translated = leaves(catalogue as unknown as Tree);

  it('has every English key', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
  });

  it('has no key English lacks', () => {
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps every placeholder and leaves nothing empty', () => {
    const wrong = [...english]
      .filter(([key, text]) => {
        const other = translated.get(key);
        return other !== undefined && (other.trim() === '' || placeholders(other).join() !== placeholders(text).join());
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});
