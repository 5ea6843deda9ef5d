/**
 * Static options of a field (selectItems): hidden and role-restricted items are dropped at compile
 * time, labels are resolved to the form's language, and hiddenFn stays for the widget to evaluate
 * against the live form values.
 */
import type { SelectItem } from '../../../protocol/page-schema';
import { dictLabel } from '../format/labels';
import type { CompileContext } from './types';

export interface ResolvedItem {
  value: string | number | boolean;
  label: string;
  hiddenFn?: string;
  children?: ResolvedItem[];
}

/** visibleRoleIds is a comma list; empty means everyone. */
export function visibleToRoles(visibleRoleIds: string | undefined, roleIds: readonly string[] = []): boolean {
  const allowed = (visibleRoleIds ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return allowed.length === 0 || allowed.some((id) => roleIds.includes(id));
}

export function resolveSelectItems(
  items: SelectItem[] | undefined,
  ctx: Pick<CompileContext, 'lang' | 'roleIds'>,
): ResolvedItem[] {
  return (items ?? [])
    .filter((item) => !item.hidden && visibleToRoles(item.visibleRoleIds, ctx.roleIds))
    .map((item) => {
      const resolved: ResolvedItem = {
        value: item.value,
        // The one label rule (format/labels.ts), shared with tables and exports.
        label: dictLabel(item, ctx.lang),
      };
      if (item.hiddenFn) resolved.hiddenFn = item.hiddenFn;
      if (item.children?.length) resolved.children = resolveSelectItems(item.children, ctx);
      return resolved;
    });
}
