#!/usr/bin/env node
// node scripts/cpu-time.mjs <report.json> <command>: runs the command (through the shell, its
// output passed on) and writes the processor time it and every process it waited for used, in
// seconds, to the report; exits with the command's code. npm test prints it beside each step's
// time: on a 2-core machine the processor time of all steps, halved, is what a quiet run cannot
// go below. Linux only (it reads /proc); elsewhere the report says null.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Clock ticks a second (`getconf CLK_TCK`): 100 on Linux. */
const TICKS = 100;

/** User and system time of the processes this one waited for, in seconds (fields 16 and 17 of /proc/self/stat). */
export function childrenSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [report, ...command] = process.argv.slice(2);
  const result = spawnSync(command.join(' '), { shell: true, stdio: 'inherit' });
  writeFileSync(report, JSON.stringify({ seconds: childrenSeconds() }));
  process.exit(result.status ?? 1);
}
