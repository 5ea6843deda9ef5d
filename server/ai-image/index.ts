/**
 * The image studio's entry point for buildApp (issue 18 item 4, docs/ai.md "Image studio"): the
 * drawing services with their sealed keys, the tasks, the file API's storage for results and
 * reference images, prompt translation through the chat model, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { aiDrawProviderTable, aiDrawTaskTable } from '../db/migrations/0028-ai-image';
import { loadFilesConfig, storageFor } from '../files/library';
import { policyFromConfig } from '../net/outbound';
import { secretBoxFor } from '../secrets/secrets';
import { promptTranslator } from '../ai/translate';
import { billingFor } from '../ai/billing';
import { DrawBilling } from './draw-billing';
import { BaiduSdClient } from './baidu-sd';
import { DrawImages } from './images';
import { DrawProviderStore } from './provider-store';
import { registerStudioRoutes } from './routes';
import { TaskStore } from './task-store';
import { DrawTasks } from './tasks';

export function registerAiImage(app: FastifyInstance, ctx: ServerContext, env: NodeJS.ProcessEnv = process.env): void {
  const prefix = ctx.config.tablePrefix;
  const db = ctx.db.db;
  const box = secretBoxFor(ctx.config);
  const policy = policyFromConfig(ctx.config);
  const files = loadFilesConfig(env, ctx.config.dataDir);
  const providers = new DrawProviderStore(db, aiDrawProviderTable(prefix), box, ctx.now);
  const images = new DrawImages(db, prefix, storageFor(files, ctx.now), ctx.now);
  const tasks = new DrawTasks({
    tasks: new TaskStore(db, aiDrawTaskTable(prefix), ctx.now),
    providers,
    images,
    baidu: new BaiduSdClient(ctx.now),
    billing: new DrawBilling(billingFor(ctx), (appId) => ctx.apps.findById(appId)),
    policy,
    now: ctx.now,
    log: app.log,
  });
  // Background drawings (Baidu SD) finish or fail before the database closes.
  app.addHook('preClose', async () => tasks.settle());
  registerStudioRoutes(app, ctx, {
    tasks,
    providers,
    images,
    translator: promptTranslator(db, prefix, box, ctx.now, policy),
    policy,
  });
}
