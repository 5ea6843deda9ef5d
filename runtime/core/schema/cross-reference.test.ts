import { describe, expect, it } from 'vitest';
import '../../definitions';
import { STANDARD_COLUMNS } from '../../../server/db/tables';
import { STANDARD_COLUMN_NAMES, isSqlReservedWord } from '../../../protocol/sql-identifiers';
import { crossReferenceIssues, tablesWhoseColumnsAreRead, type SchemaIssue } from './issues';
import { latestPage } from './test-pages';

const codes = (issues: SchemaIssue[]) => issues.map((issue) => [issue.pointer, issue.code]);
/** The list's first field, its grid, its tab panes' fields, the form's field, the card's field. */
const NAME = '/body/0/fields/0';
const PROVINCE = '/body/0/fields/2/children/0/children/0';

describe('crossReferenceIssues', () => {
  it('answers nothing for a consistent page', () => {
    expect(crossReferenceIssues(latestPage())).toEqual([]);
  });

  it('refuses an SQL keyword as a key (any of the three databases), naming the key in both languages', () => {
    const page = latestPage();
    page.body[0].fields[0].key = 'order';
    page.body[0].fields[1].children[0].key = 'Window';
    page.body[1].fields[0].key = 'user';
    const issues = crossReferenceIssues(page);
    expect(codes(issues)).toEqual([
      [`${NAME}/key`, 'schema.keyReserved'],
      ['/body/0/fields/1/children/0/key', 'schema.keyReserved'],
      ['/body/1/fields/0/key', 'schema.keyReserved'],
    ]);
    expect(issues[0].message).toEqual({
      zh: '字段标识 order 是 SQL 保留字，请换一个',
      en: 'Field key order is an SQL reserved word: choose another',
    });
  });

  it('lets a display-only or not-stored field keep a keyword key (it is never a column)', () => {
    const page = latestPage();
    page.body[0].fields.push({ id: 'f_b1', key: 'delete', title: 'Delete', type: 'button' });
    page.body[0].fields.push({ id: 'f_b2', key: 'select', title: 'S', type: 'input', not_sql_field: true });
    expect(crossReferenceIssues(page)).toEqual([]);
  });

  it('refuses a key longer than a column name may be', () => {
    const page = latestPage();
    page.body[0].fields[0].key = `a${'b'.repeat(60)}`;
    expect(codes(crossReferenceIssues(page))).toEqual([[`${NAME}/key`, 'schema.keyInvalid']]);
  });

  it('refuses two fields of one form with the same key, also when only the case differs (MySQL folds it)', () => {
    const page = latestPage();
    page.body[0].fields[2].children[1].children[0].key = 'name';
    page.body[0].fields[1].children[0].key = 'NAME';
    const issues = crossReferenceIssues(page);
    expect(codes(issues)).toEqual([
      ['/body/0/fields/1/children/0/key', 'schema.duplicateKey'],
      ['/body/0/fields/2/children/1/children/0/key', 'schema.duplicateKey'],
      [`${PROVINCE}/linkageKeys/0`, 'schema.unknownField'],
    ]);
    expect(issues[0].params).toEqual({ key: 'NAME', first: `${NAME}/key` });
  });

  it('lets two forms of one page use the same key (the list and the quick-add form both have name)', () => {
    const page = latestPage();
    expect(page.body[1].fields[0].key).toBe(page.body[0].fields[0].key);
    expect(crossReferenceIssues(page)).toEqual([]);
  });

  it('refuses two fields with the same id anywhere in the page', () => {
    const page = latestPage();
    page.body[2].children[0].children[0].id = page.body[0].fields[0].id;
    expect(crossReferenceIssues(page)).toEqual([
      expect.objectContaining({
        pointer: '/body/2/children/0/children/0/id',
        code: 'schema.duplicateId',
        params: { id: page.body[0].fields[0].id, first: `${NAME}/id` },
      }),
    ]);
  });

  it('refuses a linkage key, sameAs, submit field, sort, gantt or parent naming a missing field', () => {
    const page = latestPage();
    page.body[0].fields[2].children[0].children[0].linkageKeys = ['city', 'town'];
    page.body[0].fields[0].rules = [{ sameAs: 'nothing' }];
    page.body[0].sorts = [{ key: 'create_at' }, { key: 'ghost' }];
    page.body[0].parentKey = 'parent_id';
    page.body[0].gantt = { text: 'name', start: 'begin' };
    page.body[1].submit = { url: 'auth/x', fields: ['name', 'city'] };
    const issues = crossReferenceIssues(page);
    expect(codes(issues)).toEqual([
      [`${NAME}/rules/0/sameAs`, 'schema.unknownField'],
      [`${PROVINCE}/linkageKeys/1`, 'schema.unknownField'],
      ['/body/0/sorts/1/key', 'schema.unknownField'],
      ['/body/0/parentKey', 'schema.unknownField'],
      ['/body/0/gantt/start', 'schema.unknownField'],
      ['/body/1/submit/fields/1', 'schema.unknownField'],
    ]);
    expect(issues[1].message.en).toBe('linkageKeys names a field town that does not exist');
    expect(issues[1].message.zh).toBe('linkageKeys 引用的字段 town 不存在');
  });

  it('checks dictionary codes only when the caller knows them', () => {
    const page = latestPage();
    page.body[0].fields[0].dict = 'colours';
    page.body[0].fields[2].children[1].children[0].dictApi = { url: 'dict/city' };
    page.body[0].fields[2].children[0].children[0].dictApi = { url: 'dict/province' };
    page.body[1].dataSource = { kind: 'DICT', api: 'dict/order_status' };
    expect(crossReferenceIssues(page)).toEqual([]);
    const issues = crossReferenceIssues(page, { dictCodes: new Set(['province']) });
    expect(codes(issues)).toEqual([
      ['/body/1/dataSource/api', 'schema.unknownDict'],
      [`${NAME}/dict`, 'schema.unknownDict'],
      ['/body/0/fields/2/children/1/children/0/dictApi/url', 'schema.unknownDict'],
    ]);
    expect(issues[2].message.zh).toBe('字典 city 不存在');
  });

  it('checks tables, join targets and join columns only when the caller knows the tables', () => {
    const page = latestPage();
    page.body[0].query = {
      leftJoins: [
        { join: 'customer', on: 'customer_id = id', showFields: ['title', 'phone'] },
        { join: 'region', on: ['region_id', 'id'] },
      ],
    };
    page.body[0].fields[0].dictApi = { url: 'common/product' };
    const tables = new Map([
      ['sales_order', new Set(['customer_id'])],
      ['customer', new Set(['id', 'title'])],
    ]);
    expect(crossReferenceIssues(page)).toEqual([]);
    const issues = crossReferenceIssues(page, { tables });
    expect(codes(issues)).toEqual([
      [`${NAME}/dictApi/url`, 'schema.unknownTable'],
      ['/body/0/query/leftJoins/0/showFields/1', 'schema.unknownColumn'],
      ['/body/0/query/leftJoins/1/join', 'schema.unknownTable'],
    ]);
    expect(issues[1].message.en).toBe('Table customer has no column phone');
    tables.delete('sales_order');
    expect(codes(crossReferenceIssues(page, { tables }))).toContainEqual(['/body/0/table', 'schema.unknownTable']);
    expect(codes(crossReferenceIssues(page, { tables }))).toContainEqual([
      '/body/0/query/leftJoins/0/on',
      'schema.unknownColumn',
    ]);
  });

  it("names only the tables whose columns the check reads: join targets and the joining node's own table", () => {
    const page = latestPage();
    expect(tablesWhoseColumnsAreRead(page)).toEqual(new Set());
    page.body[0].query = {
      leftJoins: [{ join: 'customer', on: 'customer_id = id' }],
      innerJoins: [{ join: 'region', on: ['region_id', 'id'] }, { join: 7 }],
    };
    page.body[0].fields[0].dictApi = { url: 'common/product' };
    expect(tablesWhoseColumnsAreRead(page)).toEqual(new Set(['customer', 'region', 'sales_order']));
    // The columns of a table outside that set are never read: an empty set for it changes nothing.
    const tables = new Map([
      ['sales_order', new Set(['customer_id', 'region_id'])],
      ['customer', new Set(['id'])],
      ['region', new Set(['id'])],
      ['product', new Set<string>()],
    ]);
    expect(crossReferenceIssues(page, { tables })).toEqual([]);
    expect(tablesWhoseColumnsAreRead(null)).toEqual(new Set());
  });

  it('tolerates junk where it has nothing to check (the meta-schema reports junk)', () => {
    expect(crossReferenceIssues(null)).toEqual([]);
    expect(crossReferenceIssues({ body: [null, 1, { fields: [null, { key: 1 }] }] })).toEqual([]);
  });
});

describe('protocol/sql-identifiers', () => {
  it('knows the server’s standard columns and the words the three databases reserve', () => {
    expect(STANDARD_COLUMN_NAMES).toEqual([...STANDARD_COLUMNS]);
    for (const word of ['select', 'ORDER', 'user', 'window', 'key', 'groups', 'rank', 'limit']) {
      expect(isSqlReservedWord(word), word).toBe(true);
    }
    for (const word of ['name', 'level', 'status', 'type', 'title', 'amount', 'value', 'date']) {
      expect(isSqlReservedWord(word), word).toBe(false);
    }
  });
});
