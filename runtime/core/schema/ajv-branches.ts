/**
 * An anyOf / oneOf failure is one problem. Ajv reports its branches' errors just before it (their
 * schemaPath may be inside a $ref, so position is the reliable link): this groups them under it, so
 * both error formatters (ajv.ts, ajv-issues.ts) can say "a, or b" once.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';

export function groupBranches(list: ErrorObject[]): {
  branchesOf: Map<ErrorObject, ErrorObject[]>;
  inBranch: Set<ErrorObject>;
} {
  const branchesOf = new Map<ErrorObject, ErrorObject[]>();
  const inBranch = new Set<ErrorObject>();
  list.forEach((error, index) => {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') return;
    const branches: ErrorObject[] = [];
    for (
      let j = index - 1;
      j >= 0 && !inBranch.has(list[j]) && list[j].instancePath.startsWith(error.instancePath);
      j--
    ) {
      branches.unshift(list[j]);
      inBranch.add(list[j]);
    }
    branchesOf.set(error, branches);
  });
  return { branchesOf, inBranch };
}
