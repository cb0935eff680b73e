#!/usr/bin/env node
// The request body's NUL guard against the recursive walk it replaced: ratios of the best of RUNS (default 9).
//   [RUNS=9] node bench/nul-guard.mjs
import { runTs } from './lib/run.mjs';

runTs('./nul-guard-main.ts');
