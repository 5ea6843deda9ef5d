/** A small page exercising every slot the designer edits: a form with a grid, tabs and a card, a list, page-level containers. */
import type { PageSchema } from '../../../protocol/page-schema';
import '../../../runtime/definitions';
import { documentOf, type CommandOptions } from '../index';

const t = (zh: string, en: string) => ({ zh, en });

export const samplePage = (): PageSchema => ({
  schemaVersion: 2,
  type: 'page',
  title: t('测试页', 'Test page'),
  body: [
    {
      type: 'form',
      key: 'main',
      dataSource: { kind: 'STATIC', data: [] },
      fields: [
        { id: 'f_name', key: 'name', title: t('名称', 'Name'), type: 'input' },
        {
          type: 'grid',
          key: 'cells',
          props: { columns: 2 },
          children: [{ id: 'f_amount', key: 'amount', title: t('金额', 'Amount'), type: 'number' }],
        },
        {
          type: 'tab',
          key: 'tabs',
          children: [
            {
              key: 'one',
              title: t('一', 'One'),
              children: [{ id: 'f_note', key: 'note', title: t('备注', 'Note'), type: 'textarea' }],
            },
            { key: 'two', title: t('二', 'Two'), children: [] },
          ],
        },
        { type: 'card', key: 'box', title: t('卡片', 'Box'), children: [] },
      ],
    },
    {
      type: 'list',
      key: 'rows',
      dataSource: { kind: 'STATIC', data: [] },
      fields: [
        { id: 'f_title', key: 'title', title: t('标题', 'Title'), type: 'input' },
        { id: 'f_name_list', key: 'name', title: t('名称', 'Name'), type: 'input' },
      ],
    },
    {
      type: 'grid',
      key: 'outer',
      children: [
        {
          type: 'card',
          key: 'about',
          children: [{ id: 'f_about', key: 'about', title: t('关于', 'About'), type: 'readonly' }],
        },
      ],
    },
  ],
});

export const sampleDocument = () => documentOf(samplePage());

/** Deterministic field ids for tests: f_new1, f_new2, … */
export function countingIds(): CommandOptions {
  let n = 0;
  return { newFieldId: () => `f_new${++n}` };
}
