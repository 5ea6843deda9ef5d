/**
 * Security headers on pages and API (server/plugins/security-headers.ts): a CSP without eval or
 * inline script, no framing by other sites, nosniff, no referrer, and HSTS only over TLS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    database = await makeDatabase();
    dist = mkdtempSync(join(tmpdir(), 'tessera-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    // Behind a proxy that terminates TLS (X-Forwarded-Proto is trusted from loopback only).
    t = await startTestApp(database, { distDir: dist, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const directives = (csp: unknown) =>
    new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );

  describe.each([
    ['a page', '/demo/common/123'],
    ['the API', '/api/auth/getPicCode?identify=demo'],
    ['an unknown API path', '/api/nope'],
  ])('%s', (_what, url) => {
    it('carries the CSP, frame, sniffing and referrer headers; no HSTS over plain HTTP', async () => {
      const reply = await t.app.inject({ method: 'GET', url });
      const csp = directives(reply.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // The file preview shows PDFs from blob: URLs (only ever typed PDF, image or media).
      expect(csp.get('frame-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(String(reply.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('sends HSTS only when the request came over TLS', async () => {
    const tls = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // From an untrusted address the header is not believed.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
