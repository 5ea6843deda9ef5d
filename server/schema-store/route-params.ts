/**
 * What every schema-store route checks first: an admin session, and (as route schemas) the ids and
 * version references in its path. The module routes (server/modules/save-routes.ts) use them too;
 * they live here so the dashboard and page-override routes need nothing from the modules feature.
 */
import type { FastifyRequest } from 'fastify';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import { forbidden } from '../errors';
import { recordId, strictObject } from '../http/shapes';
import { ERROR_KEY } from '../http/validation';

export function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

/** A version reference: a version id or number (both fit a record id); an ill-formed one does not exist. */
export const versionRef = {
  ...recordId,
  [ERROR_KEY]: 'data.module.versionMissing',
  description: 'A version: its id or its number',
} as const;

/** Params of a route on one stored schema: /api/module/:id, /api/dashboard/:id ... */
export const ID_PARAMS = strictObject({ id: recordId }, 'The stored schema addressed');

/** Params of a route on one version of a stored schema: .../:id/versions/:ref, .../:id/rollback/:ref */
export const VERSION_PARAMS = strictObject({ id: recordId, ref: versionRef }, 'The stored schema and its version');

/** The query of a diff: the two versions compared. */
export const DIFF_QUERY = strictObject({ from: versionRef, to: versionRef }, 'The two versions compared');

/** Params and query as the schemas above have checked them. */
export type IdParams = { id: string };
export type VersionParams = { id: string; ref: string };
export type DiffQuery = { from: string; to: string };
