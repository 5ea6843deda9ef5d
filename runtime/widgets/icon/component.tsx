import { useState } from 'react';
import { Button, Space } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { useT } from '../../react/context';
import { useIcons, type IconSet } from '../../react/widget-helpers/icons';
import { ReadText } from '../../react/widget-helpers/read-pretty';
import { IconPicker } from './picker';

interface Props {
  value?: unknown;
  onChange?: (name: string | null) => void;
  disabled?: boolean;
}

const nameOf = (value: unknown) => (typeof value === 'string' ? value : '');

function Shown({ icons, name }: { icons: IconSet | undefined; name: string }) {
  const Icon = icons && Object.hasOwn(icons, name) ? icons[name] : undefined;
  return (
    <span className="tessera-icon">
      {Icon && <Icon style={{ fontSize: 18, marginRight: 6 }} />}
      <span className="tessera-icon-name">{name}</span>
    </span>
  );
}

function IconEdit({ value, onChange, disabled }: Props) {
  const t = useT();
  const icons = useIcons();
  const [open, setOpen] = useState(false);
  const name = nameOf(value);
  return (
    <Space>
      {name && <Shown icons={icons} name={name} />}
      <Button disabled={disabled || !icons} onClick={() => setOpen(true)}>
        {t('widgets.icon.choose')}
      </Button>
      {name && !disabled && (
        <Button type="link" onClick={() => onChange?.(null)}>
          {t('widgets.icon.clear')}
        </Button>
      )}
      {icons && (
        <IconPicker
          open={open}
          icons={icons}
          value={name}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            onChange?.(picked);
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}

function IconRead({ value }: Props) {
  const icons = useIcons();
  const name = nameOf(value);
  return name ? (
    <span className="tessera-read-pretty">
      <Shown icons={icons} name={name} />
    </span>
  ) : (
    <ReadText text="" />
  );
}

export const IconWidget = connect(IconEdit, mapReadPretty(IconRead));
