import { spawn } from 'node:child_process';

const runningChildren = new Set();
let interruptedExitCode = null;

/**
 * A Ctrl-C, or CI's SIGTERM to this script alone, is passed on to the commands running, and the script ends
 * (130 or 143, as a shell reports the signal) once they all have: no stage runs on after its run, or into the
 * next stage, or in a temporary folder already removed (scratch-directory.mjs).
 */
export function passSignalsToChildren() {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])
    process.once(signal, () => {
      interruptedExitCode = code;
      for (const child of runningChildren) child.kill(signal);
      if (runningChildren.size === 0) process.exit(code);
    });
}

function track(child) {
  runningChildren.add(child);
  child.on('exit', () => {
    runningChildren.delete(child);
    if (interruptedExitCode !== null && runningChildren.size === 0) process.exit(interruptedExitCode);
  });
  return child;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { stdio: 'inherit', ...options }));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output held back; resolves with its exit code and everything it printed, in order. */
export function runHoldingOutput(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options }));
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}
