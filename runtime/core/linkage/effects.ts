/**
 * The linkage plan as Formily effects (building-blocks §4). Headless: the caller supplies the
 * warning sink and the language, and attaches the effects to its form (FormBody does).
 * - The operator changing a parent (input, not a programmatic set or a record load) clears its
 *   dependents, transitively; clearing a parent that has dependents warns 请先选择{title}.
 * - Each dependent's dictApi follows its parents' values through a reaction: resolved params when
 *   every parent has a value, none otherwise — kept in the field's data (linked-source.ts), where
 *   the widget's options loader hears it without a FormItem render.
 * - Opening a dependent whose parent is empty warns 请先选择{parent title}.
 * Patterns are '*' filtered by path, so a schema key never becomes a Formily path pattern.
 */
import { isField, onFieldInit, onFieldInputValueChange, type Field, type Form } from '@formily/core';
import { autorun, untracked } from '@formily/reactive';
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
import { textOf } from '../../../protocol/page-schema';
import { setLinkedDictApi } from './linked-source';
import { parentValues, type ParentValues } from './parent-values';
import { compileDictApi } from './params';
import type { LinkageDependent, LinkagePlan } from './plan';

export interface LinkageOptions {
  lang: Lang;
  warn: (text: string) => void;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

export function pleaseSelectFirst(title: Parameters<typeof textOf>[0], lang: Lang): string {
  return translate(lang, 'blocks.linkage.selectFirst', { title: textOf(title, lang) });
}

/** The first parent still empty, for the warning. */
function emptyParent(dep: LinkageDependent, values: Record<string, unknown>) {
  return dep.parents.find((p) => isBlank(values[p.key]));
}

function followParents(
  field: Field,
  dep: LinkageDependent,
  form: Form,
  parents: ParentValues,
  options: LinkageOptions,
): () => void {
  const onOpenChange = (open: boolean) => {
    if (!open) return;
    const parent = emptyParent(dep, form.values);
    if (parent) options.warn(pleaseSelectFirst(parent.title, options.lang));
  };
  field.setComponentProps({ onOpenChange });
  const source = dep.source;
  if (!source) return () => undefined;
  const resolve = compileDictApi(source, dep.implicitParams);
  let last: string | undefined;
  const boxes = dep.parents.map((p) => [p.key, parents.box(p.key)] as const);
  const dispose = autorun(() => {
    // Reads only the parents' boxes (not form.values: parent-values.ts says why), so only their changes re-run this.
    const values: Record<string, unknown> = {};
    for (const [key, box] of boxes) values[key] = box.value;
    let resolved;
    try {
      resolved = resolve(values);
    } catch (error) {
      console.warn(`[tessera] linkage ${dep.key}: ${(error as Error).message}`);
      resolved = undefined;
    }
    const key = JSON.stringify(resolved ?? null);
    if (key === last) return;
    last = key;
    untracked(() => setLinkedDictApi(field, resolved));
  });
  field.disposers.push(dispose);
  return dispose;
}

export function linkageEffects(
  plan: LinkagePlan,
  options: LinkageOptions,
  track: (dispose: () => void) => void = () => undefined,
  parents?: ParentValues,
): (form: Form) => void {
  return (effectForm) => {
    const mirror = parents ?? parentValues(effectForm);
    if (!parents) track(() => mirror.dispose());
    onFieldInputValueChange('*', (field, form) => {
      const key = field.path.toString();
      const cleared = plan.clears.get(key);
      if (!cleared) return;
      for (const dependent of cleared) form.setValuesIn(dependent, undefined);
      if (isBlank((field as Field).value)) {
        options.warn(pleaseSelectFirst(plan.titles.get(key) ?? key, options.lang));
      }
    });
    onFieldInit('*', (field, form) => {
      if (!isField(field)) return;
      const dep = plan.dependents.get(field.path.toString());
      if (dep) track(followParents(field, dep, form, mirror, options));
    });
  };
}

let nextId = 0;

/**
 * Adds the effects to a form (before its fields are created, so onFieldInit sees them) and
 * returns the remover. Fields that already exist (a plan replaced on a live form) are wired at once.
 */
export function attachLinkage(form: Form, plan: LinkagePlan, options: LinkageOptions): () => void {
  const id = `tessera-linkage-${++nextId}`;
  const disposers: (() => void)[] = [];
  const track = (dispose: () => void) => disposers.push(dispose);
  const parents = parentValues(form);
  track(() => parents.dispose());
  form.addEffects(id, linkageEffects(plan, options, track, parents));
  for (const field of Object.values(form.fields)) {
    const dep = isField(field) ? plan.dependents.get(field.path.toString()) : undefined;
    if (dep) track(followParents(field as Field, dep, form, parents, options));
  }
  return () => {
    form.removeEffects(id);
    disposers.splice(0).forEach((dispose) => dispose());
  };
}
