/**
 * `tessera app create`: seeds a new app from an app template folder (schemas/apps/<name>: app.json,
 * modules/, records/) directly on the configured database, with the server's own seeding
 * (server/seed/index.ts seedApp: module tables, roles, menus, first users). Directly on the database
 * rather than over the API because creating an app is an operator's act before any admin of that
 * app exists; the server picks the new app up on its next request (apps are read per request).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedApp } from '../server/seed';
import { CliError, option, parse, type Command } from './args';
import { withDatabase } from './database';

const IDENTIFY = /^[a-z][a-z0-9_]{1,31}$/;

export const appCreate: Command = {
  summary: 'Create an app from a template folder, directly on the database',
  usage: '--identify <identify> [--title <title>] [--template <folder>] [--encrypt] [--database-url <url>]',
  help: `Options:
  --identify <identify>   the new app's identifier (lowercase letters, digits, _; 2–32, a letter first)
  --title <title>         its title (default: the identifier)
  --template <folder>     an app template folder with app.json (default: schemas/apps/demo)
  --encrypt               turn on the SM2/SM4 request envelope for the app (default: off)
  --database-url <url>    default: DATABASE_URL, as the server reads it (TABLE_PREFIX applies too)`,
  async run(args) {
    const { values } = parse(args, {
      identify: { type: 'string' },
      title: { type: 'string' },
      template: { type: 'string' },
      encrypt: { type: 'boolean' },
      'database-url': { type: 'string' },
    });
    const identify = option(values.identify, undefined, 'identify', true);
    if (!IDENTIFY.test(identify)) throw new CliError(`--identify "${identify}" must match ${IDENTIFY.source}`, 2);
    const template = resolve(values.template ?? 'schemas/apps/demo');
    if (!existsSync(join(template, 'app.json'))) throw new CliError(`no app.json in ${template}`, 2);
    const dir = mkdtempSync(join(tmpdir(), 'tessera-app-'));
    try {
      cpSync(template, dir, { recursive: true });
      const app = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8'));
      app.app = { ...app.app, identify, title: values.title ?? identify, encrypt: Boolean(values.encrypt) };
      writeFileSync(join(dir, 'app.json'), JSON.stringify(app));
      const seeded = await withDatabase(values['database-url'], ({ db, prefix }) => seedApp(db, prefix, dir));
      if (!seeded) throw new CliError(`app "${identify}" already exists`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`app ${identify} created`);
    return 0;
  },
};
