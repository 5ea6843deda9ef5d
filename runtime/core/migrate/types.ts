/** One numbered migration: a pure step from version `to - 1` to `to`. */
export interface MigrationStep {
  /** The version this step produces; it reads version `to - 1`. */
  to: number;
  /** The file name without extension, e.g. 0002-field-ids (fixtures/migrations/<name>/). */
  name: string;
  /**
   * Rewrites `schema` (a private deep copy the runner made: the step may change it in place) and
   * returns it. Must be deterministic: stored old schemas are migrated on every read.
   */
  migrate(schema: Record<string, unknown>): Record<string, unknown>;
}
