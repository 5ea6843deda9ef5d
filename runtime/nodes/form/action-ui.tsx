/**
 * The ActionUi of runtime/actions over antd: message for notices, Modal.confirm for the delete
 * dialog. Hook-based APIs (not the static ones) so notices render inside the host's ConfigProvider
 * theme and locale; render the returned holder once in the node.
 */
import { message, Modal } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { ActionUi } from '../../actions/types';
import { useRuntime, useT } from '../../react/context';

export function useActionUi(): [ActionUi, ReactNode] {
  const { lang } = useRuntime();
  const t = useT();
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const ui = useMemo<ActionUi>(
    () => ({
      lang,
      t,
      success: (text) => void messageApi.success(text),
      warning: (text) => void messageApi.warning(text),
      confirm: ({ title, content }) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title,
            content,
            okText: t('runtime.modal.ok'),
            cancelText: t('runtime.modal.cancel'),
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    }),
    [lang, t, messageApi, modal],
  );
  return [
    ui,
    <>
      {messageHolder}
      {modalHolder}
    </>,
  ];
}
