/**
 * `npm run eval:generator`: how well a real model designs apps through the generator's plan,
 * check and repair loop (server/ai-generator; docs/ai.md "App generator"). Runs each one-sentence
 * description below against the configured provider and reports how many plans were valid on the
 * first answer, after repair rounds, or failed — nothing is built, no database is needed. Needs a
 * real key; without one it says so and exits 0. Not part of `npm test` (it costs tokens and time).
 *
 *   GENERATOR_PROVIDER=deepseek|qwen|qianfan|openai|custom  (default deepseek)
 *   GENERATOR_API_KEY=sk-…  GENERATOR_MODEL=deepseek-chat  [GENERATOR_BASE_URL=…]  [GENERATOR_ONLY=3]
 */
import { askPlan, repairPrompt, systemPrompt } from '../server/ai-generator/ask-model';
import { checkPlan } from '../server/ai-generator/plan-check';
import { MAX_REPAIRS } from '../server/ai-generator/generate';
import type { ChatMessage, Provider } from '../server/ai/provider';
import { policyFromConfig } from '../server/net/outbound';

const DESCRIPTIONS = [
  '一个客户关系管理系统，管理客户、联系人和跟进记录',
  '图书馆管理：图书、读者、借阅和归还',
  '诊所预约：医生、患者、预约时段和就诊记录',
  '固定资产登记：资产、领用人、存放位置和盘点',
  '学校课表：班级、教师、课程和每周课表',
  '仓库进销存：商品、供应商、入库单和出库单',
  '员工请假审批：员工、部门、请假单和审批结果',
  '物业报修：业主、房屋、报修单和维修工',
  '会议室预订：会议室、预订人、时间段和用途',
  '健身房会员：会员、会员卡、教练和上课记录',
  '餐厅点餐：菜品、桌台、订单和订单明细',
  '项目管理：项目、任务、负责人和里程碑',
  '招聘管理：职位、候选人、面试安排和录用结果',
  '车辆管理：车辆、司机、用车申请和保养记录',
  '合同管理：合同、客户、付款计划和到期提醒',
  '培训管理：课程、讲师、学员和考试成绩',
  '志愿者活动：活动、志愿者、报名和签到',
  'A helpdesk: tickets, customers, agents and ticket replies',
  'An event ticketing app: events, venues, ticket types and orders',
  'A small farm: fields, crops, planting records and harvests',
  'A pet clinic: owners, pets, vets and visits',
  'A car rental: cars, customers, rentals and returns',
];

async function main(): Promise<number> {
  const apiKey = process.env.GENERATOR_API_KEY;
  if (!apiKey) {
    console.log('eval:generator: no GENERATOR_API_KEY set; nothing run (this evaluation needs a real provider).');
    return 0;
  }
  const target = {
    provider: (process.env.GENERATOR_PROVIDER ?? 'deepseek') as Provider,
    baseUrl: process.env.GENERATOR_BASE_URL ?? null,
    apiKey,
    model: process.env.GENERATOR_MODEL ?? 'deepseek-chat',
  };
  const policy = policyFromConfig({ outboundAllowList: process.env.OUTBOUND_ALLOW_LIST });
  const only = Number(process.env.GENERATOR_ONLY ?? DESCRIPTIONS.length);
  const tally = { first: 0, repaired: 0, failed: 0 };
  for (const description of DESCRIPTIONS.slice(0, only)) {
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt() },
      { role: 'user', content: description },
    ];
    let outcome = 'failed';
    let detail = '';
    const started = Date.now();
    try {
      for (let round = 0; round <= MAX_REPAIRS; round++) {
        const answer = await askPlan(target, messages, { policy });
        const verdict = checkPlan(answer, 'tessera_sys_');
        if (verdict.ok) {
          outcome = round === 0 ? 'first' : `repaired(${round})`;
          detail = `${verdict.modules.length} tables`;
          break;
        }
        detail = verdict.problems
          .slice(0, 2)
          .map((p) => `${p.pointer}: ${p.message}`)
          .join('; ');
        messages.push(
          { role: 'assistant', content: answer },
          { role: 'user', content: repairPrompt(verdict.problems) },
        );
      }
    } catch (error) {
      detail = String((error as Error).message ?? error);
    }
    if (outcome === 'first') tally.first++;
    else if (outcome.startsWith('repaired')) tally.repaired++;
    else tally.failed++;
    console.log(`${outcome.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1)}s  ${description}  — ${detail}`);
  }
  console.log(
    `\n${target.provider}/${target.model}: valid first time ${tally.first}, after repair ${tally.repaired}, failed ${tally.failed} (of ${Math.min(only, DESCRIPTIONS.length)})`,
  );
  return 0;
}

process.exitCode = await main();
