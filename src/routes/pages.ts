/**
 * Which page a route path shows (spec platform-shell §2), as a pure function: the router renders
 * what this answers after the guard allowed the path. Pages whose feature belongs to another issue
 * render their page schema once it is committed under schemas/pages/, and until then a clear
 * "not configured yet" result — never a blank screen.
 */

export type PageRef =
  | { kind: 'home' }
  | { kind: 'module'; id: string }
  | { kind: 'dashboard'; id: string }
  | { kind: 'frame'; menuId: string }
  | { kind: 'personal' }
  | { kind: 'designer'; id: string }
  | { kind: 'schema'; name: string }
  | { kind: 'pending'; route: string }
  /** ai/img: the image studio, a screen of its own (src/pages/ai-image). */
  | { kind: 'aiImg' }
  | { kind: 'unknown' };

/** Routes of spec §2 that are pages of their own (common/, frame/, designers are matched below). */
export const NAMED_ROUTES: readonly string[] = [
  'api',
  'module',
  'menu',
  'role',
  'dept',
  'user',
  'app',
  'app/detail',
  'dict',
  'log',
  'sys',
  'flow',
  'dashboard',
  'Task',
  'doc',
  'doc/readme',
  'backlog',
  'mess',
  'resource',
  'sms',
  'importTemplate',
  'ai/chat',
  'ai/img',
  'ai/config',
  'ai/model',
  'ai/agent',
];

/**
 * The schema a route path reads: schemas/pages/system/{name}.json for system pages (a slash
 * becomes a dash: app/detail → app-detail), schemas/pages/{folder}/{name}.json for the others
 * (ai/chat → ai/chat.json).
 */
export function schemaNameFor(route: string): string {
  return route.includes('/') && !route.startsWith('app/') ? route : `system/${route.replace(/\//g, '-')}`;
}

/** The route a schema file under schemas/pages/ serves (inverse of schemaNameFor). */
export function routeForSchemaFile(relative: string): string {
  const name = relative.replace(/\.json$/, '');
  if (name.startsWith('system/')) return name.slice('system/'.length).replace(/-/g, '/');
  return name;
}

export function pageFor(path: string, schemas: ReadonlySet<string>): PageRef {
  if (path === 'index') return { kind: 'home' };
  if (path === 'user/detail') return { kind: 'personal' };
  const module = /^common\/([^/]+)$/.exec(path);
  if (module) return { kind: 'module', id: module[1] };
  const dashboard = /^dashboard\/common\/([^/]+)$/.exec(path);
  if (dashboard) return { kind: 'dashboard', id: dashboard[1] };
  const frame = /^frame\/([^/]+)$/.exec(path);
  if (frame) return { kind: 'frame', menuId: frame[1] };
  const design = /^design\/([^/]+)$/.exec(path);
  if (design) return { kind: 'designer', id: design[1] };
  if (/^dashboard\/design\/[^/]+$/.test(path)) return { kind: 'pending', route: path };
  if (path === 'ai/img') return { kind: 'aiImg' };
  if (schemas.has(path)) return { kind: 'schema', name: schemaNameFor(path) };
  if (NAMED_ROUTES.includes(path)) return { kind: 'pending', route: path };
  return { kind: 'unknown' };
}

/**
 * Doubled paths redirect to the single form (spec §2): the app identifier repeated
 * (/demo/demo/index), a segment repeated (user/user, common/common/x), empty segments (a//b).
 * Answers the normalised path, or undefined when the path is already single.
 */
export function singlePath(app: string, path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  while (segments[0] === app) segments.shift();
  const out: string[] = [];
  for (const segment of segments) if (out[out.length - 1] !== segment) out.push(segment);
  const single = out.join('/');
  return single === path ? undefined : single;
}

export const isDashboardRoute = (path: string) => /^dashboard\/common\/[^/]+$/.test(path);
