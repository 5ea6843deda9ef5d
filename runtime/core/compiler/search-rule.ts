import { ruleFromCode, type QueryRule } from '../../../protocol/list-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { getWidget } from '../registry';

/** The list-query rule a field searches with: its own `search.rule`, else its widget's, else EQUAL. */
export function searchRuleOf(field: FieldDefinition): QueryRule {
  const own = typeof field.search === 'object' && field.search !== null ? ruleFromCode(field.search.rule) : undefined;
  return own ?? getWidget(field.type)?.searchRule ?? 'EQUAL';
}
