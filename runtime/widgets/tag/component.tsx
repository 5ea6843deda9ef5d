import { useState } from 'react';
import { Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { useT } from '../../react/context';
import { ReadText } from '../../react/widget-helpers/read-pretty';

interface Props {
  value?: unknown;
  onChange?: (stored: string | null) => void;
  color?: string;
  maxCount?: number;
  maxLength?: number;
  disabled?: boolean;
}

function TagEdit({ value, onChange, color, maxCount = 100, maxLength = 30, disabled }: Props) {
  const t = useT();
  const tags = splitMulti(value);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const commit = () => {
    const tag = text.trim().replace(/,/g, '，');
    if (tag && !tags.includes(tag)) onChange?.(joinMulti([...tags, tag]));
    setAdding(false);
    setText('');
  };
  return (
    <Space wrap size={4} className="tessera-tags">
      {tags.map((tag) => (
        <Tag
          key={tag}
          color={color}
          closable={!disabled}
          onClose={(e) => {
            e.preventDefault();
            onChange?.(joinMulti(tags.filter((x) => x !== tag)));
          }}
        >
          {tag}
        </Tag>
      ))}
      {!disabled &&
        tags.length < maxCount &&
        (adding ? (
          <Input
            size="small"
            autoFocus
            style={{ width: 110 }}
            maxLength={maxLength}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onPressEnter={commit}
          />
        ) : (
          <Tag
            className="tessera-tag-add"
            style={{ borderStyle: 'dashed', cursor: 'pointer' }}
            onClick={() => setAdding(true)}
          >
            <PlusOutlined /> {t('widgets.tag.add')}
          </Tag>
        ))}
    </Space>
  );
}

function TagRead({ value, color }: Props) {
  const tags = splitMulti(value);
  if (!tags.length) return <ReadText text="" />;
  return (
    <span className="tessera-read-pretty tessera-tags">
      {tags.map((tag) => (
        <Tag key={tag} color={color}>
          {tag}
        </Tag>
      ))}
    </span>
  );
}

export const TagWidget = connect(TagEdit, mapReadPretty(TagRead));
