export * from './languages.ts';
export * from './translation.ts';
export * from './fill-template.ts';
export { translateMessage } from './translate-message.ts';
export { enScreens } from './en/screens.ts';
export { en } from './en/index.ts';
export type Catalogue = typeof import('./en/index.ts').en;
