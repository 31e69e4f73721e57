// What a page fault and a system call cost on this machine: `npm run bench:machine`.
//
// The machines CI is given are all "2 cores, 24 GiB", yet the same suite has taken 14 minutes on one and 39 on
// another. Their CPUs compute at similar speeds; what differs is what the kernel costs. On the slow kind
// (2026-12-02: AMD EPYC, a Firecracker guest whose kernel runs with `pti=on` and page tables the host
// shadows) a first touch of a page cost 13–17 µs with the machine idle and 23–87 µs with both cores busy,
// and a system call about 1 µs idle, 2–8 µs busy; a bare-metal Linux takes well under 1 µs for either.
// A browser test pays about 30 000 page faults per page load (a fresh renderer process, its V8 heap, the
// compositor's buffers), so on that kind faults alone are a third or more of the suite's CPU
// (docs/benchmarks.md). Run this first to know which kind of machine a timing came from.
import { cpus, getPriority } from 'node:os';

const PAGE = 4096;
const ROUNDS = 5;

function measurePageFault(megabytes: number): number {
  const started = process.hrtime.bigint();
  // A fresh zeroed buffer of this size is mapped lazily: each first write to a page is one fault.
  const bytes = new Uint8Array(megabytes * 1024 * 1024);
  for (let offset = 0; offset < bytes.length; offset += PAGE) bytes[offset] = 1;
  const microseconds = Number(process.hrtime.bigint() - started) / 1000;
  return microseconds / (bytes.length / PAGE);
}

function measureSystemCall(count: number): number {
  const started = process.hrtime.bigint();
  // getpriority(2): a call the kernel answers at once, so what is timed is the way in and out.
  for (let index = 0; index < count; index++) getPriority(0);
  return Number(process.hrtime.bigint() - started) / 1000 / count;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const faults = Array.from({ length: ROUNDS }, () => measurePageFault(64));
const calls = Array.from({ length: ROUNDS }, () => measureSystemCall(100_000));
console.log(`CPU: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`);
console.log(`page fault (first write to a fresh page): median ${medianOf(faults).toFixed(2)} µs of ${ROUNDS} rounds`);
console.log(`system call (getpriority): median ${medianOf(calls).toFixed(3)} µs of ${ROUNDS} rounds`);
