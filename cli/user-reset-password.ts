/**
 * `tessera user reset-password`: sets a user's password directly on the configured database,
 * hashed with the server's own hasher (server/auth/passwords.ts, scrypt). The new password comes
 * from --password-stdin or is generated; it is never taken as a flag value so it does not land in
 * shell history or the process list. A generated password is the only secret ever printed. Like
 * forgetPwd, every session of the user is revoked (a running server drops its cached sessions
 * within AUTH_CACHE_TTL_MS).
 */
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { hashPassword } from '../server/auth/passwords';
import { SessionStore } from '../server/auth/sessions';
import { CliError, option, parse, type Command } from './args';
import { appIdOf, withDatabase } from './database';

const MIN_LENGTH = 8;

/** 16 characters from a URL-safe alphabet, with a digit and a symbol so common password rules accept it. */
const generatePassword = () => `${randomBytes(12).toString('base64url')}#7`;

export const userResetPassword: Command = {
  summary: 'Set a user password directly on the database (DATABASE_URL), signing them out',
  usage: '--app <identify> --account <account> [--password-stdin] [--database-url <url>]',
  help: `Options:
  --app <identify>        the app the user belongs to (env TESSERA_APP)
  --account <account>     the user's account
  --password-stdin        read the new password from standard input (first line); otherwise one is
                          generated and printed, the only secret this command ever prints
  --database-url <url>    default: DATABASE_URL, as the server reads it (TABLE_PREFIX applies too)`,
  async run(args) {
    const { values } = parse(args, {
      app: { type: 'string' },
      account: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'database-url': { type: 'string' },
    });
    const identify = option(values.app, 'TESSERA_APP', 'app', true);
    const account = option(values.account, undefined, 'account', true);
    let password: string;
    if (values['password-stdin']) {
      password = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
      if (password.length < MIN_LENGTH) throw new CliError(`the password needs at least ${MIN_LENGTH} characters`, 2);
    } else {
      password = generatePassword();
    }
    await withDatabase(values['database-url'], async (open) => {
      const appId = await appIdOf(open, identify);
      const { db, tables } = open;
      const user = await db.db
        .selectFrom(tables.user)
        .select('id')
        .where('app_id', '=', appId)
        .where('account', '=', account)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!user) throw new CliError(`no user "${account}" in app "${identify}"`);
      await db.db
        .updateTable(tables.user)
        .set({ password_hash: await hashPassword(password), update_at: Date.now() })
        .where('id', '=', user.id)
        .execute();
      await new SessionStore(db.db, tables.session, Date.now).revokeAllOf(user.id as string, appId);
    });
    console.error(`password of ${account} in ${identify} reset`);
    if (!values['password-stdin']) console.log(password);
    return 0;
  },
};
