/** A stored value per widget type (and the field props it needs), for the value-format suites. */
import dayjs from 'dayjs';
import type { FieldDefinition } from '../../protocol/page-schema';
import { encodeMarkdown, encodeRichText } from '../../runtime/core/codecs/text-encoding';

export const ITEMS = [
  { value: '1', label: { zh: '选项一', en: 'Option 1' } },
  { value: '2', label: { zh: '选项二', en: 'Option 2' } },
];
export const day = dayjs('2024-03-15T00:00:00');
export const at = dayjs('2024-03-15T08:30:05').valueOf();
const text = 'Hello 你好';

/** A stored value per widget type, and the field props it needs. */
export const SAMPLES: Record<string, { stored: unknown; field?: Partial<FieldDefinition> }> = {
  date: { stored: day.valueOf() },
  month: { stored: day.startOf('month').valueOf() },
  week: { stored: day.startOf('week').valueOf() },
  timestamp: { stored: at },
  range: { stored: `${day.valueOf()},${day.add(4, 'day').endOf('day').valueOf()}` },
  'timestamp-range': { stored: `${at},${at + 3_600_000}` },
  time: { stored: '08:30:05' },
  number: { stored: 12.5 },
  switch: { stored: 1 },
  checkbox: { stored: 0 },
  select: { stored: '2', field: { selectItems: ITEMS } },
  'select-filter': { stored: '1', field: { selectItems: ITEMS } },
  'select-search': { stored: '1', field: { selectItems: ITEMS } },
  'select-multi': { stored: '1,2', field: { selectItems: ITEMS } },
  'select-tag': { stored: '1,2', field: { selectItems: ITEMS } },
  'radio-group': { stored: '2', field: { selectItems: ITEMS } },
  'radio-button': { stored: '2', field: { selectItems: ITEMS } },
  'button-group': { stored: '1', field: { selectItems: ITEMS } },
  'multi-button-group': { stored: '1,2', field: { selectItems: ITEMS } },
  'checkbox-group': { stored: '1,2', field: { selectItems: ITEMS } },
  change: { stored: '1,2', field: { selectItems: ITEMS } },
  'drag-list': { stored: '2,1', field: { selectItems: ITEMS } },
  'tree-select': { stored: '2', field: { selectItems: ITEMS } },
  tag: { stored: 'red,蓝色' },
  input: { stored: text },
  textarea: { stored: text },
  readonly: { stored: text },
  password: { stored: 'secret' },
  link: { stored: 'https://example.com/a' },
  qr: { stored: 'ABC123' },
  barcode: { stored: 'ABC123' },
  icon: { stored: 'HomeOutlined' },
  'code-editor': { stored: '{"a":1}' },
  slot: { stored: 'slot value', field: { props: { name: 'demo' } } },
  markdown: { stored: encodeMarkdown('# Title') },
  'rich-text': { stored: encodeRichText('<p>Hello <b>world</b> &amp; 你好</p>') },
  'rich-editor': { stored: encodeRichText('<p>Hello <b>world</b></p>') },
  table: { stored: '[{"item":"螺丝","qty":2}]', field: { props: { columns: [{ key: 'item', title: 'Item' }] } } },
  image: { stored: '[{"url":"/files/a.png","name":"a.png"}]' },
  avatar: { stored: '[{"url":"/files/me.png","name":"me.png"}]' },
  file: { stored: '[{"url":"/files/a.pdf","name":"合同.pdf"},{"url":"/files/b.pdf","name":"b.pdf"}]' },
  video: { stored: '[{"url":"/files/v.mp4","name":"v.mp4"}]' },
  audio: { stored: '[{"url":"/files/s.mp3","name":"s.mp3"}]' },
};
