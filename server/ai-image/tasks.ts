/**
 * The drawing tasks' life (ai-and-widgets §4 "Draw task status", docs/ai.md "Image studio"):
 *   WAIT (submitted, queued) → RUNNING (a percent schedule) → SUCCESS (images stored) / FAIL.
 * - Midjourney: the submit call answers a provider task id; each progress poll of the browser
 *   (every 2 s) fetches the provider's task once, and its SUCCESS downloads the grid through the SSRF
 *   guard and stores it with thumbnails before the task says SUCCESS (one poll does it: the others
 *   wait for it). A provider FAILURE becomes FAIL with its reason.
 * - Baidu SD-XL draws synchronously: the task is stored WAIT and the call runs in the background,
 *   RUNNING while it lasts, then SUCCESS with every image or FAIL.
 * A task unfinished after STALE_MS (a provider that forgot it, a restart during a Baidu call) fails.
 * A refused submit stores nothing: the user sees why and no task appears.
 * Billing (draw-billing.ts): reserved before the provider is called, charged per delivered image in
 * the transaction that stores SUCCESS, released when the task fails or the submit is refused.
 */
import { translate } from '../../protocol/messages';
import type { Lang } from '../../protocol/constants';
import {
  CHANGE_KEYS,
  DRAW_LIMITS,
  DRAW_TYPE_OF_KEY,
  type DrawApiKey,
  type DrawForm,
  type DrawProgress,
} from '../../protocol/ai-image';
import { newId } from '../db/ids';
import { ApiError, badRequest } from '../errors';
import { guardedFetch, type OutboundPolicy } from '../net/outbound';
import type { BaiduSdClient } from './baidu-sd';
import type { DrawBilling } from './draw-billing';
import type { DrawImages, StoredImage } from './images';
import { change, fetchTask, imagine } from './midjourney';
import { mjPrompt, oneLine, sdRequest } from './prompt';
import type { DrawProviderStore } from './provider-store';
import { ACTIVE, TaskStore, taskView, type Owner, type TaskRow } from './task-store';

export const STALE_MS = 30 * 60_000;
const DAY_MS = 86_400_000;
/** Results are downloaded up to this size (a 2048² PNG grid is ~8 MB). */
const RESULT_MAX_BYTES = 40 * 1024 * 1024;

export interface ChangeBody {
  originalTaskDrawId: string;
  drawType: 'MJ';
  index: number;
}

export interface TaskDeps {
  tasks: TaskStore;
  providers: DrawProviderStore;
  images: DrawImages;
  baidu: BaiduSdClient;
  billing: DrawBilling;
  policy: OutboundPolicy;
  now: () => number;
  log: { error(obj: object, msg: string): void };
}

const reasonOf = (error: unknown, lang: Lang) =>
  (error instanceof ApiError ? translate(lang, error.key, error.vars) : translate(lang, 'aiImg.failedUnknown')).slice(
    0,
    500,
  );

