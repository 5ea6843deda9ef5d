/**
 * The antd side of useActionUi (action-ui.tsx): message and Modal.confirm through their hook APIs,
 * so notices render inside the host's ConfigProvider theme and locale. Its own chunk, mounted the
 * first time an action shows something: antd's Modal and message (with rc-dialog and
 * rc-notification, ~70 kB minified) are not needed before a page's first paint.
 */
import { message, Modal, Typography } from 'antd';
import { useEffect } from 'react';

export interface ActionUiApis {
  message: ReturnType<typeof message.useMessage>[0];
  modal: ReturnType<typeof Modal.useModal>[0];
}

/** A value shown once (a generated password): the text, then the value with a copy button. */
export function showSecret(
  modal: ActionUiApis['modal'],
  options: { title: string; content: string; secret: string; okText: string },
): void {
  modal.info({
    title: options.title,
    okText: options.okText,
    content: (
      <>
        <Typography.Paragraph>{options.content}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: options.secret }} code data-testid="shown-secret">
          {options.secret}
        </Typography.Paragraph>
      </>
    ),
  });
}

export default function ActionUiHost({ onReady }: { onReady: (apis: ActionUiApis | null) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, modal });
    return () => onReady(null);
  }, [messageApi, modal, onReady]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
