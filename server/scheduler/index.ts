/** The scheduler seam: a lease-backed cron runner shared by every feature that schedules work. */
export { LeaseStore, MAX_OUTPUT_CHARS, type RunRecord, type RunStatus } from './lease';
export { checkCron, previousTick, MIN_INTERVAL_MS, type CronCheck } from './cron';
export { LEASE_MARGIN_MS, Scheduler, type FireResult, type SchedulerLog, type TaskDefinition } from './scheduler';
