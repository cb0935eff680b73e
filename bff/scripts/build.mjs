#!/usr/bin/env node
// Compiles the BFF to plain CommonJS in dist/, one output file per source file, keeping src/'s
// layout, with @phoenix/contract and @phoenix/server compiled beside it (dist/contract, dist/server):
// shared/server/scripts/compileService.mjs, as the points API's build. Not one bundle: migrations
// and features are found at run time by folder.
//   node scripts/build.mjs [--outdir DIR]
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileService } from '../../shared/server/scripts/compileService.mjs';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--outdir');
const outdir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : path.join(serviceRoot, 'dist'));
await compileService({ build, serviceRoot, outdir, label: 'BFF' });
