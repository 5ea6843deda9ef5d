/**
 * From the model's answer to checked module schemas, or a list of problems with JSON pointers into
 * the plan (what a repair round sends back to the model). In order: JSON, the plan's schema (Ajv),
 * the rules a schema cannot say (duplicate keys, a dictionary that is not in the plan), identifier
 * sanitizing (SQL reserved words, the system prefix, standard column names — renamed, not refused),
 * then each generated page schema through the schema store's own checks (meta-schema and
 * cross-references, with the plan's tables and dictionaries as what exists) and each sample row
 * through the table's writable values. Nothing here touches the database.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { isSqlReservedWord, STANDARD_COLUMN_NAMES } from '../../protocol/sql-identifiers';
import { MAX_MODULE_TABLE_LENGTH } from '../../protocol/module-table';
import type { PageSchema } from '../../protocol/page-schema';
import { newFieldId } from '../../runtime/core/schema/field-id';
import { ApiError } from '../errors';
import { moduleTableInfo } from '../modules/registry';
import { systemTableInfos } from '../modules/system-tables';
import { writableValues } from '../common/values';
import { moduleIssues, readSchemaInput } from '../schema-store/prepare';
import { CHOICE_TYPES, planJsonSchema, type AppPlan, type PlanTable } from './plan-schema';

export interface PlanProblem {
  pointer: string;
  message: string;
}

export interface CheckedModule {
  table: string;
  title: string;
  schema: PageSchema;
  rows: Record<string, unknown>[];
}

export type PlanVerdict =
  { ok: true; plan: AppPlan; modules: CheckedModule[] } | { ok: false; problems: PlanProblem[] };

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validatePlan = ajv.compile(planJsonSchema());
const SYSTEM_PREFIX = 'tessera_sys_';
export const MAX_PROBLEMS = 20;

/** The model's text → JSON: a fenced ```json block is unwrapped (JSON mode answers sometimes add one). */
export function parsePlanText(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  return JSON.parse((fenced ? fenced[1] : text).trim());
}

/** Ajv's errors as problems a repair round sends back (the allowed values named, at most MAX_PROBLEMS). */
export function ajvProblems(errors: ErrorObject[] | null | undefined): PlanProblem[] {
  return (errors ?? []).slice(0, MAX_PROBLEMS).map((e) => ({
    pointer: e.instancePath,
    message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as string[]).join(', ')})` : ''}`,
  }));
}

const safeName = (name: string, taken: (n: string) => boolean) => {
  let out = name.slice(0, MAX_MODULE_TABLE_LENGTH - 2);
  if (isSqlReservedWord(out) || out.startsWith(SYSTEM_PREFIX) || taken(out)) out = `${out}_x`;
  return out;
};

/** Renames identifiers the database or the platform reserves, consistently across the plan. */
export function sanitizePlan(plan: AppPlan): AppPlan {
  const tableNames = new Map<string, string>();
  for (const table of plan.tables)
    tableNames.set(
      table.name,
      safeName(table.name, () => false),
    );
  const renameTable = (name: string) => tableNames.get(name) ?? name;
  const fieldNames = new Map<string, Map<string, string>>();
  for (const table of plan.tables) {
    const map = new Map<string, string>();
    for (const field of table.fields)
      map.set(
        field.key,
        safeName(field.key, (n) => STANDARD_COLUMN_NAMES.includes(n)),
      );
    fieldNames.set(table.name, map);
  }
  const renameField = (table: string, key: string) => fieldNames.get(table)?.get(key) ?? key;
  return {
    ...plan,
    tables: plan.tables.map((table) => ({
      ...table,
      name: renameTable(table.name),
      fields: table.fields.map((field) => ({
        ...field,
        key: renameField(table.name, field.key),
        ...(field.relation
          ? {
              relation: {
                table: renameTable(field.relation.table),
                labelField: renameField(field.relation.table, field.relation.labelField),
              },
            }
          : {}),
      })),
      rows: table.rows?.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [renameField(table.name, key), value])),
      ),
    })),
    menus: plan.menus.map((menu) => ({ ...menu, tables: menu.tables.map(renameTable) })),
    roles: plan.roles.map((role) => ({ ...role, tables: role.tables.map(renameTable) })),
  };
}

function duplicates(values: string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return twice;
}

