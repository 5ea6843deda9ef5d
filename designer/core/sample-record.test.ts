import { describe, expect, it } from 'vitest';
import '../../runtime/definitions';
import type { FieldDefinition } from '../../protocol/page-schema';
import customerPage from '../../schemas/apps/demo/modules/customer.json';
import { sampleRecord } from './index';

const fields = customerPage.body[0].fields as FieldDefinition[];

describe('sample records for the preview', () => {
  it('fills each field with a stored value its widget shows: text, first options, numbers, dates, switches', () => {
    expect(sampleRecord(fields, 'zh')).toEqual({
      id: 'sample_1',
      name: '示例客户名称1',
      mobile: '示例手机号1',
      industry: 'manufacturing',
      credit_limit: 100,
      signed_at: Date.UTC(2026, 0, 15, 1, 30),
      active: 1,
      remark: '示例备注1',
    });
    const second = sampleRecord(fields, 'en', 1);
    expect(second).toMatchObject({ id: 'sample_2', name: 'Sample Name 2', industry: 'retail', active: 0 });
  });

  it('makes an auto-number from the rule', () => {
    const numbered = [
      {
        key: 'no',
        title: '编号',
        type: 'input',
        auto_no_rule: [
          { type: 'text', value: 'C' },
          { type: 'random', digits: 3 },
        ],
      },
    ];
    expect(sampleRecord(numbered as FieldDefinition[], 'zh')).toEqual({ id: 'sample_1', no: 'C111' });
  });
});
