import { describe, expect, it } from 'vitest';
import { makeWellFormed } from './well-formed-text.ts';

describe('makeWellFormed', () => {
  it('replaces lone surrogates in every string of objects and arrays, keeps the rest', () => {
    const body = { a: 'x\ud800y', b: ['\udc00', 'ok', { c: 'fine 😀', d: '\ud83d' }], n: 1, z: null };
    makeWellFormed(body);
    expect(body).toEqual({ a: 'x\ufffdy', b: ['\ufffd', 'ok', { c: 'fine 😀', d: '\ufffd' }], n: 1, z: null });
  });

  it('walks a body nested deeper than the call stack would allow', () => {
    const depth = 200_000;
    const body: unknown[] = [];
    let node = body;
    for (let i = 0; i < depth; i++) {
      const next: unknown[] = [];
      node.push(next);
      node = next;
    }
    node.push('\ud800');
    makeWellFormed(body);
    expect(node[0]).toBe('\ufffd');
  });
});
