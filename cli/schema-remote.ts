/**
 * `tessera schema pull|push|diff`: a module's schema to and from a running instance through the
 * schema store's routes (docs/schemas.md): pull = GET api/module/:id/export written to a file,
 * push = PUT api/module/:id with the file's schema and, when the file came from pull, its version
 * as base_version (someone else's newer save → the store's conflict, nothing written), diff =
 * GET api/module/:id/diff. Authenticated with a session token (--token or TESSERA_TOKEN) of an app
 * admin: signing in needs the picture code, which a command line cannot answer, and the session
 * names the app. --app names it too, so the CLI knows before sending the token whether the app has
 * the SM2/SM4 envelope on: then every call is sealed, the token included (remote-call.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CliError, option, parse, type Command } from './args';
import { callRemote, connectRemote, type Remote } from './remote-call';

const CONNECTION = {
  url: { type: 'string' },
  token: { type: 'string' },
  app: { type: 'string' },
  module: { type: 'string' },
} as const;

const CONNECTION_HELP = `  --url <url>             the instance, e.g. http://127.0.0.1:3000 (env TESSERA_URL)
  --token <token>         an app admin's session token (env TESSERA_TOKEN)
  --app <identify>        the token's app (env TESSERA_APP): its envelope is used when it has one
  --module <id>           the module's id (env TESSERA_MODULE)`;

interface Connection {
  remote: Remote;
  module: string;
}

async function connection(values: {
  url?: unknown;
  token?: unknown;
  app?: unknown;
  module?: unknown;
}): Promise<Connection> {
  const url = option(values.url, 'TESSERA_URL', 'url', true).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new CliError(`--url "${url}" must start with http:// or https://`, 2);
  const module = option(values.module, 'TESSERA_MODULE', 'module', true);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(module)) throw new CliError(`--module "${module}" is not a module id`, 2);
  const token = option(values.token, 'TESSERA_TOKEN', 'token', true);
  const app = option(values.app, 'TESSERA_APP', 'app', true);
  return { remote: await connectRemote(url, app, token), module };
}

/** One call of the store's API; a non-200 answer becomes its code and message. */
function call<T>(c: Connection, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  return callRemote<T>(c.remote, method, path, body);
}

interface Exported {
  format: 'tessera-module';
  module: { title: string; table_name: string; version: number; hash: string };
  schema: unknown;
}

export const schemaPull: Command = {
  summary: "Write a module's schema from a running instance to a file",
  usage: '--url <url> --token <token> --app <identify> --module <id> --out <file>',
  help: `Options:\n${CONNECTION_HELP}\n  --out <file>            where to write the export (format tessera-module: the schema and its version)`,
  async run(args) {
    const { values } = parse(args, { ...CONNECTION, out: { type: 'string' } });
    const c = await connection(values);
    const out = option(values.out, undefined, 'out', true);
    const exported = await call<Exported>(c, 'GET', `module/${encodeURIComponent(c.module)}/export`);
    writeFileSync(out, `${JSON.stringify(exported, null, 2)}\n`);
    console.log(`${out}: ${exported.module.table_name} version ${exported.module.version}`);
    return 0;
  },
};

export const schemaPush: Command = {
  summary: "Save a module's schema from a file to a running instance",
  usage: '<file> --url <url> --token <token> --app <identify> --module <id> [--confirm]',
  help: `The file is a pull export (its version is sent as base_version, so a newer save by someone else
is a conflict and nothing is written) or a bare page schema (saved over the current head).
Options:\n${CONNECTION_HELP}\n  --confirm               accept a plan that retires columns (the store asks otherwise)`,
  async run(args) {
    const { values, positionals } = parse(args, { ...CONNECTION, confirm: { type: 'boolean' } });
    const c = await connection(values);
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
  usage: '--url <url> --token <token> --app <identify> --module <id> --from <version> [--to <version>]',
  help: `Options:\n${CONNECTION_HELP}\n  --from <version>        the older version (number or id)\n  --to <version>          the newer one (default: the head)`,
  async run(args) {
    const { values } = parse(args, { ...CONNECTION, from: { type: 'string' }, to: { type: 'string' } });
    const c = await connection(values);
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
