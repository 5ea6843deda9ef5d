/**
 * The side drawer (building-blocks §2.9): a title, the content, and a footer with 关闭 / 确定.
 * `onOk` may return a promise: 确定 shows a spinner and ignores further clicks until it settles,
 * so a slow save cannot be sent twice. Closing is the caller's decision (controlled `open`).
 */
import { Button, Drawer, Space } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../../protocol/constants';
import { useBlockText } from '../confirm/lang';

export interface SideDrawerProps {
  open: boolean;
  title?: ReactNode;
  children?: ReactNode;
  /** Default 500 (the spec's dialog width); a number is px, a string any CSS width ('50%'). */
  width?: number | string;
  placement?: 'right' | 'left';
  onClose: () => void;
  /** Omit for a read-only drawer: no 确定 button. */
  onOk?: () => void | Promise<unknown>;
  okText?: ReactNode;
  cancelText?: ReactNode;
  lang?: Lang;
}

export function SideDrawer(props: SideDrawerProps) {
  const { open, title, children, width = 500, placement = 'right', onClose, onOk, lang } = props;
  const t = useBlockText(lang);
  const [busy, setBusy] = useState(false);
  // A ref, not the state: two clicks in one frame both see the state from before the first.
  const pending = useRef(false);

  const ok = async () => {
    if (!onOk || pending.current) return;
    pending.current = true;
    setBusy(true);
    try {
      await onOk();
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={title}
      width={width}
      placement={placement}
      onClose={onClose}
      destroyOnHidden
      className="tessera-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{props.cancelText ?? t('blocks.drawer.cancel')}</Button>
          {onOk && (
            <Button type="primary" loading={busy} onClick={() => void ok()}>
              {props.okText ?? t('blocks.drawer.ok')}
            </Button>
          )}
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
