import { describe, expect, it } from 'vitest';
import { HostedCheckout, signFields } from './payment';

const KEY = 'merchant-key-0001';
const gateway = new HostedCheckout('https://pay.example.com/', 'm1', KEY);
const notice = (fields: Record<string, string>) => ({
  ...fields,
  sign_type: 'HMAC-SHA256',
  sign: signFields(fields, KEY),
});
const PAID = {
  merchant_id: 'm1',
  out_trade_no: 'a'.repeat(32),
  trade_no: 'T9',
  amount: '1000',
  trade_status: 'SUCCESS',
};

describe('the hosted-checkout payment protocol', () => {
  it('signs the pay address over every field, so none can be changed on the way', () => {
    const url = new URL(
      gateway.payUrl(
        {
          orderNo: 'b'.repeat(32),
          amountFen: 1234,
          subject: '充值',
          notifyUrl: 'https://x/n',
          returnUrl: 'https://x/r',
        },
        1_764_000_000_000,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://pay.example.com/pay');
    const fields = Object.fromEntries(url.searchParams.entries());
    expect(fields).toMatchObject({ amount: '1234', timestamp: '1764000000', sign_type: 'HMAC-SHA256' });
    expect(fields.sign).toBe(signFields(fields, KEY));
    expect(signFields({ ...fields, amount: '1' }, KEY)).not.toBe(fields.sign);
  });

  it('accepts a paid notice signed with the key, and nothing altered, unpaid or of another merchant', () => {
    expect(gateway.verifyNotice(notice(PAID))).toEqual({ orderNo: PAID.out_trade_no, tradeNo: 'T9', amountFen: 1000 });
    expect(gateway.verifyNotice({ ...notice(PAID), amount: '100000' })).toBeUndefined();
    expect(
      gateway.verifyNotice({ ...PAID, sign_type: 'HMAC-SHA256', sign: signFields(PAID, 'other') }),
    ).toBeUndefined();
    expect(gateway.verifyNotice({ ...notice(PAID), sign_type: 'MD5' })).toBeUndefined();
    expect(gateway.verifyNotice(notice({ ...PAID, trade_status: 'WAIT' }))).toBeUndefined();
    expect(gateway.verifyNotice(notice({ ...PAID, merchant_id: 'm2' }))).toBeUndefined();
    expect(gateway.verifyNotice(notice({ ...PAID, amount: '-5' }))).toBeUndefined();
    expect(gateway.verifyNotice({ ...PAID })).toBeUndefined();
  });
});
