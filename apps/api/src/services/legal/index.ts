export { getLegal } from './get-legal.ts';
