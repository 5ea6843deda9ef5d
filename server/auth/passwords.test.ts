import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a per-user salt, and verifies', async () => {
    const a = await hashPassword('Tessera@2026');
    const b = await hashPassword('Tessera@2026');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Tessera@2026', a)).toBe(true);
    expect(await verifyPassword('Tessera@2027', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('refuses stored values that are not scrypt hashes', async () => {
    for (const stored of [null, undefined, '', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('treats the same password in another Unicode form as the same', async () => {
    const hash = await hashPassword('Ｔｅｓｔ１');
    expect(await verifyPassword('Test1', hash)).toBe(true);
  });

  it('always fails the dummy check', async () => {
    expect(await verifyDummy('anything')).toBe(false);
  });
});