export class DrawTasks {
  /** Finishing work in flight in this process, by task id (polls of one task share it). */
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: TaskDeps) {}

  /** Waits for background work (the app closing; tests). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async checkLimits(owner: Owner): Promise<void> {
    const now = this.deps.now();
    const { active, today } = await this.deps.tasks.counts(owner, now - (now % DAY_MS));
    if (active >= DRAW_LIMITS.activePerUser)
      throw badRequest('aiImg.tooManyActive', { max: DRAW_LIMITS.activePerUser });
    if (today >= DRAW_LIMITS.dailyPerUser) throw badRequest('aiImg.dailyLimit', { max: DRAW_LIMITS.dailyPerUser });
  }

  async create(owner: Owner, key: DrawApiKey, body: DrawForm | ChangeBody, lang: Lang): Promise<TaskRow> {
    await this.checkLimits(owner);
    if (CHANGE_KEYS.includes(key)) return this.createChange(owner, key, body as ChangeBody);
    const form = body as DrawForm;
    if (form.drawType !== DRAW_TYPE_OF_KEY[key]) throw badRequest('aiImg.modelUnsupported');
    const prompt = oneLine(form.prompt);
    const baseImg = (form.baseImg ?? '').trim();
    if (!prompt && !baseImg) throw badRequest('aiImg.promptOrImage');
    const request = JSON.stringify({ ...form, prompt, baseImg });
    if (form.drawType === 'BAIDU_SD') {
      if (baseImg) throw badRequest('aiImg.sdNoReference');
      if (!prompt) throw badRequest('aiImg.promptOrImage');
      const provider = await this.deps.providers.usable(owner.appId, 'BAIDU_SD');
      const sd = sdRequest(form);
      const row = await this.billed(owner, provider, sd.n, (id) =>
        this.deps.tasks.insert(
          owner,
          { draw_type: 'BAIDU_SD', draw_api_key: key, request_param: request, prompt: JSON.stringify(sd) },
          id,
        ),
      );
      void this.track(row.id, this.runSd(owner, row, provider.id, lang));
      return row;
    }
    if (key === 'mj_img2img' && !baseImg) throw badRequest('aiImg.referenceMissing');
    if ((form.n ?? 1) !== 1) throw badRequest('aiImg.countSdOnly');
    const provider = await this.deps.providers.usable(owner.appId, 'MJ');
    const text = mjPrompt({ ...form, prompt });
    // A grid is one image.
    return this.billed(owner, provider, 1, async (id) => {
      const references = baseImg ? [await this.deps.images.referenceDataUri(owner.appId, baseImg)] : [];
      const upstream = await imagine(this.deps.providers.mjTarget(provider), text, references, this.deps.policy);
      return this.deps.tasks.insert(
        owner,
        { draw_type: 'MJ', draw_api_key: key, request_param: request, prompt: text, upstream_id: upstream },
        id,
      );
    });
  }

  /**
   * Quota and balance for `images` before `submit` reaches the provider; the reservation is freed
   * when the submit fails (nothing stored, nothing charged).
   */
  private async billed(
    owner: Owner,
    provider: { id: string; label: string },
    images: number,
    submit: (taskId: string) => Promise<TaskRow>,
  ): Promise<TaskRow> {
    const id = newId();
    await this.deps.billing.reserve(owner, provider, images, id);
    try {
      return await submit(id);
    } catch (error) {
      await this.deps.billing.release(owner, id);
      throw error;
    }
  }

  /** Ends a task in FAIL; the write that ended it frees its reservation (a failed drawing is free). */
  private async fail(owner: Owner, id: string, reason: string): Promise<void> {
    if (await this.deps.tasks.advance(owner, id, { status: 'FAIL', fail_reason: reason }))
      await this.deps.billing.release(owner, id);
  }

  private async createChange(owner: Owner, key: DrawApiKey, body: ChangeBody): Promise<TaskRow> {
    if (body.drawType !== 'MJ') throw badRequest('aiImg.modelUnsupported');
    const origin = await this.deps.tasks.get(owner, body.originalTaskDrawId);
    if (
      origin.draw_type !== 'MJ' ||
      origin.draw_api_key === 'mj_u' ||
      origin.status !== 'SUCCESS' ||
      !origin.upstream_id
    )
      throw badRequest('aiImg.changeNotGrid');
    const provider = await this.deps.providers.usable(owner.appId, 'MJ');
    const action = key === 'mj_u' ? 'UPSCALE' : 'VARIATION';
    const upstreamId = origin.upstream_id;
    return this.billed(owner, provider, 1, async (id) => {
      const upstream = await change(
        this.deps.providers.mjTarget(provider),
        upstreamId,
        action,
        body.index,
        this.deps.policy,
      );
      return this.deps.tasks.insert(
        owner,
        {
          draw_type: 'MJ',
          draw_api_key: key,
          request_param: JSON.stringify(body),
          prompt: `${origin.prompt ?? ''} (${action === 'UPSCALE' ? 'U' : 'V'}${body.index})`.trim(),
          upstream_id: upstream,
          origin_task_id: origin.id,
          task_index: body.index,
        },
        id,
      );
    });
  }

  private track(id: string, work: Promise<void>): Promise<void> {
    const done = work.finally(() => this.running.delete(id));
    this.running.set(id, done);
    return done;
  }

  private async runSd(owner: Owner, row: TaskRow, providerId: string, lang: Lang): Promise<void> {
    const { tasks, providers, images, baidu, billing, policy } = this.deps;
    const stored: StoredImage[] = [];
    try {
      await tasks.advance(owner, row.id, { status: 'RUNNING', progress: '10%' });
      const provider = await providers.get(owner.appId, providerId);
      const drawn = await baidu.draw(providers.sdTarget(provider), JSON.parse(row.prompt ?? '{}'), policy);
      for (const [i, bytes] of drawn.entries())
        stored.push(await images.storeResult(owner.appId, owner.userId, bytes, `draw-${row.id}-${i + 1}`));
      const won = await tasks.advance(
        owner,
        row.id,
        { status: 'SUCCESS', progress: '100%', images: JSON.stringify(stored) },
        await billing.chargeWith(owner, row.id, stored.length),
      );
      if (!won)
        await images.remove(
          owner.appId,
          stored.flatMap((s) => [s.file, s.thumb300, s.thumb100]),
        );
    } catch (error) {
      await images.remove(
        owner.appId,
        stored.flatMap((s) => [s.file, s.thumb300, s.thumb100]),
      );
      this.deps.log.error({ err: error, task: row.id }, 'a Baidu SD drawing failed');
      await this.fail(owner, row.id, reasonOf(error, lang)).catch(() => undefined);
    }
  }

  /**
   * The progress call: moves an unfinished MJ task on from the provider's answer, and answers the
   * spec's list of progress entries — none while queued, then one (the last counts).
   */
  async progress(owner: Owner, id: string, lang: Lang): Promise<DrawProgress[]> {
    let row = await this.deps.tasks.find(owner, id);
    if (ACTIVE.includes(row.status)) {
      const inFlight = this.running.get(row.id);
      if (inFlight) await inFlight.catch(() => undefined);
      else if (this.deps.now() - Number(row.create_at) > STALE_MS)
        await this.fail(owner, row.id, translate(lang, 'aiImg.timedOut'));
      else if (row.draw_type === 'MJ') await this.track(row.id, this.pollMj(owner, row, lang));
      row = await this.deps.tasks.get(owner, row.id);
    }
    // No entry while the task is still queued: any entry means it has started (§4).
    return row.status === 'WAIT' ? [] : [taskView(row).progress];
  }

  private async pollMj(owner: Owner, row: TaskRow, lang: Lang): Promise<void> {
    const { tasks, providers, images, billing, policy } = this.deps;
    let provider;
    let task;
    try {
      provider = await providers.usable(owner.appId, 'MJ');
      task = await fetchTask(providers.mjTarget(provider), row.upstream_id ?? '', policy);
    } catch (error) {
      // A provider that cannot be asked now may answer on the next poll; the task stays as it is.
      this.deps.log.error({ err: error, task: row.id }, 'a Midjourney progress check failed');
      return;
    }
    if (task.status === 'FAILURE') {
      await this.fail(owner, row.id, task.failReason || translate(lang, 'aiImg.failedUnknown'));
      return;
    }
    if (task.status === 'NOT_START' || task.status === 'SUBMITTED') return;
    if (task.status === 'IN_PROGRESS' || !task.imageUrl) {
      const percent = Math.min(99, Number.parseInt(task.progress, 10) || 0);
      await tasks.advance(owner, row.id, { status: 'RUNNING', progress: `${percent}%` });
      return;
    }
    let stored: StoredImage | undefined;
    try {
      const answer = await guardedFetch(
        task.imageUrl,
        {},
        { ...policy, maxBytes: RESULT_MAX_BYTES, timeoutMs: 60_000 },
      );
      if (answer.status !== 200) throw badRequest('aiImg.downloadFailed', { status: answer.status });
      stored = await images.storeResult(owner.appId, owner.userId, answer.body, `draw-${row.id}`);
      const won = await tasks.advance(
        owner,
        row.id,
        { status: 'SUCCESS', progress: '100%', images: JSON.stringify([stored]) },
        await billing.chargeWith(owner, row.id, 1),
      );
      if (!won) await images.remove(owner.appId, [stored.file, stored.thumb300, stored.thumb100]);
    } catch (error) {
      if (stored) await images.remove(owner.appId, [stored.file, stored.thumb300, stored.thumb100]);
      this.deps.log.error({ err: error, task: row.id }, 'a Midjourney result could not be stored');
      await this.fail(owner, row.id, reasonOf(error, lang));
    }
  }

  history(owner: Owner, page: number, size: number): Promise<TaskRow[]> {
    return this.deps.tasks.page(owner, page, size);
  }

  async remove(owner: Owner, id: string): Promise<void> {
    const row = await this.deps.tasks.get(owner, id);
    if (ACTIVE.includes(row.status) && this.deps.now() - Number(row.create_at) <= STALE_MS)
      throw badRequest('aiImg.deleteRunning');
    await this.deps.tasks.remove(owner, id);
    // A stale unfinished task deleted: its drawing never arrived, so it is not charged.
    if (ACTIVE.includes(row.status)) await this.deps.billing.release(owner, id);
    const stored = JSON.parse(row.images ?? '[]') as StoredImage[];
    await this.deps.images.remove(
      owner.appId,
      stored.flatMap((s) => [s.file, s.thumb300, s.thumb100]),
    );
  }
}
