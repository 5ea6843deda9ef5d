/**
 * A fake Qiniu form-upload endpoint on loopback, strict the way Qiniu is: the upload token
 * `AccessKey:sign:encodedPutPolicy` must carry a known access key, an HMAC-SHA1 signature of the
 * encoded policy under that key's secret, a deadline in the future and a scope naming a known
 * bucket; fsizeLimit, saveKey/forceSaveKey and insertOnly are honoured. Answers like Qiniu: 200
 * with the expanded returnBody, 401 {error} for a bad token, 413 for too large, 614 if the key exists.
 * It also serves private downloads (GET /<key>?e=&token=AK:sign over the URL) and deletes
 * (POST /delete/<urlsafe bucket:key> with `Authorization: QBox AK:sign(path\n)`), one bucket host.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

export interface StoredObject {
  bucket: string;
  key: string;
  data: Buffer;
}

export interface FakeQiniu {
  url: string;
  objects: Map<string, StoredObject>;
  /** Every upload attempt's outcome (status), in order. */
  attempts: number[];
  close(): Promise<void>;
}

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const fromB64 = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

interface Policy {
  scope?: unknown;
  deadline?: unknown;
  saveKey?: unknown;
  forceSaveKey?: unknown;
  insertOnly?: unknown;
  fsizeLimit?: unknown;
  returnBody?: unknown;
}

export async function startFakeQiniu(options: {
  keys: Record<string, string>;
  buckets: string[];
  now?: () => number;
}): Promise<FakeQiniu> {
  const objects = new Map<string, StoredObject>();
  const attempts: number[] = [];
  const now = options.now ?? Date.now;
  const app = Fastify({ logger: false });
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024 } });
  // Management calls carry an (empty) form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  /** Qiniu's own statuses (612, 614) are outside what Fastify's reply accepts: write them raw. */
  const raw = (reply: import('fastify').FastifyReply, status: number, body: unknown) => {
    reply.hijack();
    reply.raw.writeHead(status, { 'content-type': 'application/json' });
    reply.raw.end(JSON.stringify(body));
    return reply;
  };

  function verify(token: string): Policy | string {
    const parts = token.split(':');
    if (parts.length !== 3) return 'bad token';
    const [accessKey, sign, encodedPolicy] = parts;
    const secret = options.keys[accessKey];
    if (!secret) return 'bad token';
    const expected = Buffer.from(b64(createHmac('sha1', secret).update(encodedPolicy).digest()));
    const given = Buffer.from(sign);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad token';
    let policy: Policy;
    try {
      policy = JSON.parse(fromB64(encodedPolicy).toString('utf8'));
    } catch {
      return 'bad token';
    }
    if (typeof policy.deadline !== 'number' || policy.deadline * 1000 < now()) return 'expired token';
    const bucket = typeof policy.scope === 'string' ? policy.scope.split(':')[0] : '';
    if (!options.buckets.includes(bucket)) return 'no such bucket';
    return policy;
  }

  app.post('/', async (request, reply) => {
    const fields: Record<string, string> = {};
    let file: { name: string; data: Buffer } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { name: part.filename, data: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
    const answer = (status: number, body: unknown) => {
      attempts.push(status);
      return raw(reply, status, body);
    };
    const policy = verify(fields.token ?? '');
    if (typeof policy === 'string') return answer(401, { error: policy });
    if (!file) return answer(400, { error: 'file is empty' });
    if (typeof policy.fsizeLimit === 'number' && file.data.length > policy.fsizeLimit) {
      return answer(413, { error: 'file exceeds the size limit' });
    }
    const bucket = String(policy.scope).split(':')[0];
    const etag = createHash('sha1').update(file.data).digest('hex');
    const dot = file.name.lastIndexOf('.');
    const ext = dot > 0 ? file.name.slice(dot) : '';
    const saved =
      typeof policy.saveKey === 'string' ? policy.saveKey.replace('$(etag)', etag).replace('$(ext)', ext) : undefined;
    const key = policy.forceSaveKey && saved ? saved : (fields.key ?? saved ?? etag);
    const id = `${bucket}/${key}`;
    if (objects.has(id) && policy.insertOnly) return answer(614, { error: 'file exists' });
    objects.set(id, { bucket, key, data: file.data });
    const template = typeof policy.returnBody === 'string' ? policy.returnBody : '{"hash":"$(etag)","key":"$(key)"}';
    const body = template
      .replace(/\$\(key\)/g, key)
      .replace(/\$\(etag\)/g, etag)
      .replace(/\$\(fsize\)/g, String(file.data.length))
      .replace(/\$\(bucket\)/g, bucket);
    attempts.push(200);
    return reply.status(200).header('content-type', 'application/json').send(body);
  });

  const signOk = (accessKey: string, sign: string, text: string) => {
    const secret = options.keys[accessKey];
    if (!secret) return false;
    const expected = Buffer.from(b64(createHmac('sha1', secret).update(text).digest()));
    const given = Buffer.from(sign);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  app.get('/*', async (request, reply) => {
    const at = request.url.lastIndexOf('&token=');
    // The URL as the client signed it, with the host it used (a relay in front of the fake included).
    const origin = request.headers.host ? `http://${request.headers.host}` : url;
    const signed = at < 0 ? '' : `${origin}${request.url.slice(0, at)}`;
    const [accessKey = '', sign = ''] = at < 0 ? [] : request.url.slice(at + 7).split(':');
    const e = Number(new URL(signed || 'http://x/').searchParams.get('e'));
    if (!signed || !signOk(accessKey, sign, signed)) return reply.status(401).send({ error: 'bad token' });
    if (!(e * 1000 >= now())) return reply.status(401).send({ error: 'token out of date' });
    const key = decodeURIComponent(request.url.slice(1).split('?')[0]);
    const found = [...objects.values()].find((o) => o.key === key);
    if (!found) return reply.status(404).send({ error: 'Document not found' });
    return reply.header('content-type', 'application/octet-stream').send(found.data);
  });

  app.post('/delete/:entry', async (request, reply) => {
    const path = request.url;
    const [scheme, credentials = ''] = String(request.headers.authorization ?? '').split(' ');
    const [accessKey = '', sign = ''] = credentials.split(':');
    if (scheme !== 'QBox' || !signOk(accessKey, sign, `${path}\n`))
      return reply.status(401).send({ error: 'bad token' });
    const entry = fromB64((request.params as { entry: string }).entry).toString('utf8');
    if (!objects.delete(entry.replace(':', '/'))) return raw(reply, 612, { error: 'no such file or directory' });
    return reply.status(200).send({});
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, objects, attempts, close: () => app.close() };
}
