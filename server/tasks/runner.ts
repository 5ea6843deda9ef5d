/**
 * Keeps this instance's scheduler in step with the Task page (docs/scheduler.md "The Task page"):
 * every enabled task is put on the scheduler at start, and a save or delete on any instance
 * (`task.changed` over the bus) reschedules or drops it here. Each instance runs the same timers;
 * the lease makes one of them run each tick.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import type { Scheduler } from '../scheduler/index';
import { definitionOf, leaseName, type TaskDeps } from './actions';
import type { TaskStore } from './store';

export class TaskRunner {
  constructor(
    private readonly ctx: ServerContext,
    private readonly scheduler: Scheduler,
    private readonly store: TaskStore,
    private readonly deps: TaskDeps,
  ) {}

  /** Schedules the stored enabled tasks now, and follows changes from every instance. */
  listen(app: FastifyInstance): void {
    const stop = this.ctx.bus.subscribe('task.changed', (event) => {
      this.sync(event.taskId).catch((error: unknown) =>
        app.log.error({ err: error, task: event.taskId }, 'scheduled task not rescheduled'),
      );
    });
    app.addHook('onClose', async () => stop());
    app.addHook('onReady', async () => {
      // Not awaited: a slow database never holds the start; a failure is logged.
      void this.loadAll().catch((error: unknown) => app.log.error({ err: error }, 'scheduled tasks not loaded'));
    });
  }

  private async loadAll(): Promise<void> {
    for (const row of await this.store.enabled()) await this.scheduler.put(definitionOf(this.ctx, this.deps, row));
  }

  /** Reschedules one task as stored now (or drops it: deleted or disabled). */
  async sync(taskId: string): Promise<void> {
    const row = await this.store.find(taskId);
    if (!row || Number(row.enabled) !== 1) this.scheduler.remove(leaseName(taskId));
    else await this.scheduler.put(definitionOf(this.ctx, this.deps, row));
  }
}
