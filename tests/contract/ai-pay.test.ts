/**
 * The AI settings, quota, charges and recharge (issue 18 items 2 and 5, docs/ai.md "Quota, pay
 * mode and recharge") on each database, against the loopback OpenAI-compatible fake and the
 * loopback payment gateway: ai/config admin-only and checked; pay mode 3 refusing a call the balance
 * cannot cover before anything reaches the provider; a top-up paid through the gateway credited
 * exactly once (a repeated callback credits nothing more, a forged one nothing at all); a call
 * charged its real cost with its usage record; the daily quota counted in the app's day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX as PREFIX } from '../../protocol/constants';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startFakePayment, type FakePayment } from '../fakes/payment/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const SECRET_KEY = 'c3'.repeat(32);
/** 2.000 of the unit per 1,000 tokens, in thousandths. */
const PRICE = 2000;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let gateway: FakePayment;
  let base: string;
  let admin: string;
  let operator: string;
  let other: string;
  let modelId: string;
  let slowModelId: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    gateway = await startFakePayment();
    database = await makeDatabase();
    t = await startTestApp(database, { env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signIn();
    await t.addUser('payer', 'Payer#1234', 'user');
    await t.addUser('other', 'Other#1234', 'user');
    operator = await t.signIn('payer', 'Payer#1234');
    other = await t.signIn('other', 'Other#1234');
    const model = await t.request({
      url: '/api/aiModels',
      token: admin,
      body: {
        label: 'Priced',
        provider: 'custom',
        model: 'fake-chat',
        base_url: fake.url,
        api_key: fake.key,
        is_default: 1,
        context_length: 4096,
        price_per_1k: PRICE,
      },
    });
    modelId = model.body.data.id;
    const slow = await t.request({
      url: '/api/aiModels',
      token: admin,
      body: {
        label: 'Slow priced',
        provider: 'custom',
        model: 'fake-slow',
        base_url: fake.url,
        api_key: fake.key,
        context_length: 4096,
        price_per_1k: PRICE,
      },
    });
    slowModelId = slow.body.data.id;
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
    await fake?.close();
    await gateway?.close();
  });

  const config = (body: Record<string, unknown>, token = admin, lang?: 'en') =>
    t.request({ method: 'PUT', url: '/api/ai/config/current', token, body, lang });
  const wallet = async (token = operator) =>
    (await t.request({ method: 'GET', url: '/api/ai/wallet', token })).body.data as { balance: number };
  const usage = async (token = operator) =>
    (await t.request({ method: 'GET', url: '/api/ai/usage?current=1&pageSize=10', token })).body.data;
  /** One chat call of `token` on a new session, the stream read to its end. */
  const chat = async (token: string, content: string, model = modelId) => {
    const stream = await openEventStream(base, { authorization: `Bearer ${token}` }, '/api/sse/connect');
    streams.push(stream);
    const connectId = (await stream.next()).data;
    const session = await t.request({
      url: '/api/module/session/sessioninfo/addSession',
      token,
      body: { sessionType: 'CHAT', chatModelId: model },
    });
    const reply = await t.request({
      url: '/api/module/chat/send',
      token,
      body: { connectId, sessionId: session.body.data.id, content },
      lang: 'en',
    });
    stream.abort();
    return reply;
  };

  describe('ai/config', () => {
    it('answers the defaults and saves features, pay mode, quota and the gateway (key sealed, masked)', async () => {
      const before = await t.request({ method: 'GET', url: '/api/ai/config/current', token: admin });
      expect(before.body.data).toMatchObject({ id: 'current', chat: true, draw: true, payMode: 0, dailyQuota: 0 });
      const saved = await config({
        id: 'current',
        enabled: true,
        showInNavBar: true,
        draw: false,
        payMode: 3,
        dailyQuota: 0,
        timeZone: 'Asia/Shanghai',
        payGatewayUrl: gateway.url,
        payMerchantId: gateway.merchantId,
        payKey: gateway.key,
        // The address the gateway calls back: the test's listening server (requests here are injected).
        payNotifyBase: base,
      });
      expect(saved.body.code).toBe(ResultCode.SUCCESS);
      expect(saved.body.data).toMatchObject({ payMode: 3, draw: false, payKey: '', payKeySet: true });
      expect(saved.body.data.payKeyMask).toBe(`••••${gateway.key.slice(-4)}`);
      expect(JSON.stringify(saved.body.data)).not.toContain(gateway.key);
      const stored = await t.db.db
        .selectFrom(`${PREFIX}ai_pay_config`)
        .select('secret')
        .where('app_id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      expect(String(stored.secret)).not.toContain(gateway.key);
      // The top bar reads the app info every signed-in user gets: pay mode 3, draw off, no key.
      const info = await t.request({ method: 'GET', url: '/api/app/demo', token: operator });
      expect(info.body.data.ai_config).toMatchObject({ enabled: true, showInNavBar: true, draw: false, payMode: 3 });
      expect(JSON.stringify(info.body.data)).not.toContain(gateway.key);
      // An empty key on a later save keeps the stored one.
      const again = await config({ payKey: '' });
      expect(again.body.data.payKeySet).toBe(true);
    });

    it('is for admins only, and refuses a bad value naming it, changing nothing', async () => {
      const refused = await config({ payMode: 0 }, operator);
      expect(refused.body.code).toBe(ResultCode.FORBIDDEN);
      const read = await t.request({ method: 'GET', url: '/api/ai/config/current', token: operator });
      expect(read.body.code).toBe(ResultCode.FORBIDDEN);
      const zone = await config({ timeZone: 'Mars/Olympus' }, admin, 'en');
      expect(zone.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(zone.body.message).toContain('timeZone');
      expect((await config({ payMode: 2 }, admin, 'en')).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await config({ payGatewayUrl: 'javascript:alert(1)' }, admin, 'en')).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      const now = await t.request({ method: 'GET', url: '/api/ai/config/current', token: admin });
      expect(now.body.data).toMatchObject({ payMode: 3, timeZone: 'Asia/Shanghai', payGatewayUrl: gateway.url });
    });
  });

  describe('pay mode 3', () => {
    it('refuses a call the balance cannot cover, before anything reaches the provider', async () => {
      const calls = fake.calls.length;
      const reply = await chat(operator, 'Hello');
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toMatch(/^Balance too low: this call needs about \d+\.\d\d, 0\.00 is available/);
      expect(fake.calls.length).toBe(calls);
      expect((await usage()).list).toEqual([]);
    });

    it('tops up through the gateway: credited once, a repeated callback credits nothing more', async () => {
      const order = await t.request({ url: '/api/ai/recharge', token: operator, body: { amount: 10 } });
      expect(order.body.code).toBe(ResultCode.SUCCESS);
      const payUrl = new URL(order.body.data.payUrl);
      expect(`${payUrl.origin}${payUrl.pathname}`).toBe(`${gateway.url}/pay`);
      expect(payUrl.searchParams.get('amount')).toBe('1000');
      expect(payUrl.searchParams.get('notify_url')).toBe(`${base}/api/ai/pay/notify`);
      const pending = await t.request({ method: 'GET', url: '/api/ai/recharge', token: operator });
      expect(pending.body.data.list[0]).toMatchObject({ orderNo: order.body.data.orderNo, status: 'pending' });

      expect(await gateway.pay(order.body.data.payUrl)).toEqual({ status: 200, text: 'success' });
      expect((await wallet()).balance).toBe(10_000);
      const notice = gateway.notices.at(-1)!;
      expect(await gateway.send(`${base}/api/ai/pay/notify`, notice)).toEqual({ status: 200, text: 'success' });
      expect((await wallet()).balance).toBe(10_000);
      const records = await t.request({ method: 'GET', url: '/api/ai/recharge', token: operator });
      expect(records.body.data.list[0]).toMatchObject({ status: 'paid', amount: 10_000 });
      expect((await wallet(other)).balance).toBe(0);
    });

    it('refuses a forged callback: changed amount, wrong key, unknown order; nothing credited', async () => {
      const order = await t.request({ url: '/api/ai/recharge', token: operator, body: { amount: 5.5 } });
      const orderNo = order.body.data.orderNo as string;
      const notify = `${base}/api/ai/pay/notify`;
      const genuine = {
        merchant_id: gateway.merchantId,
        out_trade_no: orderNo,
        trade_no: 'T1',
        amount: '550',
        trade_status: 'SUCCESS',
        timestamp: '1764140000',
        sign_type: 'HMAC-SHA256',
      };
      const inflated = { ...genuine, sign: gateway.sign(genuine), amount: '55000' };
      expect(await gateway.send(notify, inflated)).toEqual({ status: 400, text: 'fail' });
      const resigned = { ...genuine, amount: '55000' };
      expect(await gateway.send(notify, { ...resigned, sign: gateway.sign(resigned) })).toEqual({
        status: 400,
        text: 'fail',
      });
      const stranger = await startFakePayment({ key: 'not-our-merchant-key-000' });
      expect(await gateway.send(notify, { ...genuine, sign: stranger.sign(genuine) })).toEqual({
        status: 400,
        text: 'fail',
      });
      await stranger.close();
      const unknown = { ...genuine, out_trade_no: 'f'.repeat(32) };
      expect(await gateway.send(notify, { ...unknown, sign: gateway.sign(unknown) })).toEqual({
        status: 400,
        text: 'fail',
      });
      expect((await wallet()).balance).toBe(10_000);
      const records = await t.request({ method: 'GET', url: '/api/ai/recharge', token: operator });
      expect(records.body.data.list.find((r: { orderNo: string }) => r.orderNo === orderNo).status).toBe('pending');
    });

    it('refuses a bad amount', async () => {
      for (const amount of [0, 0.001, 1e9, -5])
        expect(
          (await t.request({ url: '/api/ai/recharge', token: operator, body: { amount }, lang: 'en' })).body,
        ).toMatchObject({
          code: ResultCode.BAD_REQUEST,
          message: 'The amount must be between 0.01 and 100000 with at most two decimals',
        });
    });

    it('limits top-up orders to 10 a minute per user', async () => {
      let refused: { code: string; message: string } | undefined;
      for (let i = 0; i < 11 && !refused; i++) {
        const reply = await t.request({ url: '/api/ai/recharge', token: other, body: { amount: 1 }, lang: 'en' });
        if (reply.body.code !== ResultCode.SUCCESS) refused = reply.body;
      }
      expect(refused?.code).toBe(ResultCode.RATE_LIMITED);
      // Another user's orders are counted apart.
      expect((await t.request({ url: '/api/ai/recharge', token: operator, body: { amount: 1 } })).body.code).toBe(
        ResultCode.SUCCESS,
      );
    });

    it('charges a call its real cost in the transaction that stores its record, and lists it', async () => {
      const reply = await chat(operator, 'What does it cost?');
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const record = await t.db.db
        .selectFrom(`${PREFIX}ai_chat_record`)
        .select(['prompt_tokens', 'completion_tokens'])
        .where('id', '=', reply.body.data.recordId)
        .executeTakeFirstOrThrow();
      const tokens = Number(record.prompt_tokens) + Number(record.completion_tokens);
      expect(Number(record.completion_tokens)).toBe(9);
      const cost = Math.ceil((PRICE * tokens) / 1000);
      expect((await wallet()).balance).toBe(10_000 - cost);
      const list = await usage();
      expect(list.total).toBe(1);
      expect(list.list[0]).toMatchObject({
        feature: 'chat',
        modelLabel: 'Priced',
        promptTokens: Number(record.prompt_tokens),
        completionTokens: 9,
        cost,
        charged: true,
      });
      expect((await usage(other)).list).toEqual([]);
    });
  });

  describe('two calls at once', () => {
    it("never both pass on a balance that covers one: the second waits for the first one's hold", async () => {
      // Enough for one call's estimate (about 2.06 here) but not two.
      await t.db.db
        .updateTable(`${PREFIX}ai_wallet`)
        .set({ balance: 3000 })
        .where('app_id', '=', t.demoAppId)
        .execute();
      const replies = await Promise.all([chat(operator, 'one', slowModelId), chat(operator, 'two', slowModelId)]);
      const codes = replies.map((reply) => reply.body.code).sort();
      expect(codes).toEqual([ResultCode.SUCCESS, ResultCode.BAD_REQUEST].sort());
      const refused = replies.find((reply) => reply.body.code !== ResultCode.SUCCESS)!;
      expect(refused.body.message).toMatch(/^Balance too low/);
      expect((await wallet()).balance).toBeGreaterThan(0);
    });
  });

  describe('quota and features', () => {
    it("refuses a call past the daily quota, and counts again on the app's next day", async () => {
      // Two calls of the operator so far today (the charged one and one of the pair): one more fits.
      await config({ payMode: 0, dailyQuota: 3 });
      expect((await chat(operator, 'third today')).body.code).toBe(ResultCode.SUCCESS);
      const calls = fake.calls.length;
      const refused = await chat(operator, 'fourth today');
      expect(refused.body.message).toBe('You have used all 3 AI calls for today; try again tomorrow');
      expect(fake.calls.length).toBe(calls);
      // Another user has their own count.
      expect((await chat(other, 'mine')).body.code).toBe(ResultCode.SUCCESS);
      // Free mode: the call is listed with its cost, nothing taken from the balance.
      const balance = (await wallet()).balance;
      t.clock.now += 24 * 3600_000;
      expect((await chat(operator, 'a new day')).body.code).toBe(ResultCode.SUCCESS);
      expect((await wallet()).balance).toBe(balance);
      expect((await usage()).list[0]).toMatchObject({ charged: false });
    });

    it('refuses a feature switched off, and a top-up outside pay mode 3', async () => {
      await config({ chat: false, dailyQuota: 0 });
      const refused = await chat(operator, 'anyone there?');
      expect(refused.body.message).toBe('This AI feature has been switched off by an admin');
      await config({ chat: true });
      const top = await t.request({ url: '/api/ai/recharge', token: operator, body: { amount: 1 }, lang: 'en' });
      expect(top.body.message).toBe('This app does not charge per use: there is nothing to recharge');
    });
  });
});
