/**
 * The envelope's own cost against its primitives (issue 20 item 5). Run:
 *   npx tsx bench/envelope-cost.bench.ts        (BENCH_ROUNDS=9, BENCH_SIZES=300,102400)
 * In one process, alternating rounds, CPU time (process.cpuUsage) per request:
 * - plain: a bare Fastify app answering POST /api/echo (the reply carries the request body back),
 *   driven by fastify.inject;
 * - sealed: the same app with server/plugins/envelope.ts, the same body sealed (pre-encrypted once,
 *   a fresh ts, nonce and HMAC per request, made before the timed loop), so every check runs:
 *   headers, key cache, signature, replay store, decryption, and the reply is encrypted and signed;
 * - primitives: the raw node:crypto work a sealed echo needs on the same bytes, one context each as
 *   a straightforward implementation would make them: HMAC-SM3 of the request's signing string,
 *   SM4-CBC decryption of the request ciphertext, SM4-CBC encryption of the reply JSON, HMAC-SM3
 *   of the reply's signing string.
 * The envelope's cost is sealed − plain (paired per round); the ratio is that over primitives, and
 * the fixed overhead is envelope − primitives. Targets: ratio ≤ 1.25x at 300 B and 100 KB, fixed
 * overhead ≤ 60 µs at 300 B. The anti-baseline is the naive design with a new SM2-wrapped key on
 * every request (one SM2 decryption each). The browser side (protocol/envelope/client.ts, pure-JS
 * sm-crypto-v2) shares no crypto code with the server and is not measured here.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { sm2 } from 'sm-crypto-v2';
import envelope from '../server/plugins/envelope';
import { ClientEnvelope } from '../protocol/envelope/client';
import { requestSignInput, responseSignInput } from '../protocol/envelope/constants';
import { NodeSealer } from './lib/node-sealer';
import { makeBody } from './lib/envelope-body';
import { fmt, median } from './lib/envelope-measure';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SIZES = (process.env.BENCH_SIZES ?? `300,${100 * 1024}`).split(',').map(Number);
const PATH = '/api/echo';
const APP = { 'x-sec-identity-id': 'bench' };
/** Requests per side per round: ~0.1–0.3 s of work each at the usual speeds. */
const batchFor = (bytes: number) => (bytes < 4096 ? 2000 : 40);

async function echoApp(privateKey: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  if (privateKey) {
    await app.register(envelope, {
      getAppKeys: async (id) => (id === 'bench' ? { privateKey, encrypt: true } : undefined),
    });
  }
  app.post(PATH, async (req) => ({ code: '200', message: 'ok', data: req.body }));
  await app.ready();
  return app;
}

/** CPU µs per item of `run` over `items`, awaited one after another. */
async function cpuPer<T>(items: T[], run: (item: T) => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (const item of items) await run(item);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / items.length;
}

