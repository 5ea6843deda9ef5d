/**
 * The payment provider behind a top-up (docs/ai.md "Quota, pay mode and recharge"). A provider is
 * two things: the address the user's browser is sent to for paying an order, and the check of the
 * provider's callback saying an order was paid. One implementation, `HostedCheckout`, speaks the
 * redirect-and-notify protocol of the common aggregated gateways (易支付-style `submit` + `notify`),
 * signed with HMAC-SHA256 instead of their MD5:
 *
 *   browser → {gateway}/pay?merchant_id&out_trade_no&amount&subject&notify_url&return_url&timestamp
 *                           &sign_type=HMAC-SHA256&sign
 *   gateway → POST {notify_url}  JSON { merchant_id, out_trade_no, trade_no, amount, trade_status,
 *                                       timestamp, sign_type, sign }     answered with text `success`
 *
 * `amount` is in fen (hundredths), an integer. `sign` is the lowercase hex HMAC-SHA256, under the
 * merchant key, of every other non-empty field as `k=v` joined by `&` in key order. A loopback fake
 * of the gateway is tests/fakes/payment/server.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PayOrder {
  orderNo: string;
  /** Hundredths of the currency unit. */
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
}

export interface PaidNotice {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
}

export interface PaymentProvider {
  /** Where the user's browser goes to pay the order. */
  payUrl(order: PayOrder, now: number): string;
  /** A paid order from the provider's callback; undefined when it is not signed by the provider or not paid. */
  verifyNotice(body: Record<string, unknown>): PaidNotice | undefined;
}

export const SIGN_TYPE = 'HMAC-SHA256';

/** The signature of `fields` (every non-empty field but sign and sign_type) under `key`. */
export function signFields(fields: Record<string, unknown>, key: string): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type')
    .filter((name) => fields[name] !== undefined && fields[name] !== null && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${String(fields[name])}`)
    .join('&');
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected));
}

export class HostedCheckout implements PaymentProvider {
  constructor(
    private readonly gatewayUrl: string,
    private readonly merchantId: string,
    private readonly key: string,
  ) {}

  payUrl(order: PayOrder, now: number): string {
    const fields: Record<string, string> = {
      merchant_id: this.merchantId,
      out_trade_no: order.orderNo,
      amount: String(order.amountFen),
      subject: order.subject,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      timestamp: String(Math.floor(now / 1000)),
    };
    const url = new URL(`${this.gatewayUrl.replace(/\/+$/, '')}/pay`);
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
    url.searchParams.set('sign_type', SIGN_TYPE);
    url.searchParams.set('sign', signFields(fields, this.key));
    return url.toString();
  }

  verifyNotice(body: Record<string, unknown>): PaidNotice | undefined {
    if (body.sign_type !== SIGN_TYPE || !sameSignature(body.sign, signFields(body, this.key))) return undefined;
    if (String(body.merchant_id) !== this.merchantId || body.trade_status !== 'SUCCESS') return undefined;
    const amountFen = Number(body.amount);
    if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return undefined;
    return { orderNo: String(body.out_trade_no), tradeNo: String(body.trade_no ?? '').slice(0, 64), amountFen };
  }
}
