/**
 * Where SMS codes go. SMS_PROVIDER=console (default) writes the code to the server log — for
 * development and private deployments without a provider; buildApp announces it at start.
 * SMS_PROVIDER=aliyun sends through Aliyun SMS (aliyun.ts). Secrets are validated here and never
 * echoed in an error or log line.
 */
import { ConfigError } from '../config';
import { AliyunSmsSender, type AliyunSmsOptions } from './aliyun';

export interface SmsSender {
  readonly name: string;
  /** Sends the code; rejects when the provider refuses or cannot be reached. */
  send(mobile: string, code: string): Promise<void>;
}

export interface SmsLog {
  warn(obj: object, msg: string): void;
}

/** Writes the code to the log: the only way to read it without a provider. */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  constructor(private readonly log: SmsLog) {}

  async send(mobile: string, code: string): Promise<void> {
    this.log.warn({ mobile, smsCode: code }, 'SMS code (console provider: not sent)');
  }
}

export function loadSmsSender(env: NodeJS.ProcessEnv, log: SmsLog): SmsSender {
  const provider = env.SMS_PROVIDER?.trim() || 'console';
  if (provider === 'console') return new ConsoleSmsSender(log);
  if (provider !== 'aliyun')
    throw new ConfigError('SMS_PROVIDER', `Invalid SMS_PROVIDER="${provider}": expected console or aliyun.`);
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(name, `${name} is required with SMS_PROVIDER=aliyun.`);
    return value;
  };
  const endpoint = env.ALIYUN_SMS_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com';
  if (!/^https?:\/\/[^\s/]+\/?$/.test(endpoint))
    throw new ConfigError(
      'ALIYUN_SMS_ENDPOINT',
      `Invalid ALIYUN_SMS_ENDPOINT="${endpoint}": expected an http(s) origin.`,
    );
  const options: AliyunSmsOptions = {
    accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
    accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
    signName: need('ALIYUN_SMS_SIGN_NAME'),
    templateCode: need('ALIYUN_SMS_TEMPLATE_CODE'),
    endpoint: endpoint.replace(/\/$/, ''),
  };
  return new AliyunSmsSender(options);
}
