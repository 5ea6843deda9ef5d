/**
 * What a flow definition is (docs/workflow.md): ordered steps, each with its approvers, a mode
 * (any one approves / all must approve), an optional condition on the record's fields (evaluated
 * by the runtime's safe expression evaluator, runtime/core/expression) and the fields the step's
 * approvers may edit. The route schema checks the shape; checkSteps checks what a schema cannot
 * say (the module's fields, the approvers of this app, a condition that parses).
 */
import type { Kysely } from 'kysely';
import { evaluate, isValidExpression } from '../../runtime/core/expression/index';
import { badRequest } from '../errors';
import { strictObject, text } from '../http/shapes';
import type { TableInfo } from '../modules/table-info';

export type ApproverKind = 'user' | 'role' | 'dept' | 'starterLeader';
export const APPROVER_KINDS: readonly ApproverKind[] = ['user', 'role', 'dept', 'starterLeader'];

export interface Approver {
  kind: ApproverKind;
  /** The user, role or department; absent for the starter's leader. */
  id?: string;
}

export interface FlowStep {
  name: string;
  approvers: Approver[];
  mode: 'any' | 'all';
  /** An expression over the record's fields: the step applies only when it is truthy. */
  condition?: string;
  /** Fields the step's approvers may change while the record is in approval. */
  fields?: string[];
}

export const MAX_STEPS = 20;
const ID = { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$', description: 'An id' } as const;

const APPROVER = strictObject(
  {
    kind: { type: 'string', enum: [...APPROVER_KINDS], description: 'user, role, dept (its leader) or starterLeader' },
    id: { ...ID, description: 'The user, role or department (not for starterLeader)' },
  },
  'Who approves',
  ['id'],
);

export const STEP = strictObject(
  {
    name: text(60, 'The step name shown on the timeline and the to-do'),
    approvers: { type: 'array', minItems: 1, maxItems: 50, items: APPROVER, description: 'Who approves this step' },
    mode: { type: 'string', enum: ['any', 'all'], description: 'any: one approval is enough; all: everyone must' },
    condition: {
      type: 'string',
      maxLength: 2000,
      description: 'An expression over the record fields; the step is skipped when it is false',
    },
    fields: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', description: 'A field key' },
      description: 'Fields the approvers of this step may edit',
    },
  },
  'One step of the flow',
  ['condition', 'fields'],
);

export const FLOW_BODY = strictObject(
  {
    name: text(120, 'The flow name'),
    module: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
      description: 'The module (table key) it runs on',
    },
    enabled: { type: 'boolean', description: 'Whether records of the module can be submitted' },
    steps: { type: 'array', minItems: 1, maxItems: MAX_STEPS, items: STEP, description: 'The ordered steps' },
  },
  'A flow definition',
  ['enabled'],
);

export interface FlowInput {
  name: string;
  module: string;
  enabled?: boolean;
  steps: FlowStep[];
}

/** The steps as stored: trimmed, without empty optional parts. */
export function normalizeSteps(steps: FlowStep[]): FlowStep[] {
  return steps.map((step) => ({
    name: step.name.trim(),
    approvers: step.approvers.map((a) => (a.kind === 'starterLeader' ? { kind: a.kind } : { kind: a.kind, id: a.id })),
    mode: step.mode,
    ...(step.condition?.trim() ? { condition: step.condition.trim() } : {}),
    ...(step.fields?.length ? { fields: [...new Set(step.fields)] } : {}),
  }));
}

/** Refuses, naming the step (1-based), what only the module and the app's rows can tell. */
export async function checkSteps(
  db: Kysely<any>,
  tables: { user: string; role: string; dept: string },
  appId: string,
  table: TableInfo,
  steps: FlowStep[],
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const n = index + 1;
    if (step.condition && !isValidExpression(step.condition)) throw badRequest('flows.conditionInvalid', { step: n });
    for (const field of step.fields ?? [])
      if (!table.columns.get(field)?.writable) throw badRequest('flows.fieldUnknown', { step: n, field });
    for (const approver of step.approvers) {
      if (approver.kind === 'starterLeader') continue;
      if (!approver.id) throw badRequest('flows.approverMissing', { step: n });
      const source = approver.kind === 'user' ? tables.user : approver.kind === 'role' ? tables.role : tables.dept;
      const row = await db
        .selectFrom(source)
        .select('id')
        .where('app_id', '=', appId)
        .where('id', '=', approver.id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw badRequest('flows.approverMissing', { step: n });
    }
  }
}

/** Whether the step applies to this record; a condition that fails to evaluate counts as false. */
export function stepApplies(step: FlowStep, record: Record<string, unknown>): boolean {
  if (!step.condition) return true;
  try {
    return Boolean(evaluate(step.condition, record));
  } catch {
    return false;
  }
}

export function parseSteps(json: string): FlowStep[] {
  return JSON.parse(json) as FlowStep[];
}
