// `npm start`: install if needed, build the web app if stale, then run the server (with its
// embedded SQLite database and demo data unless DATABASE_URL says otherwise).
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
