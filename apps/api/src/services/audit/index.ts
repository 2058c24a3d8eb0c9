export { recordAudit } from './record-audit.ts';
