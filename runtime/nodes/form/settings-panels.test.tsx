// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsSchema, type TypeKind } from '../../core/palette';
import { nodeTypes, widgetTypes } from '../../core/registry';
import { renderPage } from '../list/test-harness';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

// The designer renders each type's settings panel with the runtime itself: every panel renders.
describe('settings panels render with the runtime', () => {
  it('the date widget panel shows the common and the date settings', async () => {
    renderPage({ schema: settingsSchema('widget', 'date') });
    for (const label of [
      '标题（中文）',
      '标题（英文）',
      '字段名',
      '必填',
      '校验规则（JSON）',
      '占列数',
      '显示格式',
      '选择时间',
    ]) {
      expect(await screen.findByText(label)).toBeTruthy();
    }
  });

  it.each([
    ...nodeTypes().map((t): [TypeKind, string] => ['node', t]),
    ...widgetTypes().map((t): [TypeKind, string] => ['widget', t]),
  ])('%s %s panel renders its title field', async (kind, type) => {
    const { unmount } = renderPage({ schema: settingsSchema(kind, type), lang: 'en' });
    expect(await screen.findByText('Title (Chinese)')).toBeTruthy();
    unmount();
  });
});
