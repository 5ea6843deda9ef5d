/**
 * The search form (building-blocks §2): FormBody in search mode, default 3 columns, 查询 / 重置,
 * and the 展开 / 收起 toggle when there are more fields than fit one row. Values are the stored
 * forms (timestamps, comma strings); the controller turns them into conditions.
 */
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { SEARCH_COLUMNS } from '../../../protocol/constants';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { FormBody } from '../../react/FormBody';
import { useT } from '../../react/context';

export interface SearchBarProps {
  fields: FieldDefinition[];
  columns?: number;
  fold?: boolean;
  /** The search the list opened with (restored from the address). */
  initialValues?: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}

export function SearchBar({
  fields,
  columns = SEARCH_COLUMNS,
  fold = true,
  initialValues,
  onSearch,
  onReset,
}: SearchBarProps) {
  const t = useT();
  // Read once per mount: the list remounts the bar (key) when the address brings another search.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ initialValues: { ...initialValues } }), []);
  const foldable = fold && fields.length > columns;
  // A restored search on a field folded away opens the fold, so what filters the list is in view.
  const [expanded, setExpanded] = useState(() =>
    fields.slice(columns).some((f) => initialValues?.[f.key] !== undefined && initialValues?.[f.key] !== ''),
  );
  const shown = useMemo(
    () => (foldable && !expanded ? fields.slice(0, columns) : fields),
    [fields, foldable, expanded, columns],
  );
  const keys = fields.map((f) => f.key);
  // Only search fields count: the form may also hold values of fields folded away, which still apply.
  const values = () => Object.fromEntries(keys.map((k) => [k, form.values[k]]));

  return (
    <form
      className="tessera-list-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(values());
      }}
      onKeyDown={(event) => {
        // Enter in a search input runs 查询. Handled here (not left to implicit submission) so it
        // also works where a widget's input is not a plain text box; a widget that uses Enter
        // itself (a select choosing an option, an IME composing) marks the event handled first.
        const target = event.target as HTMLElement;
        if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
        if (target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
        event.preventDefault();
        onSearch(values());
      }}
    >
      <FormProvider form={form}>
        <FormBody nodes={shown} mode="search" columns={columns} />
      </FormProvider>
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          {t('runtime.list.search')}
        </Button>
        <Button
          onClick={async () => {
            await form.reset('*', { forceClear: true });
            onReset();
          }}
        >
          {t('runtime.list.reset')}
        </Button>
        {foldable && (
          <Button type="link" onClick={() => setExpanded((e) => !e)}>
            {t(expanded ? 'runtime.list.collapse' : 'runtime.list.expand')}
          </Button>
        )}
      </Space>
    </form>
  );
}
