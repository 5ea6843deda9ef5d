import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { defineFieldCompiler } from '../../core/compiler/hooks';
import { defineWidget, type ValueCodec } from '../../core/registry';
import { optionsCompiler } from '../shared/options';
import { choiceFormat } from '../../core/format';

const isMulti = (props: Record<string, unknown> | undefined) => Boolean(props?.multiple || props?.treeCheckable);

/** Single: the node value; multiple / checkable: comma-joined (ai-and-widgets §3). */
const codec: ValueCodec = {
  decode: (stored, field) => (isMulti(field.props) ? splitMulti(stored) : (stored ?? undefined)),
  encode: (value, field) => (isMulti(field.props) ? joinMulti(value) : (value ?? null)),
};

/** A choice in a tree of options (selectItems with children, or a dictionary returning children). */
export const treeSelectWidget = defineWidget({
  type: 'tree-select',
  palette: {
    title: { zh: '树选择', en: 'Tree select' },
    icon: 'ApartmentOutlined',
    group: 'choice',
    defaults: {
      type: 'tree-select',
      title: { zh: '树选择', en: 'Tree select' },
      selectItems: [
        { value: '1', label: { zh: '选项一', en: 'Option 1' } },
        { value: '2', label: { zh: '选项二', en: 'Option 2' } },
      ],
    },
  },
  columnType: 'string',
  format: choiceFormat({ multi: (field) => isMulti(field.props) }),
  searchRule: 'EQUAL',
  codec,
  propsSchema: {
    type: 'object',
    properties: {
      multiple: { type: 'boolean' },
      treeCheckable: { type: 'boolean' },
      treeDefaultExpandAll: { type: 'boolean' },
      showSearch: { type: 'boolean' },
      // SHOW_ALL keeps a fully checked folder's own id in the value (role menus), not just its leaves.
      showCheckedStrategy: { enum: ['SHOW_ALL', 'SHOW_PARENT', 'SHOW_CHILD'] },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'placeholder', title: { zh: '占位提示', en: 'Placeholder' }, type: 'input' },
    { key: 'props.multiple', title: { zh: '多选', en: 'Multiple' }, type: 'switch' },
    { key: 'props.treeCheckable', title: { zh: '勾选', en: 'Checkable' }, type: 'switch' },
  ],
});

defineFieldCompiler('tree-select', optionsCompiler());
