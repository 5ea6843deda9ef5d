/**
 * The designer's "required when" (`requiredFn`) and "hidden when" (`hiddenFn`) enforced by the
 * common API on every database (server/common/required-when.ts): a create or update that leaves a
 * conditionally required field empty is refused with the field named, in the caller's language,
 * and nothing is stored; a field hidden by its condition is never required; an update is judged on
 * the stored record with the body over it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import type { TestApp } from '../helpers/app';
import { startConditionalCustomerApp } from '../helpers/conditional-customer';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const physical = 'm_demo_customer';

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin } = await startConditionalCustomerApp(database));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const create = (body: unknown, lang?: 'en') =>
    t.request({ method: 'POST', url: '/api/common/customer', body, token: admin, lang });
  const update = (id: string, body: unknown) =>
    t.request({ method: 'PUT', url: `/api/common/customer/${id}`, body, token: admin });
  const storedRow = (id: string) => t.db.db.selectFrom(physical).selectAll().where('id', '=', id).executeTakeFirst();
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(physical)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const VIP = {
    name: '贵宾甲',
    level: 'vip',
    industry: 'retail',
    mobile: '13912345678',
    active: true,
    credit_limit: 10,
  };

  it('refuses a create that leaves a field required by its condition empty, naming it, storing nothing', async () => {
    const before = await count();
    expect((await create(VIP)).body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '备注不能为空' });
    expect((await create({ ...VIP, remark: '' })).body.message).toBe('备注不能为空');
    expect((await create(VIP, 'en')).body.message).toBe('Remarks is required');
    expect((await create({ ...VIP, remark: '重要', credit_limit: null })).body.message).toBe('授信额度不能为空');
    expect(await count()).toBe(before);
    // The condition does not hold: not required.
    expect((await create({ ...VIP, name: '普通乙', level: 'normal', credit_limit: null })).body.code).toBe(
      ResultCode.SUCCESS,
    );
    expect((await create({ ...VIP, remark: '重要' })).body.code).toBe(ResultCode.SUCCESS);
    expect(await count()).toBe(before + 2);
  });

  it('never requires a field while its hidden condition holds, required always or by condition', async () => {
    const { mobile: _mobile, ...noMobile } = VIP;
    expect((await create({ ...noMobile, name: '零售丙', remark: '有' })).body.message).toBe('手机号不能为空');
    const finance = await create({ ...noMobile, name: '金融丁', industry: 'finance', remark: '有' });
    expect(finance.body.code).toBe(ResultCode.SUCCESS);
    // 授信额度 is required for a VIP, but hidden while the customer is inactive.
    const inactive = await create({ ...VIP, name: '停用戊', remark: '有', active: false, credit_limit: null });
    expect(inactive.body.code).toBe(ResultCode.SUCCESS);
  });

  it('judges an update on the stored record with the body over it, and changes nothing when refused', async () => {
    const plain = (await create({ ...VIP, name: '升级己', level: 'normal' })).body.data;
    // Becoming a VIP makes 备注 required: the stored record has none.
    expect((await update(plain.id, { level: 'vip' })).body).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      message: '备注不能为空',
    });
    expect((await storedRow(plain.id))?.level).toBe('normal');
    expect((await update(plain.id, { level: 'vip', remark: '已升级' })).body.code).toBe(ResultCode.SUCCESS);
    // Emptying it while the stored level keeps the condition true is refused too.
    expect((await update(plain.id, { remark: '' })).body.message).toBe('备注不能为空');
    expect((await storedRow(plain.id))?.remark).toBe('已升级');
    // A field shown again by the change must then hold a value.
    const { mobile: _mobile, ...noMobile } = VIP;
    const finance = (await create({ ...noMobile, name: '金融庚', industry: 'finance', remark: '有' })).body.data;
    expect((await update(finance.id, { industry: 'retail' })).body.message).toBe('手机号不能为空');
    expect((await storedRow(finance.id))?.industry).toBe('finance');
    expect((await update(finance.id, { industry: 'retail', mobile: '13800000000' })).body.code).toBe(
      ResultCode.SUCCESS,
    );
  });
});
