/** Aliyun RPC signing against the documented example, and the SMS provider configuration. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { canonicalQuery, percentEncode, rpcSignature } from './aliyun';
import { ConsoleSmsSender, loadSmsSender } from './sender';

describe('Aliyun RPC signature', () => {
  it("reproduces the signature of Aliyun's documented DescribeRegions example", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes everything but unreserved characters, space as %20, and sorts by name', () => {
    expect(percentEncode("a b*c~d!e'(f)+/中")).toBe('a%20b%2Ac~d%21e%27%28f%29%2B%2F%E4%B8%AD');
    expect(canonicalQuery({ b: '2', a: '{"code":"1"}' })).toBe('a=%7B%22code%22%3A%221%22%7D&b=2');
  });
});

describe('loadSmsSender', () => {
  const log = { warn: () => undefined };
  it('defaults to the console sender, which writes the code to the log', async () => {
    const lines: object[] = [];
    const sender = loadSmsSender({}, { warn: (obj) => lines.push(obj) });
    expect(sender).toBeInstanceOf(ConsoleSmsSender);
    await sender.send('13900000000', '123456');
    expect(lines).toEqual([{ mobile: '13900000000', smsCode: '123456' }]);
  });

  it('names the missing variable for aliyun and never echoes the secret', () => {
    const env = { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 's3cr3t' };
    const error = (() => {
      try {
        loadSmsSender(env, log);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.variable).toBe('ALIYUN_SMS_SIGN_NAME');
    expect(error?.message).not.toContain('s3cr3t');
    expect(() => loadSmsSender({ SMS_PROVIDER: 'carrier-pigeon' }, log)).toThrow(/SMS_PROVIDER/);
  });

  it('builds the aliyun sender with all four values', () => {
    const sender = loadSmsSender(
      {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: 'Sign',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      },
      log,
    );
    expect(sender.name).toBe('aliyun');
  });
});
