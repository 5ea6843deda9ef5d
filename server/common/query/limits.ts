/**
 * The complexity budget of one list query. Each bound keeps a single request from costing the
 * database more than a page of an admin screen ever needs; an overrun is a P4000 naming the bound
 * (server.tooMany: "<key> 最多 <max> 项"), and nothing is run.
 */
import { MAX_PAGE_SIZE } from '../../../protocol/constants';

export const LIMITS = {
  /** querys entries. */
  conditions: 50,
  /** Values of one IN / INCLUDE_* / BETWEEN condition. */
  listValues: 1000,
  /** leftJoins + rightJoins + innerJoins together. */
  joins: 3,
  /** showFields of the table, and of each join. */
  showFields: 100,
  sorts: 5,
  /** Group keys. */
  groups: 5,
  /** Aggregates over all groups. */
  aggregates: 10,
  /** pageSize; also the rows of an unpaged list. */
  pageSize: MAX_PAGE_SIZE,
  /** Rows a parentKey (tree) query may nest; the tree is built in memory. */
  treeRows: 5000,
  /** current × pageSize: a deeper offset makes the database walk that many rows. */
  offset: 1_000_000,
} as const;
