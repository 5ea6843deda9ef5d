/**
 * The schema-checking surface in one import (issue 12 items 2–4): parse → migrate → meta-schema →
 * cross-reference, each answering SchemaIssue[] (or a SchemaError carrying them) with a JSON
 * pointer, a machine code and zh/en text a designer can show on the node.
 */
export { capIssues, MAX_ISSUES, nodePointerOf, SchemaError, schemaIssue, type SchemaIssue } from './issue';
export { validatePageIssues, issuesFromAjv } from './ajv-issues';
export { crossReferenceIssues, type CrossReferenceContext } from './cross-reference';
export { tablesWhoseColumnsAreRead } from './cross-reference-tables';
export { parseSchemaText, MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH, type ParseSchemaOptions } from './parse';
export { newFieldId, FIELD_ID_PATTERN } from './field-id';
