/**
 * Approval flows on each database (issue 17, docs/workflow.md): definitions with their refusals
 * and versions; submit, approve (any / all), reject back to the starter, resubmit, return to an
 * earlier step, transfer, comment, withdraw; the record read-only in approval except the step's
 * fields; to-dos and the bell's count exact, `todo.changed` on the bus for every user whose
 * to-dos changed; acting twice, after someone else, or as a stranger refused with one transition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import type { BusEvent } from '../../protocol/events';
import { newId } from '../../server/db/ids';
import { flowTables } from '../../server/db/migrations/0025-flows';
import { messageTable } from '../../server/db/migrations/0026-messages-tasks';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Flows#2026x';
const ft = flowTables('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const token: Record<string, string> = {};
  const uid: Record<string, string> = {};
  let financeRole: string;
  let emptyRole: string;
  const events: BusEvent[] = [];

  async function person(account: string) {
    uid[account] = await t.addUser(account, PASSWORD, 'user');
    token[account] = await t.signIn(account, PASSWORD);
  }
  async function role(name: string, members: string[]) {
    const id = newId();
    await t.db.db
      .insertInto(t.tables.role)
      .values({
        id,
        app_id: t.demoAppId,
        name,
        identify: name,
        level: 2,
        menu_ids: '',
        create_at: 1,
        update_at: 1,
        is_deleted: 0,
      })
      .execute();
    for (const m of members) {
      const user = await t.db.db
        .selectFrom(t.tables.user)
        .select('role_ids')
        .where('id', '=', uid[m]!)
        .executeTakeFirstOrThrow();
      await t.db.db
        .updateTable(t.tables.user)
        .set({ role_ids: `${user.role_ids ?? ''},${id}` })
        .where('id', '=', uid[m]!)
        .execute();
    }
    return id;
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    for (const name of ['fl_op', 'fl_mgr', 'fl_fin1', 'fl_fin2', 'fl_other', 'fl_lead']) await person(name);
    financeRole = await role('fl_finance', ['fl_fin1', 'fl_fin2']);
    emptyRole = await role('fl_nobody', []);
    t.app.tessera.bus.subscribe('todo.changed', (event) => void events.push(event));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const call = (url: string, body: unknown, who = admin, lang: 'zh' | 'en' = 'zh') =>
    t.request({ method: 'POST', url, body, token: who, lang });
  const get = (url: string, who = admin) => t.request({ method: 'GET', url, token: who });
  const count = async (who: string) => (await get('/api/flows/todocount', token[who])).body.data as number;
  const pending = async (who: string) => (await get('/api/flows/todos?status=pending', token[who])).body.data.list;
  const timeline = async (recordId: string, who = admin) =>
    (await get(`/api/flows/timeline?module=customer&recordId=${recordId}`, who)).body.data;
  const customer = async (name: string, credit = 5000) =>
    (await call('/api/common/customer', { name, credit_limit: credit, level: 'vip' }, token.fl_op)).body.data
      .id as string;
  const eventCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(ft.flow_event)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let flowId: string;
  const steps = () => [
    { name: '经理审批', approvers: [{ kind: 'user', id: uid.fl_mgr }], mode: 'any', fields: ['remark'] },
    { name: '财务审批', approvers: [{ kind: 'role', id: financeRole }], mode: 'all', condition: 'credit_limit > 1000' },
  ];

  describe('definitions', () => {
    it('refuses a flow an operator saves, a missing module, a bad condition, an unknown field or approver', async () => {
      const body = { name: '客户审批', module: 'customer', steps: steps() };
      expect((await call('/api/flows/defs', body, token.fl_op)).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await call('/api/flows/defs', { ...body, module: 'nothing' })).body.message).toBe('模块 nothing 不存在');
      const badCondition = steps();
      badCondition[1]!.condition = 'credit_limit >';
      expect((await call('/api/flows/defs', { ...body, steps: badCondition })).body.message).toBe(
        '第 2 步的条件表达式无效',
      );
      const badField = steps();
      badField[0]!.fields = ['password_hash'];
      expect((await call('/api/flows/defs', { ...body, steps: badField }, admin, 'en')).body.message).toBe(
        'Step 1: the editable field password_hash does not exist',
      );
      const badUser = steps();
      badUser[0]!.approvers = [{ kind: 'user', id: newId() }];
      expect((await call('/api/flows/defs', { ...body, steps: badUser })).body.message).toBe('第 1 步的审批人不存在');
      expect((await call('/api/flows/defs', { ...body, steps: [] })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await call('/api/flows/defs', { ...body, steps: [{ ...steps()[0], mode: 'most' }] })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await get('/api/flows/defs')).body.data.total).toBe(0);
    });

    it('saves a flow as version 1, refuses a second flow on the module, and lists it', async () => {
      const saved = await call('/api/flows/defs', { name: '客户审批', module: 'customer', steps: steps() });
      expect(saved.body.code).toBe(ResultCode.SUCCESS);
      expect(saved.body.data).toMatchObject({ name: '客户审批', module: 'customer', version: 1, enabled: true });
      flowId = saved.body.data.id;
      const again = await call('/api/flows/defs', { name: '又一个', module: 'customer', steps: steps() });
      expect(again.body.message).toBe('模块 customer 已有审批流程');
      expect((await get('/api/flows/defs')).body.data.list.map((f: { id: string }) => f.id)).toEqual([flowId]);
    });
  });

  describe('running', () => {
    let recordId: string;
    let mgrTodo: string;

    it('submits a record: the manager gets a to-do, the bell counts it, the bus tells only them', async () => {
      recordId = await customer('审批客户甲');
      events.length = 0;
      const started = await call('/api/flows/start', { module: 'customer', recordId, comment: '请审批' }, token.fl_op);
      expect(started.body.data).toMatchObject({ status: 'running', step: 0 });
      expect(await count('fl_mgr')).toBe(1);
      expect(await count('fl_op')).toBe(0);
      expect(events.map((e) => e.userId)).toEqual([uid.fl_mgr]);
      const list = await pending('fl_mgr');
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ title: '客户审批 · 经理审批', module: 'customer', record_id: recordId, step: 0 });
      mgrTodo = list[0].id;
      const again = await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op);
      expect(again.body).toMatchObject({ code: ResultCode.CONFLICT, message: '该记录正在审批中' });
    });

    it('keeps the record read-only in approval except the step fields of its approver', async () => {
      const put = (body: unknown, who: string) =>
        t.request({ method: 'PUT', url: `/api/common/customer/${recordId}`, body, token: token[who] });
      expect((await put({ remark: '改' }, 'fl_op')).body.message).toBe('该记录正在审批中，不能修改或删除');
      expect((await put({ name: '改名' }, 'fl_mgr')).body.message).toBe('审批中不能修改字段 name');
      const current = (await t.request({ url: `/api/common/customer/${recordId}`, token: token.fl_mgr })).body.data;
      // The whole record sent back with only the allowed field changed: accepted.
      expect((await put({ ...current, remark: '经理备注' }, 'fl_mgr')).body.code).toBe(ResultCode.SUCCESS);
      const del = await t.request({ method: 'DELETE', url: `/api/common/customer/${recordId}`, token: admin });
      expect(del.body.message).toBe('该记录正在审批中，不能修改或删除');
    });

    it('refuses a stranger and field changes outside the step; approving twice makes one transition', async () => {
      expect((await call('/api/flows/approve', { todoId: mgrTodo }, token.fl_other)).body).toMatchObject({
        code: ResultCode.FORBIDDEN,
        message: '您不是该待办的审批人',
      });
      expect(
        (await call('/api/flows/approve', { todoId: mgrTodo, values: { name: 'x' } }, token.fl_mgr)).body.message,
      ).toBe('审批中不能修改字段 name');
      const before = await eventCount();
      events.length = 0;
      const ok = await call(
        '/api/flows/approve',
        { todoId: mgrTodo, comment: '同意', values: { remark: '已核实' } },
        token.fl_mgr,
      );
      expect(ok.body.data).toMatchObject({ status: 'running', step: 1 });
      const twice = await call('/api/flows/approve', { todoId: mgrTodo }, token.fl_mgr, 'en');
      expect(twice.body).toMatchObject({ code: ResultCode.CONFLICT, message: 'You have already handled this to-do' });
      expect(await eventCount()).toBe(before + 1);
      expect(new Set(events.map((e) => e.userId))).toEqual(new Set([uid.fl_mgr, uid.fl_fin1, uid.fl_fin2]));
      expect(await count('fl_mgr')).toBe(0);
      expect(await count('fl_fin1')).toBe(1);
      expect(await count('fl_fin2')).toBe(1);
      const record = (await t.request({ url: `/api/common/customer/${recordId}`, token: admin })).body.data;
      expect(record.remark).toBe('已核实');
      const logged = await t.db.db
        .selectFrom(t.tables.audit_log)
        .select(['action', 'user_id', 'changes'])
        .where('table_name', '=', 'customer')
        .where('record_id', '=', recordId)
        .where('user_id', '=', uid.fl_mgr!)
        .execute();
      expect(logged.map((row) => row.action)).toEqual(['update', 'update']);
      // One from the common API's edit (经理备注), one from the approval's values (已核实).
      expect(logged.some((row) => String(row.changes).includes('已核实'))).toBe(true);
    });

    it('rejects back to the starter: the other approver’s to-do closes and acting on it says so', async () => {
      const fin1 = (await pending('fl_fin1'))[0].id;
      const fin2 = (await pending('fl_fin2'))[0].id;
      const rejected = await call('/api/flows/reject', { todoId: fin1, comment: '额度过高' }, token.fl_fin1);
      expect(rejected.body.data).toMatchObject({ status: 'rejected' });
      // The starter gets an in-app message, written with the rejection (server/messages).
      const notices = await t.db.db
        .selectFrom(messageTable('tessera_sys_'))
        .select(['title', 'body', 'link', 'source', 'sender_id'])
        .where('user_id', '=', uid.fl_op!)
        .execute();
      expect(notices).toEqual([
        {
          title: '审批被驳回：客户审批',
          body: '您提交的“客户审批”被驳回：额度过高',
          link: expect.stringMatching(/^common\/[0-9a-f]{32}$/),
          source: 'flow',
          sender_id: uid.fl_fin1,
        },
      ]);
      const late = await call('/api/flows/approve', { todoId: fin2 }, token.fl_fin2);
      expect(late.body).toMatchObject({ code: ResultCode.CONFLICT, message: '该待办已被他人处理' });
      expect(await count('fl_fin2')).toBe(0);
      const done = (await get('/api/flows/todos?status=done', token.fl_fin2)).body.data.list;
      expect(done[0]).toMatchObject({ result: 'closed', instance_status: 'rejected' });
      // Back with the starter: editable again.
      const edit = await t.request({
        method: 'PUT',
        url: `/api/common/customer/${recordId}`,
        body: { credit_limit: 800 },
        token: token.fl_op,
      });
      expect(edit.body.code).toBe(ResultCode.SUCCESS);
    });

    it('resubmits; with the condition false the finance step is skipped and the record is approved', async () => {
      expect((await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op)).body.data.status).toBe(
        'running',
      );
      const todo = (await pending('fl_mgr'))[0].id;
      const approved = await call('/api/flows/approve', { todoId: todo, comment: '可以' }, token.fl_mgr);
      expect(approved.body.data).toMatchObject({ status: 'approved' });
      const line = await timeline(recordId, token.fl_op);
      expect(line.instance).toMatchObject({ status: 'approved' });
      expect(line.events.map((e: { action: string }) => e.action)).toEqual([
        'submit',
        'approve',
        'reject',
        'submit',
        'approve',
        'finish',
      ]);
      expect(line.events[2]).toMatchObject({ comment: '额度过高', actor_name: expect.any(String) });
      expect(line.events[1].comment).toBe('同意');
    });

    it('shows the timeline to those on it and to readers of the record, refuses it to others', async () => {
      expect(
        (await get(`/api/flows/timeline?module=customer&recordId=${recordId}`, token.fl_fin2)).body.data.record,
      ).toMatchObject({
        id: recordId,
      });
      const none = await get(`/api/flows/timeline?module=customer&recordId=nope`, token.fl_op);
      expect(none.body.code).toBe(ResultCode.NOT_FOUND);
    });
  });

  describe('more transitions', () => {
    it('runs approvals on the version they started with after the flow is edited', async () => {
      const recordId = await customer('版本客户');
      await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op);
      const v2 = [{ name: '领导审批', approvers: [{ kind: 'user', id: uid.fl_lead }], mode: 'any' }];
      const saved = await t.request({
        method: 'PUT',
        url: `/api/flows/defs/${flowId}`,
        body: { name: '客户审批', module: 'customer', steps: v2 },
        token: admin,
      });
      expect(saved.body.data.version).toBe(2);
      const todo = (await pending('fl_mgr')).find((d: { record_id: string }) => d.record_id === recordId).id;
      const moved = await call('/api/flows/approve', { todoId: todo }, token.fl_mgr);
      // Version 1's finance step, not version 2's leader.
      expect(moved.body.data).toMatchObject({ status: 'running', step: 1 });
      expect(await count('fl_lead')).toBe(0);
      for (const who of ['fl_fin1', 'fl_fin2']) {
        const id = (await pending(who)).find((d: { record_id: string }) => d.record_id === recordId).id;
        await call('/api/flows/approve', { todoId: id }, token[who]);
      }
      expect((await timeline(recordId)).instance.status).toBe('approved');
      // Put version 1's steps back (version 3) for the tests below.
      await t.request({
        method: 'PUT',
        url: `/api/flows/defs/${flowId}`,
        body: { name: '客户审批', module: 'customer', steps: steps() },
        token: admin,
      });
    });

    it('returns to an earlier step, transfers, comments, and lets only the starter withdraw', async () => {
      const recordId = await customer('流转客户');
      const inst = (await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op)).body.data.id;
      let todo = (await pending('fl_mgr')).find((d: { record_id: string }) => d.record_id === recordId).id;
      await call('/api/flows/approve', { todoId: todo }, token.fl_mgr);
      const fin = (await pending('fl_fin1')).find((d: { record_id: string }) => d.record_id === recordId).id;
      expect((await call('/api/flows/return', { todoId: fin, toStep: 1 }, token.fl_fin1)).body.message).toBe(
        '只能退回到之前的步骤',
      );
      const back = await call('/api/flows/return', { todoId: fin, toStep: 0, comment: '请经理复核' }, token.fl_fin1);
      expect(back.body.data).toMatchObject({ status: 'running', step: 0 });
      expect(await count('fl_fin2')).toBe(0);
      todo = (await pending('fl_mgr')).find((d: { record_id: string }) => d.record_id === recordId).id;
      expect((await call('/api/flows/transfer', { todoId: todo, userId: uid.fl_mgr }, token.fl_mgr)).body.message).toBe(
        '不能转交给该用户',
      );
      const moved = await call(
        '/api/flows/transfer',
        { todoId: todo, userId: uid.fl_lead, comment: '请代审' },
        token.fl_mgr,
      );
      expect(moved.body.data.step).toBe(0);
      expect(await count('fl_lead')).toBe(1);
      expect((await call('/api/flows/approve', { todoId: todo }, token.fl_mgr)).body.message).toBe('您已处理过该待办');

      expect((await call('/api/flows/comment', { instanceId: inst, comment: '路过' }, token.fl_other)).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      expect((await call('/api/flows/comment', { instanceId: inst, comment: '请尽快' }, token.fl_op)).body.code).toBe(
        ResultCode.SUCCESS,
      );
      expect((await call('/api/flows/withdraw', { instanceId: inst }, token.fl_lead)).body.message).toBe(
        '只有提交人可以撤回',
      );
      events.length = 0;
      expect((await call('/api/flows/withdraw', { instanceId: inst }, token.fl_op)).body.data.status).toBe('withdrawn');
      expect(events.map((e) => e.userId)).toEqual([uid.fl_lead]);
      expect(await count('fl_lead')).toBe(0);
      expect((await call('/api/flows/withdraw', { instanceId: inst }, token.fl_op)).body.message).toBe('该审批已结束');
      const line = await timeline(recordId);
      expect(line.events.map((e: { action: string }) => e.action)).toEqual([
        'submit',
        'approve',
        'return',
        'transfer',
        'comment',
        'withdraw',
      ]);
      expect(line.events[3]).toMatchObject({ target: uid.fl_lead, comment: '请代审' });
    });

    it('makes one transition when two approvers of an any-step act at once', async () => {
      const dept = newId();
      await t.db.db
        .insertInto(t.tables.dept)
        .values({
          id: dept,
          app_id: t.demoAppId,
          name: '销售部',
          leader_id: uid.fl_lead,
          create_at: 1,
          update_at: 1,
          is_deleted: 0,
        })
        .execute();
      await t.db.db.updateTable(t.tables.user).set({ dept_id: dept }).where('id', '=', uid.fl_op!).execute();
      await t.request({
        method: 'PUT',
        url: `/api/flows/defs/${flowId}`,
        body: {
          name: '客户审批',
          module: 'customer',
          steps: [
            { name: '任一审批', approvers: [{ kind: 'starterLeader' }, { kind: 'user', id: uid.fl_mgr }], mode: 'any' },
          ],
        },
        token: admin,
      });
      const recordId = await customer('并发客户');
      await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op);
      const a = (await pending('fl_lead')).find((d: { record_id: string }) => d.record_id === recordId).id;
      const b = (await pending('fl_mgr')).find((d: { record_id: string }) => d.record_id === recordId).id;
      const [ra, rb] = await Promise.all([
        call('/api/flows/approve', { todoId: a }, token.fl_lead),
        call('/api/flows/approve', { todoId: b }, token.fl_mgr),
      ]);
      const codes = [ra.body.code, rb.body.code].sort();
      expect(codes).toEqual([ResultCode.SUCCESS, ResultCode.CONFLICT].sort());
      const line = await timeline(recordId);
      expect(line.events.filter((e: { action: string }) => e.action === 'approve')).toHaveLength(1);
      expect(line.instance.status).toBe('approved');
      expect(await count('fl_lead')).toBe(0);
      expect(await count('fl_mgr')).toBe(0);
    });

    it('refuses a start whose approver role has no users, writing nothing', async () => {
      await t.request({
        method: 'PUT',
        url: `/api/flows/defs/${flowId}`,
        body: {
          name: '客户审批',
          module: 'customer',
          steps: [{ name: '空角色审批', approvers: [{ kind: 'role', id: emptyRole }], mode: 'any' }],
        },
        token: admin,
      });
      const recordId = await customer('无人审批客户');
      const before = await eventCount();
      const refused = await call('/api/flows/start', { module: 'customer', recordId }, token.fl_op);
      expect(refused.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '步骤“空角色审批”没有可用的审批人，无法提交',
      });
      expect(await eventCount()).toBe(before);
      expect((await timeline(recordId, token.fl_op)).instance).toBeNull();
    });
  });
});
