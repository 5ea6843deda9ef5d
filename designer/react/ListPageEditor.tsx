/**
 * The 列表页 tab of a list (docs/designer.md "List page"): which fields are searched, the columns
 * (order, shown, width, fixed side, sortable, display format: ColumnFormatEditor.tsx), the default sort, the page size, the views with the
 * gantt's field mapping, the record actions and extra buttons from the action registry, and import /
 * export. Every change is a command on the list or on a field (`column`, `search`, `tableHidden`).
 */
import { Button, Checkbox, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { translate } from '../../protocol/messages';
import { textOf, type FieldDefinition } from '../../protocol/page-schema';
import { allActions, getNode, getWidget } from '../../runtime/core/registry';
import { walkPage } from '../../runtime/core/schema/walk';
import { nodeAtPointer, nodeOf, parentOf, childrenOf, pointerOfNode, type Command, type DesignDocument } from '../core';
import { ColumnFormatButton } from './ColumnFormatEditor';
import { useDesigner } from './context';

type Lang = 'zh' | 'en';

/** A list's extra button (runtime/nodes/list ListButton, as the meta-schema's action-button says). */
interface ListButton {
  action: string;
  title?: string | { zh: string; en?: string };
  row?: boolean;
  params?: Record<string, unknown>;
}

/** What the list node's own schema allows (the registry describes it: no list of names kept here). */
function listEnum(property: 'actions' | 'views'): string[] {
  const schema = getNode('list')?.schema as
    { properties?: Record<string, { items?: { enum?: string[] } }> } | undefined;
  return schema?.properties?.[property]?.items?.enum ?? [];
}

interface ListField {
  id: string;
  field: FieldDefinition;
  title: string;
}

/** The valued fields of a list, in document order, with their designer ids. */
export function listFields(doc: DesignDocument, listId: string, lang: Lang): ListField[] {
  const pointer = `${pointerOfNode(doc, listId)}/`;
  return walkPage(doc.schema)
    .fields.filter((entry) => entry.pointer.startsWith(pointer) && !getWidget(entry.field.type)?.noValue)
    .map((entry) => ({
      id: nodeAtPointer(doc, entry.pointer),
      field: entry.field,
      title: textOf(entry.field.title, lang) || entry.field.key,
    }));
}

/** Moving a column one place: the field moves among its container's items (the modal follows). */
export function columnMove(doc: DesignDocument, id: string, by: -1 | 1): Command | undefined {
  const parent = parentOf(doc, id);
  if (!parent) return undefined;
  const siblings = childrenOf(doc, parent);
  const at = siblings.indexOf(id);
  const to = at + by;
  if (to < 0 || to >= siblings.length) return undefined;
  // `index` is the place among the items as they are now: after the next one is 2 ahead.
  return { type: 'move', id, parent, index: by > 0 ? to + 1 : to };
}

function Block(props: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="tessera-designer-linkage-section" data-testid={props.testId}>
      <div className="tessera-designer-linkage-head">
        <span className="tessera-designer-linkage-title">{props.title}</span>
      </div>
      {props.children}
    </section>
  );
}

const t = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  translate(lang, `designerList.${key}`, params);

