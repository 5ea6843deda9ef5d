import { describe, expect, it } from 'vitest';
import { changedFields, diffMarkdown } from './diff';
import { isSecretKey, MAX_TEXT, REDACTED, redact } from './redact';

describe('redact', () => {
  it('replaces the values of secret-named keys at any depth, in objects, arrays and JSON text', () => {
    const input = {
      name: '张三',
      password: 'Secret#1',
      newPwd: 'x',
      access_token: 'tok',
      smsCode: '123456',
      upload_config: JSON.stringify({ bucket: 'b', accessKey: 'AK', secretKey: 'SK' }),
      ai_config: { model: 'm', apiKey: 'k', nested: [{ client_secret: 's', label: 'l' }] },
      private_key: 'pk',
      password_hash: 'scrypt$…',
    };
    const out = redact(input) as Record<string, unknown>;
    expect(out).toMatchObject({
      name: '张三',
      password: REDACTED,
      newPwd: REDACTED,
      access_token: REDACTED,
      smsCode: REDACTED,
      ai_config: { model: 'm', apiKey: REDACTED, nested: [{ client_secret: REDACTED, label: 'l' }] },
      private_key: REDACTED,
      password_hash: REDACTED,
    });
    expect(JSON.parse(out.upload_config as string)).toEqual({ bucket: 'b', accessKey: REDACTED, secretKey: REDACTED });
    expect(JSON.stringify(out)).not.toMatch(/Secret#1|"tok"|123456|"AK"|"SK"|"k"|"pk"|scrypt/);
  });

  it('keeps public keys whose name has a secret word, and empty secrets empty', () => {
    expect(isSecretKey('dict_code')).toBe(false);
    expect(isSecretKey('public_key')).toBe(false);
    expect(isSecretKey('keyword')).toBe(false);
    expect(isSecretKey('signed_at')).toBe(false);
    expect(isSecretKey('apikey')).toBe(true);
    expect(redact({ password: null, token: '' })).toEqual({ password: null, token: '' });
  });

  it('cuts long text', () => {
    const out = redact({ remark: 'x'.repeat(MAX_TEXT + 50) }) as { remark: string };
    expect(out.remark).toHaveLength(MAX_TEXT + 1);
  });
});

describe('diff', () => {
  it('lists only the fields that changed, without the record’s own columns, as a markdown table', () => {
    const changes = changedFields(
      { id: '1', name: 'A', level: 'vip', update_at: 1 },
      { id: '1', name: 'B|C', level: 'vip', update_at: 2 },
    );
    expect(changes).toEqual([{ key: 'name', before: 'A', after: 'B|C' }]);
    const text = diffMarkdown(changes, (key) => (key === 'name' ? '名称' : key));
    expect(text?.split('\n')[2]).toBe('| 名称 (name) | A | B\\|C |');
  });

  it('shows empty sides as a dash and answers nothing when nothing changed', () => {
    expect(diffMarkdown(changedFields(undefined, { name: 'A' }))?.split('\n')[2]).toBe('| name | — | A |');
    expect(diffMarkdown(changedFields({ a: 1 }, { a: 1 }))).toBeUndefined();
  });

  it('has no % (the markdown widget URI-decodes its value) and no raw HTML', () => {
    const text = diffMarkdown(changedFields({ rate: '50%' }, { rate: '<b>75%25</b>' }))!;
    expect(text).not.toContain('%');
    expect(decodeURIComponent(text)).toBe(text);
    expect(text.split('\n')[2]).toBe('| rate | 50&#37; | &lt;b>75&#37;25&lt;/b> |');
  });
});