async function main(): Promise<void> {
  const pair = sm2.generateKeyPairHex();
  const plainApp = await echoApp(undefined);
  const sealedApp = await echoApp(pair.privateKey);
  const sealer = new NodeSealer(pair.publicKey);
  const key = sealer.contentKey;

  console.log(
    `Envelope cost vs its primitives, echo via fastify.inject, ${ROUNDS} alternating rounds (medians), node ${process.version}, OpenSSL ${process.versions.openssl}`,
  );
  console.log(
    '| body | plain µs/req | sealed µs/req | envelope µs/req | primitives µs/req | ratio | fixed overhead µs | ≤ 1.25x? |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  const verdicts: string[] = [];
  for (const bytes of SIZES) {
    const label = bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
    const json = makeBody(bytes);
    const params = sealer.encrypt(json);
    const plainBody = Buffer.from(json);
    const sealedBody = Buffer.from(JSON.stringify({ params }));
    const n = batchFor(bytes);
    const plainRequest: InjectOptions = {
      method: 'POST',
      url: PATH,
      headers: { ...APP, 'content-type': 'application/json' },
      payload: plainBody,
    };
    const sealedBatch = (): InjectOptions[] =>
      Array.from({ length: n }, () => ({
        method: 'POST',
        url: PATH,
        headers: { ...APP, 'content-type': 'application/json', ...sealer.headers('POST', PATH, params).headers },
        payload: sealedBody,
      }));

    // Correctness first: the sealed reply, opened by the browser implementation, is the plain reply.
    const plainReply = await plainApp.inject(plainRequest);
    const probe = { ...sealer.headers('POST', PATH, params) };
    const sealedReply = await sealedApp.inject({
      method: 'POST',
      url: PATH,
      headers: { ...APP, 'content-type': 'application/json', ...probe.headers },
      payload: sealedBody,
    });
    const opened = new ClientEnvelope(pair.publicKey).openText(
      sealedReply.headers,
      sealedReply.json(),
      probe.ctx,
      sealedReply.statusCode,
    );
    if (sealedReply.statusCode !== 200 || opened !== plainReply.body) throw new Error(`${label}: probe failed`);

    // The primitives' inputs: the very bytes the envelope signs, decrypts, encrypts and signs.
    const raw = Buffer.from(params, 'base64');
    const iv = raw.subarray(0, 16);
    const cipherText = raw.subarray(16);
    const replyPlain = Buffer.from(plainReply.body);
    const replyParams = JSON.parse(sealedReply.body).params as string;
    const requestSignBytes = (nonce: string) =>
      Buffer.from(
        requestSignInput({
          method: 'POST',
          path: PATH,
          ts: String(Date.now()),
          nonce,
          queryParams: '',
          bodyParams: params,
        }),
      );
    const primitiveInputs = Array.from({ length: n }, () => {
      const nonce = randomBytes(16).toString('hex');
      return {
        sign: requestSignBytes(nonce),
        replySign: Buffer.from(responseSignInput(200, nonce, replyParams)),
        iv: randomBytes(16),
      };
    });
    const primitives = (p: (typeof primitiveInputs)[number]) => {
      createHmac('sm3', key).update(p.sign).digest();
      const d = createDecipheriv('sm4-cbc', key, iv);
      d.update(cipherText);
      d.final();
      const c = createCipheriv('sm4-cbc', key, p.iv);
      c.update(replyPlain);
      c.final();
      createHmac('sm3', key).update(p.replySign).digest();
    };

    const rounds: { plain: number; sealed: number; prim: number }[] = [];
    await cpuPer(sealedBatch().slice(0, 50), (r) => sealedApp.inject(r)); // warm-up
    await cpuPer(
      Array.from({ length: 50 }, () => plainRequest),
      (r) => plainApp.inject(r),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const batch = sealedBatch();
      const plain = await cpuPer(
        Array.from({ length: n }, () => plainRequest),
        (r) => plainApp.inject(r),
      );
      const sealed = await cpuPer(batch, (r) => sealedApp.inject(r));
      const prim = await cpuPer(primitiveInputs, primitives);
      rounds.push({ plain, sealed, prim });
    }
    const env = median(rounds.map((r) => r.sealed - r.plain));
    const prim = median(rounds.map((r) => r.prim));
    const ratio = median(rounds.map((r) => (r.sealed - r.plain) / r.prim));
    const overhead = median(rounds.map((r) => r.sealed - r.plain - r.prim));
    const met = ratio <= 1.25;
    verdicts.push(`${label}: ratio ${fmt(ratio, 2)}x ${met ? 'met' : 'NOT met'}`);
    if (bytes < 4096)
      verdicts.push(`${label}: fixed overhead ${fmt(overhead)} µs (≤ 60) ${overhead <= 60 ? 'met' : 'NOT met'}`);
    console.log(
      `| ${label} (${fmt(json.length)} chars) | ${fmt(median(rounds.map((r) => r.plain)), 1)} | ${fmt(median(rounds.map((r) => r.sealed)), 1)} | ${fmt(env, 1)} | ${fmt(prim, 1)} | ${fmt(ratio, 2)}x | ${fmt(overhead, 1)} | ${met ? 'yes' : '**no**'} |`,
    );
  }

  // Anti-baseline: a new content key per request, so one SM2 decryption on every request.
  {
    const json = makeBody(300);
    const n = 30;
    const requests = Array.from({ length: n }, () => {
      sealer.rotate();
      const params = sealer.encrypt(json);
      return {
        method: 'POST' as const,
        url: PATH,
        headers: { ...APP, 'content-type': 'application/json', ...sealer.headers('POST', PATH, params).headers },
        payload: JSON.stringify({ params }),
      };
    });
    const plain = await cpuPer(
      Array.from({ length: n }, () => ({ ...requests[0]!, headers: APP, payload: json })),
      (r) => plainApp.inject(r),
    );
    const naive = await cpuPer(requests, (r) => sealedApp.inject(r));
    console.log(
      `\nAnti-baseline, SM2 per request (300 B): ${fmt(naive - plain)} µs of envelope per request ` +
        `(${sealedApp.envelopeStats.keyUnwraps} SM2 unwraps in all)`,
    );
  }
  console.log(`\n${verdicts.join('\n')}`);
  await Promise.all([plainApp.close(), sealedApp.close()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
