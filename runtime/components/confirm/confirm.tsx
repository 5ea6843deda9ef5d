/**
 * The confirm dialog as a reusable helper (building-blocks §2.3): a promise of the operator's answer,
 * so callers write `if (!(await confirm({...}))) return;`. Hook-based (Modal.useModal) so the dialog
 * renders inside the host's ConfigProvider theme and locale: render the holder once.
 */
import { Modal } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { Lang } from '../../../protocol/constants';
import { useBlockText } from './lang';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
}

type ModalApi = Pick<ReturnType<typeof Modal.useModal>[0], 'confirm'>;

/** Opens one confirm dialog on `modal` and resolves true on OK, false on cancel / close / Esc. */
export function confirmWith(modal: ModalApi, options: ConfirmOptions, texts: { ok: string; cancel: string }) {
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText ?? texts.ok,
      cancelText: options.cancelText ?? texts.cancel,
      okButtonProps: options.danger ? { danger: true } : undefined,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export interface ConfirmApi {
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** 确认删除？ / 删除后不可恢复，请谨慎操作, with a red OK. */
  confirmDelete(): Promise<boolean>;
}

export function useConfirm(lang?: Lang): [ConfirmApi, ReactNode] {
  const [modal, holder] = Modal.useModal();
  const t = useBlockText(lang);
  const ok = t('blocks.confirm.ok');
  const cancel = t('blocks.confirm.cancel');
  const deleteTitle = t('blocks.confirm.deleteTitle');
  const deleteContent = t('blocks.confirm.deleteContent');
  const api = useMemo<ConfirmApi>(() => {
    const confirm = (options: ConfirmOptions) => confirmWith(modal, options, { ok, cancel });
    return {
      confirm,
      confirmDelete: () => confirm({ title: deleteTitle, content: deleteContent, danger: true }),
    };
  }, [modal, ok, cancel, deleteTitle, deleteContent]);
  return [api, holder];
}
