// `npm run dev`: the API process on PORT (default 1337) and Vite with HMR on 5173, proxying /parse,
// /auth and /config.json.
import { spawn } from 'node:child_process';

// The browser opens Vite's page, so the API names that origin in /config.json, its CSP and mail links
// (it never takes one from a request's Host header).
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

function stop(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
