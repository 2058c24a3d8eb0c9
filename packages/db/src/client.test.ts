import { describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';

describe('createDatabase on PGlite', () => {
  it('starts from a dump when given one (the api tests start every file from the migrated template this way)', async () => {
    const source = await createDatabase({});
    await source.exec(`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('from the dump')`);
    const dump = await source.pglite!.dumpDataDir('none');
    await source.close();

    const copy = await createDatabase({ loadDataDir: dump });
    try {
      expect((await copy.pglite!.query(`SELECT note FROM kept`)).rows).toEqual([{ note: 'from the dump' }]);
    } finally {
      await copy.close();
    }
  }, 30_000);
});