export function ListPageEditor({ id }: { id: string }) {
  const { state, dispatch, lang, readOnly } = useDesigner();
  const LIST_ACTIONS = listEnum('actions');
  const LIST_VIEWS = listEnum('views');
  const doc = state.editor.doc;
  const list = nodeOf(doc, id)!;
  const fields = listFields(doc, id, lang);
  const run = (command: Command | undefined) => command && !readOnly && dispatch({ type: 'run', command });
  const setList = (values: Record<string, unknown>) => run({ type: 'updateSettings', id, values });
  const setField = (fieldId: string, values: Record<string, unknown>) =>
    run({ type: 'updateSettings', id: fieldId, values });
  // A move selects the moved node; the list stays selected here, so its tab stays open.
  const moveColumn = (fieldId: string, by: -1 | 1) => {
    run(columnMove(doc, fieldId, by));
    dispatch({ type: 'select', id });
  };
  const column = (field: FieldDefinition) => field.column ?? {};
  const setColumn = (entry: ListField, patch: Partial<NonNullable<FieldDefinition['column']>>) => {
    const next = Object.fromEntries(
      Object.entries({ ...column(entry.field), ...patch }).filter(
        ([, value]) => value !== undefined && value !== false,
      ),
    );
    setField(entry.id, { column: Object.keys(next).length ? next : undefined });
  };
  const actions = (list.actions as string[] | undefined) ?? ['add', 'edit', 'copy', 'detail', 'delete', 'batchDelete'];
  const views = (list.views as string[] | undefined) ?? ['table'];
  const sort = ((list.sorts as { key: string; order?: 'asc' | 'desc' }[] | undefined) ?? [])[0];
  const gantt = (list.gantt ?? {}) as Record<string, string | undefined>;
  const buttons = (list.buttons as ListButton[] | undefined) ?? [];
  const fieldOptions = fields.map((entry) => ({ value: entry.field.key, label: entry.title }));
  const pageSize = (list.pagination as { pageSize?: number } | false | undefined) || undefined;
  return (
    <div className="tessera-designer-list-page" data-list-page-for={id}>
      <Block title={t(lang, 'search')} testId="list-search">
        <Checkbox.Group
          disabled={readOnly}
          value={fields.filter((entry) => entry.field.search).map((entry) => entry.id)}
          options={fields.map((entry) => ({ value: entry.id, label: entry.title }))}
          onChange={(checked) => {
            const commands = fields.flatMap((entry): Command[] => {
              const on = checked.includes(entry.id);
              if (on === !!entry.field.search) return [];
              return [{ type: 'updateSettings', id: entry.id, values: { search: on ? true : undefined } }];
            });
            run(commands.length === 1 ? commands[0] : { type: 'batch', commands });
          }}
        />
      </Block>
      <Block title={t(lang, 'columns')} testId="list-columns">
        <div className="tessera-designer-columns">
          <div className="tessera-designer-column tessera-designer-column-head">
            <span />
            <span>{t(lang, 'column')}</span>
            <span>{t(lang, 'width')}</span>
            <span>{t(lang, 'fixed')}</span>
            <span>{t(lang, 'sortable')}</span>
            <span>{t(lang, 'format')}</span>
          </div>
          {fields.map((entry) => (
            <div className="tessera-designer-column" key={entry.id} data-testid="list-column">
              <span className="tessera-designer-column-order">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={readOnly || !columnMove(doc, entry.id, -1)}
                  aria-label={t(lang, 'moveUp')}
                  onClick={() => moveColumn(entry.id, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={readOnly || !columnMove(doc, entry.id, 1)}
                  aria-label={t(lang, 'moveDown')}
                  onClick={() => moveColumn(entry.id, 1)}
                />
              </span>
              <Checkbox
                disabled={readOnly}
                checked={!entry.field.tableHidden}
                onChange={(event) => setField(entry.id, { tableHidden: event.target.checked ? undefined : true })}
              >
                {entry.title}
              </Checkbox>
              <InputNumber
                size="small"
                min={40}
                max={2000}
                disabled={readOnly}
                value={column(entry.field).width}
                placeholder={t(lang, 'auto')}
                onChange={(width) => setColumn(entry, { width: typeof width === 'number' ? width : undefined })}
              />
              <Select
                size="small"
                disabled={readOnly}
                value={column(entry.field).fixed ?? ''}
                onChange={(fixed: string) => setColumn(entry, { fixed: (fixed || undefined) as 'left' | 'right' })}
                options={[
                  { value: '', label: t(lang, 'notFixed') },
                  { value: 'left', label: t(lang, 'left') },
                  { value: 'right', label: t(lang, 'right') },
                ]}
              />
              <Switch
                size="small"
                disabled={readOnly}
                checked={!!column(entry.field).sortable}
                onChange={(sortable) => setColumn(entry, { sortable })}
              />
              <ColumnFormatButton
                field={entry.field}
                title={entry.title}
                lang={lang}
                readOnly={readOnly}
                onChange={(format) => setColumn(entry, { format })}
              />
            </div>
          ))}
        </div>
      </Block>
      <Block title={t(lang, 'sortAndPaging')} testId="list-sort">
        <div className="tessera-designer-condition">
          <Typography.Text>{t(lang, 'defaultSort')}</Typography.Text>
          <Select
            size="small"
            style={{ flex: 1 }}
            allowClear
            disabled={readOnly}
            placeholder={t(lang, 'newestFirst')}
            value={sort?.key}
            options={fieldOptions}
            onChange={(key?: string) => setList({ sorts: key ? [{ key, order: sort?.order ?? 'asc' }] : undefined })}
            data-testid="list-sort-key"
          />
          <Select
            size="small"
            style={{ width: 80 }}
            disabled={readOnly || !sort}
            value={sort?.order ?? 'asc'}
            options={[
              { value: 'asc', label: t(lang, 'asc') },
              { value: 'desc', label: t(lang, 'desc') },
            ]}
            onChange={(order: string) => sort && setList({ sorts: [{ key: sort.key, order }] })}
          />
        </div>
        <div className="tessera-designer-condition" style={{ marginTop: 6 }}>
          <Typography.Text>{t(lang, 'pageSize')}</Typography.Text>
          <InputNumber
            size="small"
            min={1}
            max={1000}
            disabled={readOnly || list.pagination === false}
            value={pageSize?.pageSize}
            placeholder="10"
            onChange={(size) => setList({ pagination__pageSize: typeof size === 'number' ? size : undefined })}
            data-testid="list-page-size"
          />
        </div>
      </Block>
      <Block title={t(lang, 'views')} testId="list-views">
        <Checkbox.Group
          disabled={readOnly}
          value={views}
          options={LIST_VIEWS.map((view) => ({ value: view, label: t(lang, `view.${view}`) }))}
          onChange={(checked) => {
            const next = LIST_VIEWS.filter((view) => checked.includes(view));
            if (next.length) setList({ views: next.length === 1 && next[0] === 'table' ? undefined : next });
          }}
        />
        {views.includes('gantt') &&
          (['text', 'start', 'duration', 'parent'] as const).map((part) => (
            <div className="tessera-designer-condition" key={part} style={{ marginTop: 6 }}>
              <Typography.Text style={{ width: 72 }}>{t(lang, `gantt.${part}`)}</Typography.Text>
              <Select
                size="small"
                style={{ flex: 1 }}
                allowClear
                disabled={readOnly}
                value={gantt[part]}
                options={fieldOptions}
                onChange={(key?: string) => {
                  const next = { ...gantt, [part]: key };
                  const kept = Object.fromEntries(Object.entries(next).filter(([, value]) => value));
                  setList({ gantt: Object.keys(kept).length ? kept : undefined });
                }}
                data-testid={`gantt-${part}`}
              />
            </div>
          ))}
      </Block>
      <Block title={t(lang, 'actions')} testId="list-actions">
        <Checkbox.Group
          disabled={readOnly}
          value={actions}
          options={LIST_ACTIONS.map((action) => ({ value: action, label: t(lang, `action.${action}`) }))}
          onChange={(checked) => setList({ actions: LIST_ACTIONS.filter((action) => checked.includes(action)) })}
        />
        <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 4px' }}>
          {t(lang, 'buttons')}
        </Typography.Text>
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          {buttons.map((button, index) => {
            const change = (patch: Partial<ListButton>) =>
              setList({ buttons: buttons.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) });
            const title = typeof button.title === 'object' ? button.title.zh : (button.title ?? '');
            return (
              <div className="tessera-designer-condition" key={index} data-testid="list-button">
                <Select
                  size="small"
                  style={{ width: 110 }}
                  disabled={readOnly}
                  value={button.action}
                  options={allActions().map((action) => ({
                    value: action.type,
                    label: action.title?.[lang] ?? action.type,
                  }))}
                  onChange={(action: string) => change({ action })}
                />
                <Input
                  size="small"
                  style={{ flex: 1 }}
                  disabled={readOnly}
                  placeholder={t(lang, 'buttonTitle')}
                  value={title}
                  onChange={(event) => change({ title: event.target.value || undefined })}
                />
                <Checkbox
                  disabled={readOnly}
                  checked={!!button.row}
                  onChange={(event) => change({ row: event.target.checked || undefined })}
                >
                  {t(lang, 'onRow')}
                </Checkbox>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  disabled={readOnly}
                  aria-label={translate(lang, 'designerPanel.remove')}
                  onClick={() => {
                    const next = buttons.filter((_, at) => at !== index);
                    setList({ buttons: next.length ? next : undefined });
                  }}
                />
              </div>
            );
          })}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={readOnly || allActions().length === 0}
            onClick={() => setList({ buttons: [...buttons, { action: allActions()[0].type }] })}
          >
            {t(lang, 'addButton')}
          </Button>
        </Space>
      </Block>
      <Block title={t(lang, 'transfer')} testId="list-transfer">
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          <Typography.Text type="secondary">{t(lang, 'transferHint')}</Typography.Text>
          <Checkbox.Group
            disabled={readOnly}
            value={fields.filter((entry) => entry.field.allowExport !== false).map((entry) => entry.id)}
            options={fields.map((entry) => ({ value: entry.id, label: entry.title }))}
            onChange={(checked) => {
              const commands = fields.flatMap((entry): Command[] => {
                const on = checked.includes(entry.id);
                if (on === (entry.field.allowExport !== false)) return [];
                return [{ type: 'updateSettings', id: entry.id, values: { allowExport: on ? undefined : false } }];
              });
              run(commands.length === 1 ? commands[0] : { type: 'batch', commands });
            }}
          />
          <div className="tessera-designer-condition">
            <Typography.Text>{t(lang, 'importTemplate')}</Typography.Text>
            <Input
              size="small"
              style={{ flex: 1 }}
              disabled={readOnly}
              value={(list.importTemplateId as string | undefined) ?? ''}
              placeholder={t(lang, 'importTemplateHint')}
              onChange={(event) => setList({ importTemplateId: event.target.value.trim() || undefined })}
            />
          </div>
        </Space>
      </Block>
    </div>
  );
}
