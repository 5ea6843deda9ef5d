/**
 * What changed between two versions of a schema, as a list a person can read: fields are matched
 * by their stable id (so a renamed key reads as a rename, not a removal and an addition), and every
 * other change is reported at its JSON pointer. Each change carries zh and en text, e.g.
 * "field 客户名称 renamed key name → customer_name; required added".
 */
import { textOf, type Text } from '../../protocol/page-schema';
import { canonicalJson } from './hash';
import { fieldIdOf } from './model';

export interface SchemaChange {
  /** Pointer in the newer version (the older one for a removed field). */
  pointer: string;
  kind: 'fieldAdded' | 'fieldRemoved' | 'fieldChanged' | 'changed' | 'added' | 'removed';
  message: { zh: string; en: string };
}

type AnyNode = Record<string, unknown>;
const isObject = (v: unknown): v is AnyNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const show = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text === undefined ? '∅' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

interface FieldAt {
  pointer: string;
  node: AnyNode;
}

/** Every field node (a node in a `fields` array, containers walked) with its pointer. */
function fieldsOf(value: unknown, at = '', out = new Map<string, FieldAt>()): Map<string, FieldAt> {
  if (Array.isArray(value)) value.forEach((v, i) => fieldsOf(v, `${at}/${i}`, out));
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'fields' && Array.isArray(child)) collect(child, `${at}/fields`, out);
      else fieldsOf(child, `${at}/${escape(key)}`, out);
    }
  }
  return out;
}

function collect(nodes: unknown[], at: string, out: Map<string, FieldAt>) {
  nodes.forEach((node, i) => {
    if (!isObject(node)) return;
    if (Array.isArray(node.children)) collect(node.children, `${at}/${i}/children`, out);
    else if (typeof node.key === 'string') out.set(fieldIdOf(node as { key: string }), { pointer: `${at}/${i}`, node });
  });
}

const nameOf = (node: AnyNode) => textOf(node.title as Text | undefined, 'zh') || String(node.key);

function fieldChange(was: AnyNode, now: AnyNode): { zh: string[]; en: string[] } {
  const zh: string[] = [];
  const en: string[] = [];
  const keys = new Set([...Object.keys(was), ...Object.keys(now)]);
  for (const key of keys) {
    if (key === 'children' || same(was[key], now[key])) continue;
    if (key === 'key') {
      zh.push(`键名 ${show(was.key)} → ${show(now.key)}`);
      en.push(`renamed key ${show(was.key)} → ${show(now.key)}`);
    } else if ((key === 'required' || key === 'unique') && typeof (now[key] ?? was[key]) === 'boolean') {
      const on = now[key] === true;
      const zhName = key === 'required' ? '必填' : '唯一';
      zh.push(on ? `新增${zhName}` : `取消${zhName}`);
      en.push(`${key} ${on ? 'added' : 'removed'}`);
    } else if (key === 'title') {
      zh.push(`标题 ${show(textOf(was.title as Text, 'zh'))} → ${show(textOf(now.title as Text, 'zh'))}`);
      en.push(`title ${show(textOf(was.title as Text, 'en'))} → ${show(textOf(now.title as Text, 'en'))}`);
    } else {
      zh.push(`${key} ${show(was[key])} → ${show(now[key])}`);
      en.push(`${key} ${show(was[key])} → ${show(now[key])}`);
    }
  }
  return { zh, en };
}

/** Changes outside field nodes, by pointer (field arrays are left to the field comparison). */
function otherChanges(was: unknown, now: unknown, at: string, out: SchemaChange[]) {
  if (same(was, now)) return;
  if (isObject(was) && isObject(now)) {
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (key === 'fields' && (Array.isArray(was[key]) || Array.isArray(now[key]))) continue;
      otherChanges(was[key], now[key], `${at}/${escape(key)}`, out);
    }
    return;
  }
  if (Array.isArray(was) && Array.isArray(now) && was.length === now.length) {
    was.forEach((w, i) => otherChanges(w, now[i], `${at}/${i}`, out));
    return;
  }
  const kind = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
  const where = at || '/';
  out.push({
    pointer: at,
    kind,
    message:
      kind === 'added'
        ? { zh: `${where} 新增 ${show(now)}`, en: `${where} added ${show(now)}` }
        : kind === 'removed'
          ? { zh: `${where} 已删除`, en: `${where} removed` }
          : { zh: `${where} ${show(was)} → ${show(now)}`, en: `${where} ${show(was)} → ${show(now)}` },
  });
}

export function diffSchemas(before: unknown, after: unknown): SchemaChange[] {
  const out: SchemaChange[] = [];
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  for (const [id, field] of now) {
    const was = old.get(id);
    if (!was) {
      out.push({
        pointer: field.pointer,
        kind: 'fieldAdded',
        message: {
          zh: `新增字段 ${nameOf(field.node)}（${String(field.node.key)}）`,
          en: `field ${nameOf(field.node)} added (${String(field.node.key)})`,
        },
      });
      continue;
    }
    const change = fieldChange(was.node, field.node);
    if (change.zh.length)
      out.push({
        pointer: field.pointer,
        kind: 'fieldChanged',
        message: {
          zh: `字段 ${nameOf(was.node)}：${change.zh.join('；')}`,
          en: `field ${nameOf(was.node)} ${change.en.join('; ')}`,
        },
      });
  }
  for (const [id, field] of old) {
    if (now.has(id)) continue;
    out.push({
      pointer: field.pointer,
      kind: 'fieldRemoved',
      message: {
        zh: `删除字段 ${nameOf(field.node)}（${String(field.node.key)}）`,
        en: `field ${nameOf(field.node)} removed (${String(field.node.key)})`,
      },
    });
  }
  otherChanges(before, after, '', out);
  return out;
}
