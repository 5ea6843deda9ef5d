import { defineNode } from '../../core/registry';

/**
 * Scheduled tasks (issue 17 item 5, docs/scheduler.md "The Task page"): the app's cron tasks with
 * their schedule explained as next run times, what each does (call a data source, send a message,
 * send a source's rows as a report), run now and the run history. Admins only (the server refuses
 * others). A node, not a widget: it holds no form value and talks to its own API (server/tasks).
 */
export const tasksNode = defineNode({
  type: 'tasks',
  placement: 'page',
  palette: {
    title: { zh: '定时任务', en: 'Scheduled tasks' },
    icon: 'ClockCircleOutlined',
    group: 'data',
    defaults: { type: 'tasks', props: { pageSize: 10 } },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'tasks' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      props: {
        type: 'object',
        properties: { pageSize: { type: 'integer', minimum: 5, maximum: 100 } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  settings: [{ key: 'props.pageSize', title: { zh: '每页条数', en: 'Tasks per page' }, type: 'number' }],
});
