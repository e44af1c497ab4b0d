// The ai module's public entry: AI usage, for the admin portal.
export { listUsageByUser, monthPeriod } from './usage';
