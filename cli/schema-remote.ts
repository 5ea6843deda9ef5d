/**
 * `tessera schema pull|push|diff`: a module's schema to and from a running instance through the
 * schema store's routes (docs/schemas.md): pull = GET api/module/:id/export written to a file,
 * push = PUT api/module/:id with the file's schema and, when the file came from pull, its version
 * as base_version (someone else's newer save → the store's conflict, nothing written), diff =
 * GET api/module/:id/diff. Authenticated with a session token (--token or TESSERA_TOKEN) of an app
 * admin: signing in needs the picture code, which a command line cannot answer, and the session
 * names the app. Plain JSON: apps with the SM2/SM4 envelope on (encrypt) are not reachable yet.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CliError, option, parse, type Command } from './args';

const CONNECTION = {
  url: { type: 'string' },
  token: { type: 'string' },
  module: { type: 'string' },
} as const;

const CONNECTION_HELP = `  --url <url>             the instance, e.g. http://127.0.0.1:3000 (env TESSERA_URL)
  --token <token>         an app admin's session token (env TESSERA_TOKEN; the token names the app)
  --module <id>           the module's id (env TESSERA_MODULE)`;

interface Connection {
  url: string;
  token: string;
  module: string;
}

function connection(values: { url?: unknown; token?: unknown; module?: unknown }): Connection {
  const url = option(values.url, 'TESSERA_URL', 'url', true).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new CliError(`--url "${url}" must start with http:// or https://`, 2);
  const module = option(values.module, 'TESSERA_MODULE', 'module', true);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(module)) throw new CliError(`--module "${module}" is not a module id`, 2);
  return { url, token: option(values.token, 'TESSERA_TOKEN', 'token', true), module };
}

/** One call of the store's API; a non-200 answer becomes its code and message. */
async function call<T>(c: Connection, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${c.url}/api/${path}`, {
      method,
      headers: {
        authorization: c.token,
        'x-lang': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(`cannot reach ${c.url}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  let answer: { code?: string; message?: string; data?: T };
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new CliError(`${c.url} answered HTTP ${response.status} without a Tessera result`);
  }
  if (answer.code !== '200') throw new CliError(`${answer.code ?? response.status}: ${answer.message ?? 'failed'}`);
  return answer.data as T;
}

interface Exported {
  format: 'tessera-module';
  module: { title: string; table_name: string; version: number; hash: string };
  schema: unknown;
}

export const schemaPull: Command = {
  summary: "Write a module's schema from a running instance to a file",
  usage: '--url <url> --token <token> --module <id> --out <file>',
  help: `Options:\n${CONNECTION_HELP}\n  --out <file>            where to write the export (format tessera-module: the schema and its version)`,
  async run(args) {
    const { values } = parse(args, { ...CONNECTION, out: { type: 'string' } });
    const c = connection(values);
    const out = option(values.out, undefined, 'out', true);
    const exported = await call<Exported>(c, 'GET', `module/${encodeURIComponent(c.module)}/export`);
    writeFileSync(out, `${JSON.stringify(exported, null, 2)}\n`);
    console.log(`${out}: ${exported.module.table_name} version ${exported.module.version}`);
    return 0;
  },
};

export const schemaPush: Command = {
  summary: "Save a module's schema from a file to a running instance",
  usage: '<file> --url <url> --token <token> --module <id> [--confirm]',
  help: `The file is a pull export (its version is sent as base_version, so a newer save by someone else
is a conflict and nothing is written) or a bare page schema (saved over the current head).
Options:\n${CONNECTION_HELP}\n  --confirm               accept a plan that retires columns (the store asks otherwise)`,
  async run(args) {
    const { values, positionals } = parse(args, { ...CONNECTION, confirm: { type: 'boolean' } });
    const c = connection(values);
    if (positionals.length !== 1) throw new CliError('name exactly one file to push', 2);
    let json: Partial<Exported> & { $schema?: unknown };
    try {
      json = JSON.parse(readFileSync(positionals[0]!, 'utf8'));
    } catch (error) {
      throw new CliError(`cannot read ${positionals[0]}: ${(error as Error).message}`, 2);
    }
    const exported = json?.format === 'tessera-module';
    const body = {
      schema: exported ? json.schema : json,
      ...(exported && Number.isInteger(json.module?.version) ? { base_version: json.module!.version } : {}),
      ...(values.confirm ? { confirm: true } : {}),
      provenance: 'file',
    };
    const saved = await call<{ version: number; hash: string }>(
      c,
      'PUT',
      `module/${encodeURIComponent(c.module)}`,
      body,
    );
    console.log(`saved version ${saved.version}`);
    return 0;
  },
};

export const schemaDiff: Command = {
  summary: "Show the changes between two stored versions of a module's schema",
  usage: '--url <url> --token <token> --module <id> --from <version> [--to <version>]',
  help: `Options:\n${CONNECTION_HELP}\n  --from <version>        the older version (number or id)\n  --to <version>          the newer one (default: the head)`,
  async run(args) {
    const { values } = parse(args, { ...CONNECTION, from: { type: 'string' }, to: { type: 'string' } });
    const c = connection(values);
    const from = option(values.from, undefined, 'from', true);
    let to = values.to;
    const id = encodeURIComponent(c.module);
    if (!to) to = String((await call<Exported>(c, 'GET', `module/${id}/export`)).module.version);
    const diff = await call<{
      from: number;
      to: number;
      changes: { pointer: string; kind: string; message: { en: string } }[];
    }>(c, 'GET', `module/${id}/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    console.log(`version ${diff.from} → ${diff.to}: ${diff.changes.length} change(s)`);
    for (const change of diff.changes) console.log(`${change.pointer || '/'} ${change.kind}: ${change.message.en}`);
    return 0;
  },
};
