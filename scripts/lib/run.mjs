// Runs a command to completion with inherited output; rejects with its exit code.
import { spawn } from 'node:child_process';

export function run(command, args, { cwd, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        resolve();
      } else {
        const error = new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`);
        error.exitCode = code ?? 1;
        reject(error);
      }
    });
  });
}
