/**
 * A payment gateway on loopback speaking the hosted-checkout protocol of server/ai/payment.ts:
 *   GET  /pay?merchant_id&out_trade_no&amount&subject&notify_url&return_url&timestamp&sign_type&sign
 *        checks the signature under the merchant key and shows a pay page (amount, subject, a button)
 *   POST /pay/confirm  (the page's button) signs a notice, POSTs it as JSON to notify_url, and sends
 *        the browser to return_url once the merchant answered `success`
 * Tests drive the same steps without a browser: `pay(payUrl)` confirms an order and answers what the
 * merchant replied; `notices` keeps every notice sent, so a test can send one again (a repeated
 * callback) or alter one (a forged callback). `npm run dev:fakes` starts it too.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PAY_MERCHANT = 'm-tessera-1001';
export const FAKE_PAY_KEY = 'pay-key-9d3c71e0b54a4f28';

export interface FakePayment {
  url: string;
  merchantId: string;
  key: string;
  notices: Record<string, string>[];
  /** Confirms the order of a pay URL as the pay page's button does; answers the merchant's reply. */
  pay(payUrl: string): Promise<{ status: number; text: string }>;
  /** Posts a notice (as sent, or altered) to a notify URL again. */
  send(notifyUrl: string, notice: Record<string, string>): Promise<{ status: number; text: string }>;
  sign(fields: Record<string, string>): string;
  close(): Promise<void>;
}

function signWith(key: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePayment(
  options: { merchantId?: string; key?: string; port?: number } = {},
): Promise<FakePayment> {
  const merchantId = options.merchantId ?? FAKE_PAY_MERCHANT;
  const key = options.key ?? FAKE_PAY_KEY;
  const notices: Record<string, string>[] = [];
  const sign = (fields: Record<string, string>) => signWith(key, fields);

  const send = async (notifyUrl: string, notice: Record<string, string>) => {
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notice),
    });
    return { status: res.status, text: await res.text() };
  };

  /** The order's fields when its signature is ours, else undefined. */
  const orderOf = (params: URLSearchParams): Record<string, string> | undefined => {
    const fields = Object.fromEntries(params.entries());
    if (fields.sign_type !== 'HMAC-SHA256' || fields.merchant_id !== merchantId) return undefined;
    return fields.sign === sign(fields) ? fields : undefined;
  };

  const confirm = async (order: Record<string, string>) => {
    const notice: Record<string, string> = {
      merchant_id: merchantId,
      out_trade_no: order.out_trade_no!,
      trade_no: `T${Date.now()}${randomBytes(3).toString('hex')}`,
      amount: order.amount!,
      trade_status: 'SUCCESS',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    notice.sign_type = 'HMAC-SHA256';
    notice.sign = sign(notice);
    notices.push(notice);
    return send(order.notify_url!, notice);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/pay') {
        const order = orderOf(url.searchParams);
        if (!order) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('invalid signature');
          return;
        }
        const hidden = Object.entries(order)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('');
        const yuan = (Number(order.amount) / 100).toFixed(2);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><html><head><meta charset="utf-8"><title>Fake checkout</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:64px auto;text-align:center">
<h2>收银台 · Fake checkout</h2><p data-testid="subject">${escapeHtml(order.subject ?? '')}</p>
<p style="font-size:32px" data-testid="amount">¥ ${yuan}</p>
<form method="post" action="/pay/confirm">${hidden}<button type="submit" data-testid="pay-confirm" style="font-size:18px;padding:8px 32px">确认支付</button></form>
</body></html>`,
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/pay/confirm') {
        const order = orderOf(new URLSearchParams(await readBody(req)));
        if (!order) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('invalid signature');
          return;
        }
        const answer = await confirm(order);
        if (answer.text !== 'success') {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`merchant answered ${answer.text}`);
          return;
        }
        res.writeHead(302, { location: order.return_url! }).end();
        return;
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    merchantId,
    key,
    notices,
    sign,
    send,
    async pay(payUrl) {
      const order = orderOf(new URL(payUrl).searchParams);
      if (!order) return { status: 400, text: 'invalid signature' };
      return confirm(order);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
