// `npm start`: install if needed, build the web app and the server bundle if stale, then run the
// bundle with plain node (with its embedded SQLite database and demo data unless DATABASE_URL says
// otherwise). Not through tsx: that costs ~120 MB of RSS for nothing (docs/benchmarks-log.md "Export").
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, ensureServerBuild, root } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();
ensureServerBuild();

// No --enable-source-maps: it holds ~70 MB more RSS (docs/benchmarks-log.md "Export"). Stack traces point
// into dist-server/main.js, unminified, each module under a `// server/…` comment naming its source;
// NODE_OPTIONS=--enable-source-maps npm start maps them to the TypeScript when that is worth it.
const server = spawn(process.execPath, ['dist-server/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
