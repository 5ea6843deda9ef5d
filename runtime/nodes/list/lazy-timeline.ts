/**
 * The record's approval timeline under its detail (runtime/nodes/flows, docs/workflow.md), fetched
 * when a detail view first opens: apart from lazy-parts.ts, which fetches the record modal itself.
 */
import { lazyComponent } from '../../react/lazy-component';
import type { RecordTimeline as RecordTimelineType } from '../flows/RecordTimeline';

export const RecordTimeline = lazyComponent<Parameters<typeof RecordTimelineType>[0]>(
  () => import('../flows/RecordTimeline').then((m) => m.RecordTimeline),
  () => null,
);
