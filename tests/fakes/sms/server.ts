/**
 * A fake Aliyun SMS endpoint (Dysmsapi RPC, SendSms) on loopback, strict the way Aliyun is: the
 * signature is recomputed here from the documented algorithm (its own encoder, not the server's),
 * and a request with an unknown AccessKeyId, a wrong signature, another SignatureMethod or
 * SignatureVersion, a Timestamp more than 15 minutes off, or a reused SignatureNonce is refused with
 * Aliyun's error codes. Accepted messages are recorded so tests can read the code "received".
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

export interface FakeAliyunSms {
  url: string;
  sent: SentSms[];
  /** Aliyun error codes answered, in order. */
  refusals: string[];
  /** When set, the next SendSms answers this business error (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  failNext?: string;
  close(): Promise<void>;
}

/** RFC 3986 encoding byte by byte: only ALPHA / DIGIT / - _ . ~ stay literal. */
function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(method: string, params: Map<string, string>, secret: string): string {
  const canonical = [...params.keys()]
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${encode(k)}=${encode(params.get(k)!)}`)
    .join('&');
  const stringToSign = `${method}&${encode('/')}&${encode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeAliyunSms(keys: Record<string, string>): Promise<FakeAliyunSms> {
  const nonces = new Set<string>();
  const state: Omit<FakeAliyunSms, 'url' | 'close'> = { sent: [], refusals: [] };

  const server = createServer(async (request, response) => {
    const answer = (status: number, body: Record<string, unknown>) => {
      if (body.Code !== 'OK') state.refusals.push(String(body.Code));
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = request.method === 'POST' ? await readBody(request) : url.search.slice(1);
    const params = new Map(new URLSearchParams(raw));
    const requestId = randomUUID();
    const secret = keys[params.get('AccessKeyId') ?? ''];
    if (!secret) return answer(404, { Code: 'InvalidAccessKeyId.NotFound', RequestId: requestId });
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0')
      return answer(400, { Code: 'InvalidSignatureMethod', RequestId: requestId });
    const given = Buffer.from(params.get('Signature') ?? '');
    const wanted = Buffer.from(expectedSignature(request.method ?? 'GET', params, secret));
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      return answer(400, { Code: 'SignatureDoesNotMatch', RequestId: requestId });
    const timestamp = params.get('Timestamp') ?? '';
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(timestamp) || Math.abs(Date.parse(timestamp) - Date.now()) > 900_000)
      return answer(400, { Code: 'InvalidTimeStamp.Expired', RequestId: requestId });
    const nonce = params.get('SignatureNonce') ?? '';
    if (!nonce || nonces.has(nonce)) return answer(400, { Code: 'SignatureNonceUsed', RequestId: requestId });
    nonces.add(nonce);
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25')
      return answer(400, { Code: 'InvalidAction.NotFound', RequestId: requestId });
    if (fake.failNext) {
      const code = fake.failNext;
      fake.failNext = undefined;
      return answer(200, { Code: code, Message: 'refused by the fake', RequestId: requestId });
    }
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? '{}');
    } catch {
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', RequestId: requestId });
    }
    state.sent.push({
      phone: params.get('PhoneNumbers') ?? '',
      signName: params.get('SignName') ?? '',
      templateCode: params.get('TemplateCode') ?? '',
      params: templateParams,
    });
    return answer(200, { Code: 'OK', Message: 'OK', BizId: randomUUID(), RequestId: requestId });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeAliyunSms = Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}
