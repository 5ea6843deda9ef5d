/**
 * Serialising a document as text in the layout of the file it came from, so that loading and
 * saving an unchanged schema is byte-stable (the committed pages are prettier's JSON: an object or
 * array written on one line stays on one line, everything else is expanded with 2-space indents).
 * Which containers were on one line is remembered per node id and pointer inside the node, so a
 * moved or edited node keeps its own layout. What has no layout of its own (new nodes) is written
 * the way prettier would: objects expanded, short arrays of plain values on one line.
 */
import { escapePointer } from '../../runtime/core/schema/issue';
import { layoutOfText } from '../../runtime/core/schema/text-layout';
import { isObject, nodesByPointer, slotOf } from './tree';
import type { DesignDocument, IdNode, JsonObject } from './types';

const PRINT_WIDTH = 120;

/** The layout of `text` keyed `<node id>|<pointer inside the node>`. */
export function layoutMarkers(doc: DesignDocument, text: string): Map<string, boolean> {
  const byPointer = nodesByPointer(doc);
  const markers = new Map<string, boolean>();
  for (const [pointer, oneLine] of layoutOfText(text)) {
    const parts = pointer.split('/').slice(1);
    for (let length = parts.length; length >= 0; length--) {
      const head = length ? `/${parts.slice(0, length).join('/')}` : '';
      const id = byPointer.get(head);
      if (id === undefined) continue;
      markers.set(`${id}|${pointer.slice(head.length)}`, oneLine);
      break;
    }
  }
  return markers;
}

/** The schema as text: the loaded file's layout where it applies, prettier's otherwise. */
export function serialiseText(doc: DesignDocument): string {
  /** `width`: the column a value starts at plus what follows it on its line (a comma), for prettier's 120. */
  const print = (value: unknown, id: string, rel: string, indent: string, inline: boolean, width: number): string => {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    return printContainer(value, id, rel, indent, inline, width, undefined);
  };
  const printContainer = (
    value: object,
    id: string,
    rel: string,
    indent: string,
    inline: boolean,
    width: number,
    node: { tree: IdNode; slot: string | undefined } | undefined,
  ): string => {
    const isArray = Array.isArray(value);
    const entries: { label: string; value: unknown; rel: string; child?: IdNode }[] = isArray
      ? (value as unknown[]).map((item, i) => ({ label: '', value: item, rel: `${rel}/${i}` }))
      : Object.entries(value).map(([key, item]) => ({
          label: `${JSON.stringify(key)}: `,
          value: item,
          rel: `${rel}/${escapePointer(key)}`,
        }));
    if (!entries.length) return isArray ? '[]' : '{}';
    const known = doc.layout.get(`${id}|${rel}`);
    let oneLine = inline || known === true;
    if (
      !oneLine &&
      known === undefined &&
      isArray &&
      entries.every((entry) => !isObject(entry.value) && !Array.isArray(entry.value))
    ) {
      const flat = `[${entries.map((entry) => JSON.stringify(entry.value)).join(', ')}]`;
      oneLine = width + flat.length <= PRINT_WIDTH;
    }
    const inner = `${indent}  `;
    const render = (flat: boolean) => {
      const parts = entries.map((entry, i) => {
        // The column the value starts at, plus the comma after it when one follows.
        const at = inner.length + entry.label.length + (i < entries.length - 1 ? 1 : 0);
        // Items of a node's slot are nodes: each prints with its own id.
        if (node && entry.rel === `/${node.slot}`) {
          return entry.label + printSlot(entry.value as unknown[], node.tree, id, entry.rel, inner, flat);
        }
        return entry.label + print(entry.value, id, entry.rel, inner, flat, at);
      });
      if (flat) return isArray ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
      const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
      return `${open}\n${parts.map((part) => inner + part).join(',\n')}\n${indent}${close}`;
    };
    const text = render(oneLine);
    // What was on one line and has grown past the width breaks, as prettier would break it.
    if (oneLine && !inline && width + text.length > PRINT_WIDTH) return render(false);
    return text;
  };
  const printSlot = (
    items: unknown[],
    tree: IdNode,
    ownerId: string,
    rel: string,
    indent: string,
    inline: boolean,
  ): string => {
    if (!items.length) return '[]';
    const oneLine = inline || doc.layout.get(`${ownerId}|${rel}`) === true;
    const inner = `${indent}  `;
    const parts = items.map((item, i) =>
      printNode(item as JsonObject, tree.items[i], inner, oneLine, inner.length + (i < items.length - 1 ? 1 : 0)),
    );
    if (oneLine) return `[${parts.join(', ')}]`;
    return `[\n${parts.map((part) => inner + part).join(',\n')}\n${indent}]`;
  };
  const printNode = (json: JsonObject, tree: IdNode, indent: string, inline: boolean, width: number): string =>
    printContainer(json, tree.id, '', indent, inline, width, { tree, slot: slotOf(json, tree === doc.tree) });
  const text = printNode(doc.schema as unknown as JsonObject, doc.tree, '', false, 0);
  return doc.finalNewline ? `${text}\n` : text;
}
