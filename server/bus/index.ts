/** Builds the server's event bus: Redis when REDIS_URL is set, in-process otherwise. */
import { LocalBus } from './local';
import { RedisBus } from './redis';
import type { BusLog, EventBus } from './types';

export type { Delivery, EventBus, Handler } from './types';

export async function createBus(options: { redisUrl?: string; tablePrefix: string; log: BusLog }): Promise<EventBus> {
  if (!options.redisUrl) return new LocalBus(options.log);
  return RedisBus.connect(options.redisUrl, options.tablePrefix, options.log);
}