function ruleProblems(plan: AppPlan): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const dictCodes = new Set((plan.dicts ?? []).map((d) => d.code));
  const tables = new Set(plan.tables.map((t) => t.name));
  for (const code of duplicates((plan.dicts ?? []).map((d) => d.code)))
    problems.push({ pointer: '/dicts', message: `duplicate dictionary code "${code}"` });
  for (const name of duplicates(plan.tables.map((t) => t.name)))
    problems.push({ pointer: '/tables', message: `duplicate table name "${name}"` });
  plan.tables.forEach((table, i) => {
    for (const key of duplicates(table.fields.map((f) => f.key)))
      problems.push({ pointer: `/tables/${i}/fields`, message: `duplicate field key "${key}" in table ${table.name}` });
    table.fields.forEach((field, j) => {
      const at = `/tables/${i}/fields/${j}`;
      if (field.dict && !dictCodes.has(field.dict))
        problems.push({ pointer: `${at}/dict`, message: `dictionary "${field.dict}" is not in /dicts` });
      if ((field.dict || field.relation) && !CHOICE_TYPES.has(field.type))
        problems.push({
          pointer: `${at}/type`,
          message: `a field with dict or relation must be one of ${[...CHOICE_TYPES].join(', ')}`,
        });
      if (field.dict && field.relation)
        problems.push({ pointer: at, message: 'a field takes either dict or relation, not both' });
    });
  });
  // A sample row names a related row by its label: that row must be among the related table's rows.
  plan.tables.forEach((table, i) =>
    (table.rows ?? []).forEach((row, k) => {
      for (const field of table.fields) {
        const value = row[field.key];
        if (!field.relation || value === undefined || value === null) continue;
        const target = plan.tables.find((t) => t.name === field.relation?.table);
        if (target && !(target.rows ?? []).some((r) => r[field.relation!.labelField] === value))
          problems.push({
            pointer: `/tables/${i}/rows/${k}/${field.key}`,
            message: `no row of ${target.name} has ${field.relation.labelField} = ${JSON.stringify(value)}`,
          });
      }
    }),
  );
  const listed = (names: string[], at: string) =>
    names.forEach((name, k) => {
      if (!tables.has(name)) problems.push({ pointer: `${at}/${k}`, message: `table "${name}" is not in /tables` });
    });
  plan.menus.forEach((menu, i) => listed(menu.tables, `/menus/${i}/tables`));
  plan.roles.forEach((role, i) => listed(role.tables, `/roles/${i}/tables`));
  return problems;
}

/** One plan table → the page schema the store keeps for its module (same shape as an admin's). */
export function moduleSchemaOf(table: PlanTable): PageSchema {
  const fields = table.fields.map((field) => {
    const out: Record<string, unknown> = { id: newFieldId(), key: field.key, title: field.title, type: field.type };
    if (field.required) out.required = true;
    if (field.unique) out.unique = true;
    if (field.dict) out.dictApi = { url: `dict/${field.dict}`, valueKey: 'value', labelKey: 'label' };
    if (field.relation)
      out.dictApi = { url: `common/${field.relation.table}`, valueKey: 'id', labelKey: field.relation.labelField };
    if (field.search) out.search = {};
    return out;
  });
  return {
    schemaVersion: 2,
    type: 'page',
    title: table.title,
    body: [
      {
        type: 'list',
        key: table.name,
        title: table.title,
        table: table.name,
        dataSource: { kind: 'COMMON', api: `common/${table.name}` },
        idKey: 'id',
        search: { columns: 3, fold: true },
        pagination: { pageSize: table.list?.pageSize ?? 10 },
        actions: ['add', 'edit', 'detail', 'delete', 'batchDelete', 'export', 'columns'],
        modal: { width: '50%', columns: 2 },
        fields,
      },
    ],
  } as unknown as PageSchema;
}

/** A store issue's pointer in the page schema → the same place in the plan (fields keep their order). */
const planPointer = (i: number, pointer: string) =>
  pointer.startsWith('/body/0/fields/')
    ? `/tables/${i}/fields/${pointer.slice('/body/0/fields/'.length)}`
    : `/tables/${i}`;

/** The whole check; `prefix` is the system tables' (their names are what a schema may also name). */
export function checkPlan(text: string, prefix: string): PlanVerdict {
  let raw: unknown;
  try {
    raw = parsePlanText(text);
  } catch (error) {
    return { ok: false, problems: [{ pointer: '', message: `the answer is not JSON: ${(error as Error).message}` }] };
  }
  if (!validatePlan(raw)) return { ok: false, problems: ajvProblems(validatePlan.errors) };
  const rules = ruleProblems(raw as AppPlan);
  if (rules.length) return { ok: false, problems: rules.slice(0, MAX_PROBLEMS) };
  const plan = sanitizePlan(raw as AppPlan);

  const tables = new Map<string, ReadonlySet<string>>();
  for (const [name, info] of systemTableInfos(prefix)) tables.set(name, new Set(info.columns.keys()));
  for (const table of plan.tables)
    tables.set(table.name, new Set([...STANDARD_COLUMN_NAMES, ...table.fields.map((f) => f.key)]));
  const refs = { dictCodes: new Set((plan.dicts ?? []).map((d) => d.code)), tables };
  const problems: PlanProblem[] = [];
  const modules: CheckedModule[] = [];
  plan.tables.forEach((table, i) => {
    const schema = readSchemaInput(moduleSchemaOf(table)) as PageSchema;
    const issues = moduleIssues(schema, table.name, refs);
    for (const issue of issues) problems.push({ pointer: planPointer(i, issue.pointer), message: issue.message.en });
    if (issues.length) return;
    const info = moduleTableInfo({ id: 'plan', identify: plan.app.identify }, table.name, schema);
    (table.rows ?? []).forEach((row, k) => {
      try {
        writableValues(info, row, 'create');
      } catch (error) {
        const reason = error instanceof ApiError ? `${error.key} ${JSON.stringify(error.vars ?? {})}` : String(error);
        problems.push({ pointer: `/tables/${i}/rows/${k}`, message: `sample row refused: ${reason}` });
      }
    });
    modules.push({ table: table.name, title: table.title.zh, schema, rows: table.rows ?? [] });
  });
  if (problems.length) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  return { ok: true, plan, modules };
}
