import { Tag, Transfer } from 'antd';
import { connect, mapReadPretty, observer } from '@formily/react';
import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { useT } from '../../react/context';
import { choiceLabels, type ChoiceProps } from '../../react/widget-helpers/choice';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { useOptions, type Option } from '../../react/widget-helpers/use-options';

type Props = ChoiceProps & {
  onChange?: (stored: string | null) => void;
  disabled?: boolean;
  /** [source, target] list titles, already in the form's language (compile hook). */
  titles?: string[];
  showSearch?: boolean;
  listHeight?: number;
};

interface Row {
  key: string;
  title: string;
}

/**
 * The stored value of the chosen keys, in option order (stable whatever order they were moved in);
 * stored values that are not options now (hidden later, other roles') are kept, not dropped silently.
 */
function storedOf(chosen: string[], previous: string[], options: Option[]): string | null {
  const picked = new Set(chosen);
  const known = new Set(options.map((o) => String(o.value)));
  return joinMulti([
    ...options.filter((o) => picked.has(String(o.value))).map((o) => String(o.value)),
    ...previous.filter((v) => !known.has(v)),
  ]);
}

const ChangeEdit = observer(
  ({ items, dictApi, value, onChange, disabled, titles, showSearch = true, listHeight = 240 }: Props) => {
    const t = useT();
    const { options } = useOptions({ items, dictApi });
    const stored = splitMulti(value);
    const rows: Row[] = options.map((o) => ({ key: String(o.value), title: o.label }));
    return (
      <Transfer<Row>
        className="tessera-change"
        dataSource={rows}
        targetKeys={stored}
        disabled={disabled}
        showSearch={showSearch}
        titles={[titles?.[0] || t('widgets.change.source'), titles?.[1] || t('widgets.change.target')]}
        // Every word from our catalogue, in the runtime's language (whatever antd locale is around).
        locale={{
          searchPlaceholder: t('widgets.change.search'),
          itemUnit: t('widgets.change.items'),
          itemsUnit: t('widgets.change.items'),
          notFoundContent: t('widgets.change.none'),
        }}
        listStyle={{ width: 220, height: listHeight }}
        render={(row) => row.title}
        filterOption={(input, row) => row.title.toLowerCase().includes(input.trim().toLowerCase())}
        onChange={(next) => onChange?.(storedOf(next.map(String), stored, options))}
      />
    );
  },
);

/** Read-only: the chosen options' labels as tags, in stored order. */
const ChangeRead = observer((props: ChoiceProps) => {
  const { options } = useOptions({ items: props.items, dictApi: props.dictApi });
  const labels = choiceLabels(props.value, options, true);
  if (!labels.length) return <ReadText text="" />;
  return (
    <span className="tessera-read-pretty tessera-change-read">
      {labels.map((label, index) => (
        <Tag key={`${index}-${label}`}>{label}</Tag>
      ))}
    </span>
  );
});

export const ChangeWidget = connect(ChangeEdit, mapReadPretty(ChangeRead));
