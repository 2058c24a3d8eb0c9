import { describe, expect, it } from 'vitest';
import { fieldChanges } from './change-summary';

describe('fieldChanges', () => {
  it('lists the fields of after whose values differ, nested values compared whole', () => {
    expect(
      fieldChanges(
        { id: 1, is_published: false, price: 499, tags: ['a'], amount: 299 },
        { id: 1, is_published: true, price: 499, tags: ['a', 'b'], photo_path: '/media/x.png' },
      ),
    ).toEqual([
      { field: 'is_published', from: false, to: true },
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
      { field: 'photo_path', from: undefined, to: '/media/x.png' },
    ]);
  });

  it('has nothing to compare when either side is not a record', () => {
    expect(fieldChanges(null, { id: 1 })).toEqual([]);
    expect(fieldChanges({ id: 1 }, 'deleted')).toEqual([]);
  });
});
