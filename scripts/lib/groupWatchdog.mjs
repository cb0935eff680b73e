// Started by processGroup.mjs, detached (no terminal signals reach it), with an IPC channel to the
// script that owns process group <pgid>. When that channel closes the owner is gone, whichever way
// it ended: stop the group (SIGTERM, then SIGKILL after 10 s). It also leaves once the group is gone.
const pgid = Number(process.argv[2]);
const alive = () => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

if (!Number.isInteger(pgid) || pgid <= 1) process.exit(2);

const poll = setInterval(() => {
  if (!alive()) process.exit(0);
}, 1000);

function stopGroup() {
  clearInterval(poll);
  if (!alive()) process.exit(0);
  process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  setInterval(() => {
    if (!alive()) process.exit(0);
    if (Date.now() > deadline) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
      process.exit(0);
    }
  }, 100);
}

// An owner killed before this watchdog was up has already closed the channel: stop the group now.
if (process.connected) process.on('disconnect', stopGroup);
else stopGroup();
