import { courses } from '@app/db';
import { paiseToRupees, type CourseItem, type CourseLanguage } from '@app/contracts';
import { mediaPath } from './media-path.ts';

/** The columns a course item is built from; select these to feed `toCourseItem`. */
export const courseItemColumns = {
  id: courses.id,
  name: courses.name,
  photoPath: courses.photoPath,
  pricePaise: courses.pricePaise,
  offerPricePaise: courses.offerPricePaise,
  about: courses.about,
  videoPath: courses.videoPath,
  categoryId: courses.categoryId,
  language: courses.language,
};

export interface CourseItemRow {
  id: number;
  name: string;
  photoPath: string | null;
  pricePaise: number;
  offerPricePaise: number;
  about: string;
  videoPath: string | null;
  categoryId: number | null;
  language: string;
}

/** A course as the spec's client reads it: rupees, media paths. */
export function toCourseItem(row: CourseItemRow): CourseItem {
  return {
    id: row.id,
    name: row.name,
    photo_path: mediaPath(row.photoPath),
    price: paiseToRupees(row.pricePaise),
    offer_price: paiseToRupees(row.offerPricePaise),
    about: row.about,
    video_path: mediaPath(row.videoPath),
    category_id: row.categoryId,
    // The column's CHECK allows only these.
    language: row.language as CourseLanguage,
  };
}
