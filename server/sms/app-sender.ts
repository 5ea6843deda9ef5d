/**
 * The sender an app's sign-in codes go through: the app's own provider settings and the template of
 * the scene from the sms page (docs/sms.md) when both are saved, else the server's environment
 * sender (SMS_PROVIDER, sender.ts). The provider endpoint passes the SSRF guard before each send.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context';
import { smsTables } from '../db/migrations/0018-sms-admin';
import { checkTarget, policyFromConfig, type OutboundPolicy } from '../net/outbound';
import { secretBoxFor, type SecretBox } from '../secrets/secrets';
import { AliyunSmsSender } from './aliyun';
import { DEFAULT_ENDPOINT, SmsAdminStore } from './admin-store';
import type { SmsSender } from './sender';

export interface AppSender {
  sender: SmsSender;
  templateCode: string | null;
}

export class AppSmsSenders {
  private readonly store: SmsAdminStore;
  private readonly tables: ReturnType<typeof smsTables>;

  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
    box: SecretBox,
    private readonly policy: OutboundPolicy,
    private readonly fallback: SmsSender,
    now: () => number,
  ) {
    this.store = new SmsAdminStore(db, prefix, smsTables(prefix), box, now);
    this.tables = smsTables(prefix);
  }

  /** The app's configured Aliyun sender for this scene, or the environment's sender. */
  async forScene(appId: string, scene: string): Promise<AppSender> {
    const setting = await this.store.activeSetting(appId);
    const template = setting
      ? await this.db
          .selectFrom(this.tables.template)
          .select('template_code')
          .where('app_id', '=', appId)
          .where('scene', '=', scene === 'forget' ? 'forgetPwd' : scene)
          .executeTakeFirst()
      : undefined;
    if (!setting || !template) return { sender: this.fallback, templateCode: null };
    const endpoint = (setting.endpoint?.trim() || DEFAULT_ENDPOINT).replace(/\/$/, '');
    await checkTarget(endpoint, this.policy);
    const templateCode = String(template.template_code);
    const sender = new AliyunSmsSender({
      accessKeyId: setting.access_key_id,
      accessKeySecret: this.store.secretOf(setting),
      signName: setting.sign_name,
      templateCode,
      endpoint,
    });
    return { sender, templateCode };
  }
}

/** The server's resolver: its secret box and outbound policy from the settings. */
export function appSmsSenders(ctx: ServerContext, fallback: SmsSender): AppSmsSenders {
  const { config } = ctx;
  return new AppSmsSenders(
    ctx.db.db,
    config.tablePrefix,
    secretBoxFor(config),
    policyFromConfig(config),
    fallback,
    ctx.now,
  );
}
