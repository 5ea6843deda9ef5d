/**
 * What a module save changed, stored with its version as a small JSON summary (computed from the
 * old and new models: server/schema-store/model.ts modelDiff). The readable per-pointer diff of two
 * versions is server/schema-store/diff.ts.
 */
export interface SchemaDiff {
  /** The table was created by this save. */
  tableCreated: boolean;
  /** Columns this save added to the table. */
  columnsAdded: string[];
  /** Field keys new in the schema, gone from it (their columns retired), or changed. */
  fieldsAdded: string[];
  fieldsRemoved: string[];
  fieldsChanged: string[];
  /** Unique fields that were not unique before (their index is new). */
  uniqueAdded: string[];
  titleChanged: boolean;
  /** The version this save restored (a rollback). */
  rollbackOf?: string;
}
