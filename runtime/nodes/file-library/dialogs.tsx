/**
 * The file library's two small dialogs: a name (new folder, rename) and a destination folder
 * (move). Both validate what the server also checks, so most mistakes are told before a call.
 */
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useT } from '../../react/context';
import { descendantsOf, folderTree, type FolderNode, type FolderRow } from './tree';

const NAME_MAX = 200;
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[/\\\u0000-\u001f\u007f]/;
const ROOT = '__root';

export function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  onOk: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (props.open) form.setFieldsValue({ name: props.initial ?? '' });
  }, [props.open, props.initial, form]);
  const submit = async () => {
    const { name } = await form.validateFields();
    if (await props.onOk(name.trim())) props.onClose();
  };
  return (
    <Modal open={props.open} title={props.title} onOk={() => void submit()} onCancel={props.onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={props.label}
          rules={[
            { required: true, whitespace: true, message: t('resource.nameInvalid') },
            { max: NAME_MAX, message: t('resource.nameInvalid') },
            {
              validator: (_rule, value: string) =>
                value && (BAD_NAME.test(value) || /^\s*\.{1,2}\s*$/.test(value))
                  ? Promise.reject(new Error(t('resource.nameInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input autoFocus maxLength={NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function disable(nodes: FolderNode[], blocked: Set<string>): object[] {
  return nodes.map((node) => ({
    value: node.key,
    title: node.title,
    disabled: blocked.has(node.key),
    children: disable(node.children, blocked),
  }));
}

export function MoveDialog(props: {
  open: boolean;
  folders: FolderRow[];
  /** The folders being moved: neither they nor anything under them is a destination. */
  moving: string[];
  onOk: (parentId: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ parent: string }>();
  const treeData = useMemo(() => {
    const blocked = new Set<string>();
    for (const id of props.moving) for (const under of descendantsOf(props.folders, id)) blocked.add(under);
    return [{ value: ROOT, title: t('resource.root'), children: disable(folderTree(props.folders), blocked) }];
  }, [props.folders, props.moving, t]);
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [props.open, form]);
  const submit = async () => {
    const { parent } = await form.validateFields();
    if (await props.onOk(parent === ROOT ? null : parent)) props.onClose();
  };
  return (
    <Modal
      open={props.open}
      title={t('resource.move')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="parent"
          label={t('resource.moveTo')}
          rules={[{ required: true, message: t('resource.folderNotFound') }]}
        >
          <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
