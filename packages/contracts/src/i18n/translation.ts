/** The shape of a translation: the same keys as the English catalogue, every leaf a string. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
