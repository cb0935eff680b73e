// Production builds are made once per commit and reused: each dist/ folder carries the stamp of the
// sources it was built from (the commit's tree, only when nothing is changed or untracked), so the
// test run's build step reuses what the fresh-clone `npm start` check built from the same commit, and a
// second `npm start` does not build again. A changed working tree has no stamp: it always builds.
// Node's built-ins only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const BUILT_PACKAGES = ['host', 'remotes/system', 'remotes/user-policy', 'remotes/present', 'remotes/battle', 'remotes/points'];
const STAMP_FILE = '.source-stamp';

const git = (args, cwd) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/** The tree of HEAD when the working tree is exactly it (no change, nothing untracked); else null. */
export function sourceStamp(root) {
  const status = git(['status', '--porcelain'], root);
  if (status.status !== 0 || status.stdout.trim() !== '') return null;
  const tree = git(['rev-parse', 'HEAD^{tree}'], root);
  return tree.status === 0 ? tree.stdout.trim() : null;
}

export function writeStamps(root, stamp) {
  if (!stamp) return;
  for (const dir of BUILT_PACKAGES) {
    const dist = path.join(root, dir, 'dist');
    if (fs.existsSync(dist)) fs.writeFileSync(path.join(dist, STAMP_FILE), `${stamp}\n`);
  }
}

/** Every build in `root` carries `stamp`. */
export function buildsMatch(root, stamp) {
  if (!stamp) return false;
  return BUILT_PACKAGES.every((dir) => {
    try {
      return fs.readFileSync(path.join(root, dir, 'dist', STAMP_FILE), 'utf8').trim() === stamp;
    } catch {
      return false;
    }
  });
}

/** Moves the builds of another clone of the same sources (same stamp) into `root`; false when they differ. */
export function adoptBuilds(from, root) {
  const stamp = sourceStamp(root);
  if (!stamp || !buildsMatch(from, stamp)) return false;
  for (const dir of BUILT_PACKAGES) {
    const target = path.join(root, dir, 'dist');
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(path.join(from, dir, 'dist'), target, { recursive: true });
  }
  return true;
}
