/**
 * `npm run dev:fakes`: the third-party services Tessera talks to, faked on loopback, so a person
 * can try the AI pages, the api page and SMS locally without keys or network (docs/ai.md). Runs
 * until Ctrl+C. Start the platform with OUTBOUND_ALLOW_LIST=127.0.0.1 so the SSRF guard lets it
 * reach them (`OUTBOUND_ALLOW_LIST=127.0.0.1 npm start`).
 */
import { startFakeOpenAi } from '../tests/fakes/openai/server';
import { startFakeRest } from '../tests/fakes/rest/server';
import { startFakeMidjourney } from '../tests/fakes/midjourney/server';
import { startFakeBaiduSd } from '../tests/fakes/baidu-sd/server';
import { startFakePayment } from '../tests/fakes/payment/server';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const openai = await startFakeOpenAi({ port: port('FAKE_OPENAI_PORT', 18080) });
const rest = await startFakeRest();
// Slower steps than the tests' so a person sees the progress move (one step per 2 s poll).
const midjourney = await startFakeMidjourney({
  port: port('FAKE_MJ_PORT', 18081),
  steps: ['0%', '12%', '35%', '58%', '81%', '96%'],
});
const baidu = await startFakeBaiduSd({ port: port('FAKE_BAIDU_PORT', 18082), delayMs: 4000 });
const payment = await startFakePayment({ port: port('FAKE_PAY_PORT', 18090) });

console.log(`Fake services on loopback (Ctrl+C stops them):

  OpenAI-compatible chat (ai/model → 服务商 自定义)
    接口地址  ${openai.url}
    API Key   ${openai.key}
    模型标识  fake-chat (an answer) · fake-slow (slow first token) · fake-disconnect (drops mid-answer)
              fake-busy (429 once, then answers) · fake-broken (a malformed chunk) · fake-hang (never answers)
              fake-plan (the AI app generator's canned plans: fixtures/ai-generator, picked by the description)

  midjourney-proxy (ai/draw → 绘图模型 Midjourney)
    接口地址  ${midjourney.url}
    密钥      ${midjourney.secret}
    提示词含 fail 的任务会失败，含 forbidden 的会被拒绝

  Baidu Stable-Diffusion-XL (ai/draw → 绘图模型 百度 Stable-Diffusion-XL)
    接口地址  ${baidu.url}
    API Key   ${baidu.apiKey}
    Secret    ${baidu.secretKey}

  REST data source (api page)
    接口地址  ${rest.url}/customers   Bearer ${rest.token}

  Payment gateway (ai/config → 支付通道; the recharge tab pays through its checkout page)
    支付网关  ${payment.url}
    商户号    ${payment.merchantId}
    商户密钥  ${payment.key}

Start the platform with OUTBOUND_ALLOW_LIST=127.0.0.1 so it may call them.`);

const stop = async () => {
  await Promise.all([openai.close(), rest.close(), midjourney.close(), baidu.close(), payment.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
