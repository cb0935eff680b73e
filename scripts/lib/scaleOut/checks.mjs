// The scale-out suite's checks, in order (they share the cluster and later ones rely on earlier
// state: the last one kills an instance). Each returns its figure line, or throws an Error whose
// message is the figure line that shows what went wrong.
import { killInstance, LOCAL_ADMIN, SCALE_OUT_GAME_SERVER_TOKEN } from './cluster.mjs';
import { call, describeTally, signIn, tally, until } from './http.mjs';
import { readAccessLog } from './nginx.mjs';

function expect(ok, figure) {
  if (!ok) throw new Error(figure);
  return figure;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pair = (responses) => responses.map((r) => r.status).sort((x, y) => x - y);
const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

async function one(cluster, text, values = []) {
  const { rows } = await cluster.db.query(text, values);
  return rows[0];
}

/** Which instance each logged request went to (nginx's $upstream_addr → instance name). */
function upstreamCounts(cluster, lines) {
  const byAddress = Object.fromEntries(Object.values(cluster.instances).map((i) => [`127.0.0.1:${i.port}`, i.name]));
  return tally(lines.map((line) => byAddress[line.upstream] ?? line.upstream));
}

export const checks = [
  {
    name: 'both instances up',
    async run(cluster) {
      const all = Object.values(cluster.instances);
      const health = await Promise.all(all.map((i) => call(i.base, 'GET', '/health')));
      const before = readAccessLog(cluster.dir).length;
      const viaLb = [];
      for (let n = 0; n < 6; n += 1) {
        viaLb.push(await call(cluster.lb.bffBase, 'GET', '/health'), await call(cluster.lb.pointsBase, 'GET', '/health'));
      }
      const spread = upstreamCounts(cluster, readAccessLog(cluster.dir).slice(before));
      const up = all.filter((_, i) => health[i].status === 200);
      const started = all.map((i) => `${i.name} ${seconds(i.startedInMs)}`).join(', ');
      return expect(
        up.length === 4 && viaLb.every((r) => r.status === 200) && all.every((i) => spread[i.name] > 0),
        `${up.filter((i) => i.service === 'bff').length} of 2 BFFs and ${up.filter((i) => i.service === 'points').length} of 2 points APIs ` +
          `answer /health (started together, up after: ${started}); 12 /health calls through nginx reached ${describeTally(spread)}`,
      );
    },
  },

  {
    name: 'sessions across instances',
    async run(cluster, state) {
      const { 'bff-a': a, 'bff-b': b, 'points-a': pa, 'points-b': pb } = cluster.instances;
      const token = await signIn(a.base, LOCAL_ADMIN);
      const probes = () =>
        Promise.all([
          call(a.base, 'POST', '/users/info', { token }),
          call(b.base, 'POST', '/users/info', { token }),
          call(pa.base, 'GET', '/point-accounts?pageSize=1', { token }),
          call(pb.base, 'GET', '/point-accounts?pageSize=1', { token }),
        ]);
      const used = (await probes()).map((r) => r.status);
      const signOut = await call(b.base, 'POST', '/users/logout', { token });
      const ended = (await probes()).map((r) => r.status);
      // The later checks' token, taken before the throttle check locks anything.
      state.token = await signIn(b.base, LOCAL_ADMIN);
      return expect(
        sameList(used, [200, 200, 200, 200]) && signOut.status === 200 && sameList(ended, [401, 401, 401, 401]),
        `token from bff-a → bff-a/bff-b/points-a/points-b ${used.join('/')}; ` +
          `signed out on bff-b (${signOut.status}) → ${ended.join('/')}`,
      );
    },
  },

  {
    name: 'search and export limits across instances',
    async run(cluster, state) {
      // One admin, both BFFs behind nginx: 60 searches a minute and 2 exports at once (the defaults) in all.
      const lb = cluster.lb.bffBase;
      const searches = await Promise.all(Array.from({ length: 70 }, () => call(lb, 'GET', '/search?q=scale', { token: state.token })));
      const found = tally(searches.map((r) => r.status));
      const exports = await Promise.all(
        Array.from({ length: 40 }, () => call(lb, 'GET', '/constant-variables/export.csv', { token: state.token })),
      );
      const exported = tally(exports.map((r) => r.status));
      const refused = [...searches, ...exports].filter((r) => r.status === 429);
      const timed = refused.every((r) => Number(r.retryAfter) >= 1 && r.body?.error?.code === 'too_many_requests');
      return expect(
        found[200] === 60 &&
          found[429] === 10 &&
          exported[200] >= 1 &&
          exported[200] <= 10 &&
          exported[429] === 40 - exported[200] &&
          timed,
        `70 concurrent searches by one admin through nginx: ${describeTally(found)}; 40 concurrent exports: ${describeTally(exported)}; ` +
          `every 429 with Retry-After: ${timed}`,
      );
    },
  },

  {
    name: 'sign-in throttle across instances',
    async run(cluster) {
      const lb = cluster.lb.bffBase;
      const [client, other] = ['198.51.100.7', '198.51.100.8'];
      const wrong = { email: LOCAL_ADMIN.email, password: 'not-the-password' };
      const before = readAccessLog(cluster.dir).length;
      const attempts = await Promise.all(
        Array.from({ length: 30 }, () => call(lb, 'POST', '/users/login', { forwardedFor: client, body: wrong })),
      );
      const counts = tally(attempts.map((r) => r.status));
      const spread = upstreamCounts(
        cluster,
        readAccessLog(cluster.dir)
          .slice(before)
          .filter((l) => l.uri === '/users/login'),
      );
      const otherWrong = await call(lb, 'POST', '/users/login', { forwardedFor: other, body: wrong });
      const otherRight = await call(lb, 'POST', '/users/login', { forwardedFor: other, body: LOCAL_ADMIN });
      const lockedRight = await call(lb, 'POST', '/users/login', { forwardedFor: client, body: LOCAL_ADMIN });
      const checked = counts[401] ?? 0;
      return expect(
        checked >= 1 &&
          checked <= 5 &&
          checked + (counts[429] ?? 0) === 30 &&
          spread['bff-a'] > 0 &&
          spread['bff-b'] > 0 &&
          otherWrong.status === 401 &&
          otherRight.status === 200 &&
          lockedRight.status === 429,
        `30 concurrent wrong passwords from ${client} through nginx (to ${describeTally(spread)}): ${checked} checked (401), ` +
          `${counts[429] ?? 0} refused (429)${Object.keys(counts).some((s) => s !== '401' && s !== '429') ? `, all: ${describeTally(counts)}` : ''}; ` +
          `then ${client} with the right password ${lockedRight.status}, ${other} wrong ${otherWrong.status} and right ${otherRight.status}`,
      );
    },
  },

  {
    name: 'same-version saves across instances',
    async run(cluster, state) {
      const { 'bff-a': a, 'bff-b': b } = cluster.instances;
      const { token } = state;
      const fields = { key: `scale.out.${Date.now()}`, type: 'number', description: 'scale-out suite' };
      const created = await call(a.base, 'POST', '/constant-variables', { token, body: { ...fields, value: '0' } });
      if (created.status !== 201)
        throw new Error(`creating a constant variable answered ${created.status}: ${JSON.stringify(created.body)}`);
      const { id } = created.body;
      let version = created.body.version;
      const firstVersion = version;
      let lastValue = '0';
      const wins = { 'bff-a': 0, 'bff-b': 0 };
      const bad = [];
      for (let n = 0; n < 50; n += 1) {
        const values = [String(2 * n + 1), String(2 * n + 2)];
        const answers = await Promise.all(
          [a, b].map((instance, i) =>
            call(instance.base, 'PUT', `/constant-variables/${id}`, { token, body: { ...fields, value: values[i], version } }),
          ),
        );
        const statuses = pair(answers);
        const winner = answers.findIndex((r) => r.status === 200);
        if (!sameList(statuses, [200, 409]) || answers[winner].body.version !== version + 1) {
          bad.push(`pair ${n + 1}: ${statuses.join('+')}`);
          version = (await call(a.base, 'GET', `/constant-variables/${id}`, { token })).body.version;
          continue;
        }
        wins[winner === 0 ? 'bff-a' : 'bff-b'] += 1;
        version = answers[winner].body.version;
        lastValue = values[winner];
      }
      const stored = await call(b.base, 'GET', `/constant-variables/${id}`, { token });
      const logged = await one(
        cluster,
        `select count(*)::int as n from action_logs where action = 'constantVariable.update' and target_id = $1`,
        [String(id)],
      );
      return expect(
        bad.length === 0 && stored.body.version === firstVersion + 50 && stored.body.value === lastValue && logged.n === 50,
        `50 pairs of saves of one version, one to each BFF at once: ${50 - bad.length} answered 200 + 409` +
          `${bad.length ? ` (not: ${bad.slice(0, 5).join('; ')})` : ''} (won by bff-a ${wins['bff-a']}, bff-b ${wins['bff-b']}); ` +
          `stored version ${firstVersion} → ${stored.body.version}, last winner's value ${stored.body.value === lastValue ? 'kept' : `lost (${stored.body.value})`}, ${logged.n} update log rows`,
      );
    },
  },

  {
    name: 'scheduled jobs run once',
    async run(cluster, state) {
      const { 'bff-a': a, 'points-a': pa } = cluster.instances;
      const { token } = state;
      const present = await one(cluster, `select id from presents where ends_at > now() + interval '1 day' order by id limit 1`);
      if (!present) throw new Error('the seed left no present that can still be claimed');
      // Time to buy the round's 40 tickets before it (a round sells nothing once its draw time has passed).
      const at = new Date(Date.now() + 6000).toISOString();
      const playerIds = Array.from({ length: 300 }, (_, i) => i + 1);
      const sent = await call(a.base, 'POST', '/present-distributions', {
        token,
        body: { presentId: present.id, target: 'list', playerIds, scheduledAt: at },
      });
      const round = await call(pa.base, 'POST', '/lottery/rounds', {
        token,
        body: {
          name: 'Scale-out draw',
          ticketPrice: 10,
          prizes: [
            { rank: 1, reward: 1000, count: 1 },
            { rank: 2, reward: 100, count: 2 },
          ],
          drawAt: at,
        },
      });
      if (sent.status !== 201 || round.status !== 201) {
        throw new Error(
          `scheduling answered ${sent.status} (distribution) and ${round.status} (lottery round): ${JSON.stringify([sent.body, round.body])}`,
        );
      }
      // 40 tickets bought as the game buys them, each purchase sent to both points APIs at once: one ticket, one debit each.
      const { 'points-b': pb } = cluster.instances;
      const authorization = `Bearer ${SCALE_OUT_GAME_SERVER_TOKEN}`;
      for (let n = 1; n <= 40; n += 1) {
        const body = { purchaseId: `scale-out-${round.body.id}-${n}`, playerId: 1 + (n % 30), ticketPrice: 10 };
        const bought = await Promise.all(
          [pa, pb].map((i) => call(i.base, 'POST', `/game/lottery/rounds/${round.body.id}/tickets`, { headers: { authorization }, body })),
        );
        if (
          bought
            .map((b) => b.status)
            .sort()
            .join() !== '200,201'
        ) {
          throw new Error(`purchase ${n} sent to both points APIs answered ${pair(bought).join(' + ')}`);
        }
      }
      const done = await until(
        async () => {
          const d = await one(cluster, `select status from present_distributions where id = $1`, [sent.body.id]);
          const r = await one(cluster, `select drawn_at from points.lottery_rounds where id = $1`, [round.body.id]);
          return (d.status === 'done' || d.status === 'failed') && r.drawn_at !== null;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
      const d = await one(
        cluster,
        `select d.status, d.recipient_count, d.delivered_count, d.started_at,
                (select count(*)::int from present_deliveries x where x.distribution_id = d.id) as rows,
                (select json_agg(json_build_object('state', j.state, 'retries', j.retry_count))
                   from pgboss.job j where j.name = 'present-distribution' and (j.data->>'distributionId')::int = d.id) as jobs
         from present_distributions d where d.id = $1`,
        [sent.body.id],
      );
      const r = await one(
        cluster,
        `select r.drawn_at, r.ticket_count, jsonb_array_length(coalesce(r.winners, '[]'::jsonb)) as winners,
                (select count(*)::int from jsonb_array_elements(coalesce(r.winners, '[]'::jsonb)) w where w->>'entryId' is not null) as winners_paid,
                (select count(*)::int from points.ledger_entries e where e.idempotency_key like 'lottery-prize:' || r.id || ':%') as prize_entries,
                (select count(*)::int from points.lottery_tickets t join points.ledger_entries e on e.id = t.entry_id where t.round_id = r.id) as debited,
                (select count(*)::int from action_logs l where l.action = 'pointsLotteryRound.draw' and l.target_id = r.id::text) as draws,
                (select json_agg(json_build_object('state', j.state, 'retries', j.retry_count))
                   from points_boss.job j where j.name = 'points-lottery-draw' and (j.data->>'roundId')::int = r.id) as jobs
         from points.lottery_rounds r where r.id = $1`,
        [round.body.id],
      );
      const jobsText = (jobs) => (jobs ?? []).map((j) => `${j.state}, ${j.retries} retries`).join(' / ') || 'none';
      const onceOk = (jobs) => jobs?.length === 1 && jobs[0].state === 'completed' && jobs[0].retries === 0;
      const notEarly = (when) => when !== null && new Date(when) >= new Date(at);
      return expect(
        done &&
          d.status === 'done' &&
          d.delivered_count === d.recipient_count &&
          d.rows === d.recipient_count &&
          onceOk(d.jobs) &&
          notEarly(d.started_at) &&
          r.draws === 1 &&
          r.winners === 3 &&
          r.ticket_count === 40 &&
          r.debited === 40 &&
          r.winners_paid === 3 &&
          r.prize_entries === 3 &&
          onceOk(r.jobs) &&
          notEarly(r.drawn_at),
        `with both BFF and both points workers running: distribution ${sent.body.id} for ${at} ${d.status}, ` +
          `${d.delivered_count} of ${d.recipient_count} delivered, ${d.rows} delivery rows, job ${jobsText(d.jobs)}, started ${notEarly(d.started_at) ? 'on time' : `early or never (${d.started_at})`}; ` +
          `lottery round ${round.body.id} ${r.drawn_at ? 'drawn' : 'not drawn'} with ${r.ticket_count} tickets (${r.debited} debited): ${r.draws} draw log row(s), ${r.winners} winners (${r.winners_paid} paid, ${r.prize_entries} prize entries), job ${jobsText(r.jobs)}`,
      );
    },
  },

  {
    name: 'one idempotency key, two points APIs',
    async run(cluster, state) {
      const { 'points-a': pa, 'points-b': pb } = cluster.instances;
      const { token } = state;
      const user = await one(cluster, `select id, balance::bigint::text as balance from points.accounts order by id limit 1`);
      if (!user) throw new Error('the seed left no point account');
      const prefix = `scale-out-${Date.now()}`;
      const statuses = [];
      for (let n = 0; n < 20; n += 1) {
        const headers = { 'idempotency-key': `${prefix}-${n}` };
        const body = { amount: 7, reason: 'scale-out suite' };
        const answers = await Promise.all(
          [pa, pb].map((i) => call(i.base, 'POST', `/point-accounts/${user.id}/adjustments`, { token, headers, body })),
        );
        statuses.push(`(${pair(answers).join(' + ')})`);
      }
      const after = await one(
        cluster,
        `select (select balance::bigint::text from points.accounts where id = $1) as balance,
                (select count(*)::int from points.ledger_entries where idempotency_key like $2) as entries`,
        [user.id, `${prefix}-%`],
      );
      const added = Number(after.balance) - Number(user.balance);
      const pairs = tally(statuses);
      return expect(
        pairs['(200 + 201)'] === 20 && after.entries === 20 && added === 140,
        `20 keys, each sent to points-a and points-b at once: ${describeTally(pairs)}; ${after.entries} ledger entries, ` +
          `balance of user ${user.id} +${added} (20 × 7 = 140)`,
      );
    },
  },

  {
    name: 'global sign-out confirmed on both',
    async run(cluster, state) {
      const { 'bff-a': a, 'bff-b': b } = cluster.instances;
      const { token } = state;
      const runsBefore = await one(cluster, `select count(*)::int as n from global_sign_out_runs`);
      const results = [];
      let first = null;
      for (let n = 0; n < 5; n += 1) {
        const { body: summary } = await call(a.base, 'GET', '/global-sign-out', { token });
        const body = {
          lastRunId: summary.lastRunId,
          confirmedSessions: summary.openSessions,
          confirmedBattles: summary.ongoingBattles,
          reason: 'Scale-out suite',
        };
        const answers = await Promise.all([a, b].map((i) => call(i.base, 'POST', '/global-sign-out', { token, body })));
        results.push(`(${pair(answers).join(' + ')})`);
        first ??= answers.find((r) => r.status === 200)?.body ?? null;
      }
      const runsAfter = await one(cluster, `select count(*)::int as n from global_sign_out_runs`);
      const outcomes = tally(results);
      return expect(
        outcomes['(200 + 409)'] === 5 && runsAfter.n - runsBefore.n === 5,
        `5 confirmations, each sent to bff-a and bff-b at once: ${describeTally(outcomes)}; ${runsAfter.n - runsBefore.n} runs stored ` +
          `(the first ended ${first?.sessionsEnded ?? '?'} player sessions and ${first?.battlesEnded ?? '?'} battles)`,
      );
    },
  },

  {
    name: 'one unbroken action-log chain per service',
    async run(cluster, state) {
      const { 'bff-a': a, 'bff-b': b } = cluster.instances;
      const { token } = state;
      // 40 changes at once, half on each BFF: both write the bff chain's next link (migration 0061).
      const run = Date.now();
      const writes = await Promise.all(
        [a, b].flatMap((instance, side) =>
          Array.from({ length: 20 }, (_, n) =>
            call(instance.base, 'POST', '/constant-variables', {
              token,
              body: { key: `scale.chain.${run}.${side}.${n}`, type: 'number', value: String(n) },
            }),
          ),
        ),
      );
      const { status, body } = await call(b.base, 'POST', '/action-logs/verification', { token });
      const chains = Object.fromEntries((body?.chains ?? []).map((c) => [c.chain, c]));
      const line = (c) =>
        c
          ? `${c.chain} ${c.rows} rows, ${c.broken ? `broken at #${c.broken.id} (${c.broken.reason})` : `intact through #${c.intactThroughId}`}`
          : 'missing';
      // Every instance serves as the serving role, which the database lets insert and read the log only.
      const names = Object.keys(cluster.instances);
      const { rows: users } = await cluster.db.query(
        'select distinct usename from pg_stat_activity where application_name = any($1) order by 1',
        [names],
      );
      const rights = await one(
        cluster,
        `select has_table_privilege($1, 'action_logs', 'INSERT') as insert, has_table_privilege($1, 'action_logs', 'SELECT') as select,
          has_table_privilege($1, 'action_logs', 'UPDATE') as update, has_table_privilege($1, 'action_logs', 'DELETE') as delete,
          pg_has_role($1, (select relowner from pg_class where oid = 'action_logs'::regclass), 'USAGE') as owner`,
        [cluster.servingRole],
      );
      const servedAs = users.map((u) => u.usename);
      const onlyServing = servedAs.length === 1 && servedAs[0] === cluster.servingRole;
      const insertOnly = rights.insert && rights.select && !rights.update && !rights.delete && !rights.owner;
      return expect(
        status === 200 &&
          writes.every((w) => w.status === 201) &&
          chains.bff?.broken === null &&
          chains.points?.broken === null &&
          chains.points.rows > 0 &&
          onlyServing &&
          insertOnly,
        `40 creates at once on bff-a and bff-b: ${describeTally(tally(writes.map((w) => w.status)))}; ` +
          `verification (${status}): ${line(chains.bff)}; ${line(chains.points)} (the points APIs' adjustments above); ` +
          `the 4 instances connect as ${servedAs.join(', ') || 'nobody'} (migrated as the owner), which may ` +
          `${Object.entries(rights)
            .filter(([, may]) => may)
            .map(([right]) => right)
            .join(', ')} on action_logs, nothing else`,
      );
    },
  },

  {
    name: 'instance killed mid-distribution',
    async run(cluster, state, options) {
      const { token } = state;
      const { 'bff-a': a } = cluster.instances;
      const inserting = Date.now();
      const { rowCount } = await cluster.db.query(
        `insert into players (id, name, level, status, created_at)
         select g, 'Scale player ' || g, 1, 'active', now() from generate_series((select coalesce(max(id), 0) + 1 from players), $1::int) as g`,
        [options.players],
      );
      const insertMs = Date.now() - inserting;
      // To all players the BFF holds to the count the admin confirmed: read it as the page does.
      const preview = await call(a.base, 'POST', '/present-distributions/preview', { token, body: { target: 'all' } });
      if (preview.status !== 200) throw new Error(`counting every player answered ${preview.status}: ${JSON.stringify(preview.body)}`);
      const sent = await call(a.base, 'POST', '/present-distributions', {
        token,
        body: {
          presentId: (await one(cluster, `select id from presents where ends_at > now() + interval '1 day' order by id limit 1`)).id,
          target: 'all',
          confirmedRecipients: preview.body.recipients,
        },
      });
      if (sent.status !== 201) throw new Error(`sending to every player answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const id = sent.body.id;
      // The instance whose connection is delivering a batch right now holds the job. Killed after its
      // first batch is committed: the survivor resumes from the cursor, and the row count shows no
      // batch was delivered twice or lost.
      const holder = await until(
        async () => {
          const row = await one(
            cluster,
            `select (select application_name from pg_stat_activity
                      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
                        and query like '%insert into present_deliveries%' limit 1) as holder,
                    d.status, d.delivered_count
             from present_distributions d where d.id = $1`,
            [id],
          );
          if (row.status === 'done') return { finished: true };
          return row.holder && row.delivered_count > 0 ? { name: row.holder } : null;
        },
        { timeoutMs: 30_000, intervalMs: 20 },
      );
      if (!holder?.name) {
        throw new Error(
          `distribution ${id} to ${sent.body.recipientCount} players ${holder?.finished ? 'finished before it could be killed' : 'did not reach its second batch within 30 s'} ` +
            `(raise SCALE_OUT_PLAYERS, now ${options.players})`,
        );
      }
      const victim = cluster.instances[holder.name];
      const survivor = Object.values(cluster.instances).find((i) => i.service === 'bff' && i !== victim);
      await killInstance(victim);
      const killedAt = Date.now();
      const atKill = await one(cluster, `select delivered_count from present_distributions where id = $1`, [id]);
      const boundMs = options.takeoverSeconds * 1000;
      const finished = await until(
        async () => (await one(cluster, `select status from present_distributions where id = $1`, [id])).status === 'done',
        { timeoutMs: boundMs, intervalMs: 500 },
      );
      const tookMs = Date.now() - killedAt;
      const d = await one(
        cluster,
        `select status, recipient_count, delivered_count,
                (select count(*)::int from present_deliveries x where x.distribution_id = d.id) as rows
         from present_distributions d where id = $1`,
        [id],
      );
      const lbHealth = await Promise.all([1, 2, 3].map(() => call(cluster.lb.bffBase, 'GET', '/health')));
      const survivorUp = (await call(survivor.base, 'GET', '/health')).status === 200;
      return expect(
        finished &&
          d.delivered_count === d.recipient_count &&
          d.rows === d.recipient_count &&
          survivorUp &&
          lbHealth.every((r) => r.status === 200),
        `${options.players.toLocaleString('en-US')} players (${rowCount.toLocaleString('en-US')} inserted in ${seconds(insertMs)}); ` +
          `${victim.name} SIGKILLed while delivering distribution ${id} (${atKill.delivered_count.toLocaleString('en-US')} of ` +
          `${d.recipient_count.toLocaleString('en-US')} delivered then); ${survivor.name} ${finished ? 'finished it' : `had not finished it (${d.status})`} ` +
          `${seconds(tookMs)} after the kill (bound ${options.takeoverSeconds} s): ${d.delivered_count.toLocaleString('en-US')} delivered, ` +
          `${d.rows.toLocaleString('en-US')} delivery rows; nginx /health ${lbHealth.map((r) => r.status).join('/')}`,
      );
    },
  },
];
