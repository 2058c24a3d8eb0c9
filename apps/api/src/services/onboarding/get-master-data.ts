import { asc } from 'drizzle-orm';
import { countries, genders, maritalStatuses } from '@app/db';
import type { MasterData } from '@app/contracts';
import type { AppContext } from '../../context.ts';

const byName = new Intl.Collator('en');

/** GET /master: the profile form's choices (reference data from the migrations). */
export async function getMasterData(ctx: AppContext): Promise<MasterData> {
  const [countryRows, genderRows, maritalRows] = await Promise.all([
    ctx.db
      .select({ id: countries.id, country_name: countries.countryName, iso_code: countries.isoCode })
      .from(countries),
    ctx.db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(asc(genders.id)),
    ctx.db
      .select({ id: maritalStatuses.id, name: maritalStatuses.name })
      .from(maritalStatuses)
      .orderBy(asc(maritalStatuses.id)),
  ]);
  // Sorted here, not in SQL: the database's collation may be "C", which puts Åland after Zimbabwe.
  countryRows.sort((a, b) => byName.compare(a.country_name, b.country_name));
  return { countries: countryRows, genders: genderRows, maritals: maritalRows };
}
