// @vitest-environment happy-dom
/**
 * One owner per value format (issue 13 item 3): for every widget type with a value, the table cell,
 * the detail (read-only form) and the export cell show the same text, and the exported cell parses
 * back to the stored value. Table-driven over the registry: a new widget without a format or a
 * sample here fails.
 */
import '../dom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Lang } from '../../protocol/constants';
import type { FieldDefinition } from '../../protocol/page-schema';
import '../../runtime/widgets/definitions';
import { allWidgets } from '../../runtime/core/registry';
import { labelMapOf, valueFormatOf } from '../../runtime/core/format';
import { formatCell } from '../../runtime/core/list/format';
import { renderForm } from '../../runtime/react/widget-helpers/testing';
import { cellFormatter } from '../../server/common/export/format';
import { SAMPLES, at } from './value-format-samples';

/**
 * Widgets whose detail view renders the value rather than writing its text (an image, a code, a
 * link, formatted HTML): their detail is checked by their own tests, not as text here.
 */
const RENDERED_DETAIL = new Set([
  'qr', // a QR image
  'barcode', // a bar code image
  'icon', // the icon itself
  'image',
  'avatar',
  'video',
  'audio',
  'file', // links to the files
  'markdown', // rendered markdown
  'rich-text', // sanitised HTML
  'rich-editor',
  'table', // a sub-table
  'slot', // the host app's component
  'link', // an <a> with the link text
  'password', // a masked input
  'code-editor', // a code block
]);

const valueWidgets = allWidgets().filter((w) => !w.noValue);
const fieldOf = (type: string): FieldDefinition => ({ key: 'v', title: 'V', type, ...SAMPLES[type]?.field });

function exportCell(field: FieldDefinition, stored: unknown, lang: Lang) {
  const labels = labelMapOf(field, lang);
  const options = labels ? [...labels].map(([value, label]) => ({ value, label })) : undefined;
  return cellFormatter({ column: undefined, field, options, lang })(stored);
}

afterEach(cleanup);

describe('every widget with a value owns its format', () => {
  it.each(valueWidgets.map((w) => w.type))('%s declares a format and has a sample here', (type) => {
    expect(valueFormatOf(type), `${type}: add format to its definition`).toBeDefined();
    expect(SAMPLES[type], `${type}: add a sample stored value to this test`).toBeDefined();
  });
});

describe.each(['zh', 'en'] as const)('table cell = detail = export cell (%s)', (lang) => {
  it.each(valueWidgets.map((w) => w.type).filter((t) => SAMPLES[t]))('%s', (type) => {
    const field = fieldOf(type);
    const { stored } = SAMPLES[type]!;
    const cell = formatCell(field, stored, { lang });
    expect(cell).not.toBe('');
    expect(String(exportCell(field, stored, lang))).toBe(cell);
    if (RENDERED_DETAIL.has(type)) return;
    const view = renderForm([field], { initialValues: { v: stored }, readPretty: true, lang });
    // Tags (tag, change) show each value as its own antd Tag: their texts in order.
    const tags = [...view.container.querySelectorAll('.ant-tag')].map((tag) => tag.textContent);
    const detail = tags.length ? tags.join(', ') : view.container.textContent?.replace(/\s+/g, ' ').trim();
    expect(detail).toContain(cell);
  });
});

describe('an exported cell parses back to the stored value', () => {
  it.each(valueWidgets.map((w) => w.type).filter((t) => SAMPLES[t] && !valueFormatOf(t)?.lossy))('%s', (type) => {
    const field = fieldOf(type);
    const format = valueFormatOf(type)!;
    for (const lang of ['zh', 'en'] as const) {
      const labels = labelMapOf(field, lang);
      const cell = exportCell(field, SAMPLES[type]!.stored, lang)!;
      expect(format.parse(cell, field, { lang, labels })).toEqual({ value: SAMPLES[type]!.stored });
    }
  });
});

describe('the disagreements issue 13 found', () => {
  it('a date reads YYYY-MM-DD everywhere, a month YYYY-MM, date with time with its time', () => {
    const ctx = { lang: 'zh' as const };
    expect(formatCell(fieldOf('date'), at, ctx)).toBe('2024-03-15');
    expect(exportCell(fieldOf('date'), at, 'zh')).toBe('2024-03-15');
    expect(formatCell(fieldOf('month'), at, ctx)).toBe('2024-03');
    expect(exportCell({ ...fieldOf('date'), props: { showTime: true } }, at, 'zh')).toBe('2024-03-15 08:30:05');
  });
  it('switch reads 是/否 and Yes/No by language; multi-selects join their labels', () => {
    expect(formatCell(fieldOf('switch'), 1, { lang: 'zh' })).toBe('是');
    expect(exportCell(fieldOf('switch'), 0, 'en')).toBe('No');
    expect(formatCell(fieldOf('select-multi'), '1,2', { lang: 'en' })).toBe('Option 1, Option 2');
  });
  it('rich text exports its text only; uploads their file names', () => {
    expect(exportCell(fieldOf('rich-text'), SAMPLES['rich-text']!.stored, 'zh')).toBe('Hello world & 你好');
    expect(exportCell(fieldOf('file'), SAMPLES.file!.stored, 'zh')).toBe('合同.pdf, b.pdf');
  });
});
