/**
 * Turns a rendered page into a readable, stable outline for the render snapshots: the nodes (by
 * their data-node-key and tessera-<type> class), form fields (title, required mark, the widget kind
 * recognised from the antd component that rendered), table columns, tabs, card titles and visible
 * buttons. It never copies class names wholesale or ids, so antd's hashed classes and generated ids
 * cannot make a snapshot flap; only what a user sees and relies on is written.
 */

/** antd root classes → the widget kind shown in the outline; the first match inside a field wins. */
const WIDGET_CLASSES: [string, string][] = [
  ['ant-upload', 'upload'],
  ['ant-cascader', 'cascader'],
  ['ant-tree-select', 'tree-select'],
  ['ant-select', 'select'],
  ['ant-picker-range', 'date-range'],
  ['ant-picker', 'date'],
  ['ant-input-number', 'number'],
  ['ant-switch', 'switch'],
  ['ant-radio-group', 'radio'],
  ['ant-checkbox-group', 'checkbox-group'],
  ['ant-checkbox', 'checkbox'],
  ['ant-rate', 'rate'],
  ['ant-slider', 'slider'],
  ['ant-color-picker-trigger', 'color'],
  ['ant-input-password', 'password'],
  ['ant-input-textarea', 'textarea'],
  ['ant-input', 'input'],
];

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** antd puts a space between two CJK characters in a button; the outline shows the label as written. */
const label = (text: string | null | undefined) =>
  squash(text).replace(/(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])/g, '');

function hidden(el: Element): boolean {
  for (let at: Element | null = el; at; at = at.parentElement) {
    if (at.hasAttribute('hidden') || at.getAttribute('aria-hidden') === 'true') return true;
    if ((at as HTMLElement).style?.display === 'none') return true;
  }
  return false;
}

function widgetKinds(item: Element): string[] {
  const control = item.querySelector('.ant-formily-item-control') ?? item;
  const kinds: string[] = [];
  const visit = (el: Element) => {
    const found = WIDGET_CLASSES.find(([cls]) => el.classList.contains(cls));
    if (found) {
      kinds.push(found[1]);
      return;
    }
    for (const child of el.children) visit(child);
  };
  visit(control);
  if (!kinds.length) {
    // Not a plain antd control: name it by the first tessera-/ant- class inside (a widget's own root).
    const own = [...control.querySelectorAll('[class]')]
      .flatMap((el) => [...el.classList])
      .find((c) => /^(tessera|ant|w-e)-[a-z-]+$/.test(c) && !c.startsWith('ant-formily-item'));
    if (own) return [own];
    const text = squash(control.textContent);
    kinds.push(control.querySelector('svg,canvas,img') ? 'graphic' : text ? 'text' : 'empty');
  }
  return kinds;
}

function nodeType(el: Element): string {
  const cls = [...el.classList].find((c) => /^tessera-[a-z-]+$/.test(c));
  return cls ? cls.slice('tessera-'.length) : el.tagName.toLowerCase();
}

/** The outline lines of `root`, indented two spaces per nesting level of tessera nodes. */
export function outline(root: Element): string {
  const lines: string[] = [];
  const walk = (el: Element, depth: number) => {
    const pad = '  '.repeat(depth);
    // antd's Tabs also sets data-node-key (on each tab button); a Tessera node has its tessera-<type> class.
    if (el !== root && el.hasAttribute('data-node-key') && nodeType(el) !== el.tagName.toLowerCase()) {
      lines.push(`${pad}${nodeType(el)} #${el.getAttribute('data-node-key')}`);
      for (const child of el.children) walk(child, depth + 1);
      return;
    }
    if (el.classList.contains('ant-formily-item')) {
      const title = label(el.querySelector('.ant-formily-item-label-content')?.textContent).replace(/^\*\s*/, '');
      const required = el.querySelector('.ant-formily-item-asterisk') ? ' *required' : '';
      lines.push(`${pad}field "${title}"${required} → ${widgetKinds(el).join(', ')}`);
      return;
    }
    if (el.classList.contains('ant-table-thead')) {
      const columns = [...el.querySelectorAll('th')].map((th) => label(th.textContent)).filter(Boolean);
      lines.push(`${pad}columns: ${columns.join(' | ')}`);
      return;
    }
    if (el.getAttribute('role') === 'tab') {
      lines.push(`${pad}tab "${label(el.textContent)}"`);
      return;
    }
    if (el.classList.contains('tessera-heading')) {
      lines.push(`${pad}heading "${label(el.textContent)}"`);
      return;
    }
    if (el.classList.contains('ant-table-tbody')) {
      lines.push(`${pad}rows: ${el.querySelectorAll('tr.ant-table-row').length}`);
      return;
    }
    if (el.classList.contains('ant-card-head-title')) {
      lines.push(`${pad}card "${label(el.textContent)}"`);
      return;
    }
    if (el.classList.contains('ant-alert-message')) {
      lines.push(`${pad}alert "${label(el.textContent)}"`);
      return;
    }
    // The tab strip's overflow menu is hidden by layout in a browser; jsdom has no layout.
    if (el.classList.contains('ant-tabs-nav-operations')) return;
    if (el.tagName === 'BUTTON' && !hidden(el)) {
      const text = label(el.textContent) || el.getAttribute('aria-label') || '(icon)';
      lines.push(`${pad}button "${text}"${(el as HTMLButtonElement).disabled ? ' disabled' : ''}`);
      return;
    }
    for (const child of el.children) walk(child, depth);
  };
  walk(root, 0);
  return lines.join('\n') + '\n';
}
