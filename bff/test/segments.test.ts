import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import { EMPTY_SEGMENT_CRITERIA, segmentsResource, type Distribution, type Segment, type SegmentCriteria } from '@phoenix/contract';
import { expectStaleConflict, itKeepsTheResourceContract, lastLog, LONG_SESSIONS } from '@phoenix/server/testing';
import { runDistribution } from '../src/features/presentDistributions/run';

const jobs = { pollingIntervalSeconds: 0.5 };
let t: TestApp;
let token: string;
let operatorToken: string;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
  t.call(as, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const contract = { t: () => t, token: () => token, operatorToken: () => operatorToken };

/** The players of the fixture, as the model the counts are checked against. */
interface Model {
  id: number;
  level: number;
  banned: boolean;
  createdAt: number;
  lastSeenAt: number | null;
  wallet: boolean;
  restricted: boolean;
  policies: number[];
}
const PLAYERS = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let model: Model[] = [];
let policyA: number;
let policyB: number;

beforeAll(async () => {
  t = await createTestApp({ ...LONG_SESSIONS, jobs });
  token = (await signedInAdmin(t)).token;
  operatorToken = (await signedInAdmin(t, 1)).token;
  const now = t.clock.now().getTime();
  policyA = (await call('POST', '/policies', { name: 'Segment policy A' })).json().id;
  policyB = (await call('POST', '/policies', { name: 'Segment policy B' })).json().id;
  for (let i = 1; i <= PLAYERS; i++) {
    const row = {
      id: i,
      level: (i % 10) + 1,
      // A ban past its end is no ban: i % 11 players were banned until yesterday.
      banned: i % 7 === 0,
      createdAt: now - i * DAY,
      lastSeenAt: i % 5 === 0 ? null : now - i * HOUR,
      wallet: i % 3 !== 0,
      restricted: i % 4 === 0 || i <= 5 || i === 50,
      policies: i <= 5 ? [policyA] : i === 50 ? [policyB] : [],
    };
    model.push(row);
    await t.db
      .insertInto('players')
      .values({
        id: i,
        name: `segment player ${i}`,
        level: row.level,
        status: row.banned || i % 11 === 0 ? 'banned' : 'active',
        ban_ends_at: i % 11 === 0 && !row.banned ? new Date(now - DAY) : null,
        created_at: new Date(row.createdAt),
        last_seen_at: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
        wallet_address: row.wallet ? `0x${i.toString(16).padStart(40, '0')}` : null,
      })
      .execute();
    const base = { player_id: i, created_at: new Date(now), created_by: 'test@test.local' };
    if (i % 4 === 0)
      await t.db
        .insertInto('player_api_restrictions')
        .values({ ...base, api_id: 1, ends_at: null })
        .execute();
    // A restriction past its end restricts nothing.
    if (i % 6 === 0)
      await t.db
        .insertInto('player_api_restrictions')
        .values({ ...base, api_id: 2, ends_at: new Date(now - HOUR) })
        .execute();
    for (const policy of row.policies) {
      await t.db
        .insertInto('policy_members')
        .values({ policy_id: policy, player_id: i, added_at: new Date(now), added_by: 'test' })
        .execute();
    }
  }
  model = model.map((m) => m);
});
afterAll(() => t.close());

const criteria = (c: Partial<SegmentCriteria>): SegmentCriteria => ({ ...EMPTY_SEGMENT_CRITERIA, ...c });
const iso = (ms: number) => new Date(ms).toISOString();

function matches(m: Model, c: SegmentCriteria): boolean {
  if (c.levelMin !== null && m.level < c.levelMin) return false;
  if (c.levelMax !== null && m.level > c.levelMax) return false;
  if (c.status === 'banned' && !m.banned) return false;
  if (c.status === 'active' && m.banned) return false;
  if (c.createdFrom && m.createdAt < Date.parse(c.createdFrom)) return false;
  if (c.createdTo && m.createdAt > Date.parse(c.createdTo)) return false;
  if (c.lastSeenFrom && (m.lastSeenAt === null || m.lastSeenAt < Date.parse(c.lastSeenFrom))) return false;
  if (c.lastSeenTo && (m.lastSeenAt === null || m.lastSeenAt > Date.parse(c.lastSeenTo))) return false;
  if (c.wallet === 'has' && !m.wallet) return false;
  if (c.wallet === 'hasNot' && m.wallet) return false;
  if (c.restricted === 'yes' && !m.restricted) return false;
  if (c.restricted === 'no' && m.restricted) return false;
  if (c.policyId !== null && !m.policies.includes(c.policyId)) return false;
  return true;
}

async function create(name: string, c: Partial<SegmentCriteria> = {}): Promise<Segment> {
  const response = await call('POST', '/segments', { name, description: 'For the tests', criteria: criteria(c) });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('contract', () => {
  itKeepsTheResourceContract(contract, segmentsResource, [
    ['POST', '/segments/count'],
    ['GET', '/segments/1/count'],
    ['GET', '/segments/1/member-ids'],
    ['GET', '/segments/members/export.csv?segmentId=1'],
  ]);
});

describe('count', () => {
  test('every criterion, alone and combined, counts exactly the matching players', async () => {
    const now = t.clock.now().getTime();
    const cases: Partial<SegmentCriteria>[] = [
      {},
      { levelMin: 3 },
      { levelMax: 4 },
      { levelMin: 3, levelMax: 6 },
      { status: 'banned' },
      { status: 'active' },
      { createdFrom: iso(now - 20 * DAY) },
      { createdFrom: iso(now - 40 * DAY), createdTo: iso(now - 10 * DAY) },
      { lastSeenFrom: iso(now - 30 * HOUR) },
      { lastSeenTo: iso(now - 30 * HOUR) },
      { wallet: 'has' },
      { wallet: 'hasNot' },
      { restricted: 'yes' },
      { restricted: 'no' },
      { policyId: policyA },
      { policyId: policyB, wallet: 'has' },
      { levelMin: 2, status: 'active', wallet: 'has', restricted: 'no', lastSeenFrom: iso(now - 50 * HOUR) },
    ];
    for (const c of cases) {
      const full = criteria(c);
      const expected = model.filter((m) => matches(m, full)).length;
      const response = await call('POST', '/segments/count', { criteria: full });
      expect({ c, status: response.statusCode, count: response.json().count }).toEqual({ c, status: 200, count: expected });
    }
    // Criteria left out are "any": the defaults fill them in.
    expect((await call('POST', '/segments/count', { criteria: { wallet: 'hasNot' } })).json().count).toBe(
      model.filter((m) => !m.wallet).length,
    );
  });

  test('a saved segment counts the same; a reader may count', async () => {
    const segment = await create('Level 5 and up', { levelMin: 5 });
    const viewer = await t.createAccount({ roles: ['viewer'] });
    const viewerToken = await t.login(viewer.email, viewer.password);
    const expected = model.filter((m) => m.level >= 5).length;
    expect((await call('GET', `/segments/${segment.id}/count`, undefined, viewerToken)).json()).toEqual({ count: expected });
    expect((await call('POST', '/segments/count', { criteria: { levelMin: 5 } }, viewerToken)).json()).toEqual({ count: expected });
    // Reading yes; changing no.
    expect((await call('POST', '/segments', { name: 'x', criteria: {} }, viewerToken)).statusCode).toBe(403);
  });

  test('bad criteria → 400 on the field, never a 500', async () => {
    const refused = async (c: unknown) => {
      const response = await call('POST', '/segments/count', { criteria: c });
      expect(response.statusCode).toBe(400);
      return response.json().error.fieldErrors as Record<string, string[]>;
    };
    expect(await refused({ levelMin: 5, levelMax: 2 })).toEqual({ 'criteria.levelMax': ['The highest level is below the lowest'] });
    expect(await refused({ levelMin: -1 })).toEqual({ 'criteria.levelMin': ['Levels are whole numbers'] });
    expect(await refused({ levelMin: 1.5 })).toEqual({ 'criteria.levelMin': ['Levels are whole numbers'] });
    expect(await refused({ status: 'gone' })).toEqual({ 'criteria.status': ['Pick a status'] });
    expect(await refused({ wallet: 'maybe' })).toEqual({ 'criteria.wallet': ['Pick has or has not'] });
    expect(await refused({ createdFrom: 'yesterday' })).toEqual({ 'criteria.createdFrom': ['Enter a date and time with a time zone'] });
    expect(await refused({ createdFrom: '2030-02-01T00:00:00Z', createdTo: '2030-01-01T00:00:00Z' })).toEqual({
      'criteria.createdTo': ['The end must be after the start'],
    });
    expect(await refused({ policyId: 999999 })).toEqual({ 'criteria.policyId': ['This policy does not exist'] });
    expect(await refused('all')).toHaveProperty('criteria');
    const response = await call('POST', '/segments/count', { criteria: { policyId: 999999 } });
    expect(response.json().error.fieldErrorKeys).toEqual({ 'criteria.policyId': ['this_policy_does_not_exist'] });
  });
});

describe('segments', () => {
  test('create, edit and delete are versioned and each writes its log row', async () => {
    const segment = await create('Whales', { levelMin: 8, wallet: 'has' });
    expect(segment).toMatchObject({ name: 'Whales', version: 1, criteria: criteria({ levelMin: 8, wallet: 'has' }) });
    expect(await lastLog(t, 'segment', segment.id)).toMatchObject({ action: 'segment.create', before: null, after: segment });

    const edited = await call('PUT', `/segments/${segment.id}`, {
      name: 'Whales',
      description: '',
      criteria: criteria({ levelMin: 9 }),
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, criteria: criteria({ levelMin: 9 }) });
    expect(await lastLog(t, 'segment', segment.id)).toMatchObject({
      action: 'segment.update',
      before: { version: 1, criteria: { levelMin: 8, wallet: 'has' } },
      after: { version: 2, criteria: { levelMin: 9, wallet: null } },
    });

    // Someone saved meanwhile: 409 with their version, nothing written, nothing logged.
    await expectStaleConflict(
      contract,
      ['PUT', `/segments/${segment.id}`, { name: 'Whales', description: '', criteria: criteria({}), version: 1 }],
      `/segments/${segment.id}`,
      edited.json(),
    );

    const stale = await call('DELETE', `/segments/${segment.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect((await call('DELETE', `/segments/${segment.id}?version=2`)).statusCode).toBe(200);
    expect(await lastLog(t, 'segment', segment.id)).toMatchObject({ action: 'segment.delete' });
    expect((await call('GET', `/segments/${segment.id}/count`)).statusCode).toBe(404);
  });

  test('a name is unique whatever its case; an unknown policy is refused on save', async () => {
    await create('Dormant', { lastSeenTo: iso(t.clock.now().getTime() - 30 * DAY) });
    const again = await call('POST', '/segments', { name: 'DORMANT', criteria: {} });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fieldErrors).toEqual({ name: ['A segment with this name already exists'] });
    const unknown = await call('POST', '/segments', { name: 'Unknown policy', criteria: { policyId: 999999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors).toEqual({ 'criteria.policyId': ['This policy does not exist'] });
  });
});

describe('members', () => {
  test('member ids (for a bulk ban confirmed with their count) and the CSV export with its audit row', async () => {
    const segment = await create('Policy A members', { policyId: policyA });
    const ids = (await call('GET', `/segments/${segment.id}/member-ids`)).json().ids;
    expect(ids).toEqual([1, 2, 3, 4, 5]);

    const csv = await call('GET', `/segments/members/export.csv?segmentId=${segment.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`segment-${segment.id}-members.csv`);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['playerId', '1', '2', '3', '4', '5']);
    // The member export's own row: the list's CSV export (the contract tests above) is a segments.export too,
    // at the same test-clock instant, so the rows are told apart by their route, not their order.
    let row: { action: string; after: unknown } | undefined;
    for (let attempt = 0; attempt < 50 && !row; attempt++) {
      const { items } = (await call('GET', '/action-logs?target=export&pageSize=50')).json();
      row = items.find(
        (r: { action: string; after: { route?: string } | null }) =>
          r.action === 'segments.export' && r.after?.route === 'GET /segments/members/export.csv',
      );
      if (!row) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(row).toMatchObject({
      action: 'segments.export',
      after: { route: 'GET /segments/members/export.csv', filter: { segmentId: String(segment.id) }, rows: 5, complete: true },
    });
    expect((await call('GET', '/segments/members/export.csv?segmentId=999999')).statusCode).toBe(404);
    expect((await call('GET', '/segments/members/export.csv?segmentId=x')).statusCode).toBe(400);
    expect((await call('GET', '/segments/members/export.csv')).statusCode).toBe(400);
  });
});

describe('as a distribution target', () => {
  test('the count is confirmed as for all players; its members are fixed when the send starts', async () => {
    const present = (
      await call('POST', '/presents', {
        name: 'Segment gift',
        startsAt: '2030-01-01T00:00:00Z',
        endsAt: '2099-12-31T00:00:00Z',
        items: [{ itemId: 1, quantity: 1 }],
      })
    ).json();
    const segment = await create('Level 10', { levelMin: 10 });
    const activeLevel10 = model.filter((m) => m.level >= 10 && !m.banned).map((m) => m.id);

    const preview = await call('POST', '/present-distributions/preview', { target: 'segment', segmentId: segment.id });
    expect(preview.json()).toEqual({ recipients: activeLevel10.length, unknownIds: 0 });

    const body = { presentId: present.id, target: 'segment', segmentId: segment.id, scheduledAt: null };
    // No confirmed count, no send; no segment, no send.
    const unconfirmed = await call('POST', '/present-distributions', body);
    expect(unconfirmed.json().error.fieldErrors.confirmedRecipients).toBeDefined();
    const noSegment = await call('POST', '/present-distributions', { ...body, segmentId: null, confirmedRecipients: 1 });
    expect(noSegment.json().error.fieldErrors).toEqual({ segmentId: ['Pick a segment'] });
    const gone = await call('POST', '/present-distributions', { ...body, segmentId: 999999, confirmedRecipients: 1 });
    expect(gone.json().error.fieldErrors).toEqual({ segmentId: ['This segment does not exist'] });
    // More members than confirmed: 409 with the new count.
    const grew = await call('POST', '/present-distributions', { ...body, confirmedRecipients: activeLevel10.length - 1 });
    expect(grew.statusCode).toBe(409);
    expect(grew.json().error.current).toEqual({ recipients: activeLevel10.length, unknownIds: 0 });

    // Scheduled in an hour: the job does not run before the test runs it.
    const inAnHour = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const created = await call('POST', '/present-distributions', {
      ...body,
      scheduledAt: inAnHour,
      confirmedRecipients: activeLevel10.length,
    });
    expect(created.statusCode).toBe(201);
    const sent: Distribution = created.json();
    expect(sent).toMatchObject({ target: 'segment', segmentId: segment.id, recipientCount: activeLevel10.length, listedIds: 0 });
    expect(await lastLog(t, 'presentDistribution', sent.id)).toMatchObject({ action: 'presentDistribution.create' });

    // A player who joins the segment before the send starts receives it …
    await t.db.insertInto('players').values({ id: 1001, name: 'late joiner', level: 10, created_at: t.clock.now() }).execute();
    await runDistribution(t.ctx, sent.id, 2);
    const done: Distribution = (await call('GET', `/present-distributions/${sent.id}`)).json();
    expect(done).toMatchObject({ status: 'done', deliveredCount: activeLevel10.length + 1, recipientCount: activeLevel10.length + 1 });
    const fixed = await t.db
      .selectFrom('present_distributions')
      .select(['player_ids', 'members_fixed_at'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(fixed.player_ids).toEqual([...activeLevel10, 1001]);
    expect(fixed.members_fixed_at).not.toBeNull();

    // … one who joins after it started does not, even when the run is repeated from scratch.
    await t.db.insertInto('players').values({ id: 1002, name: 'too late', level: 10, created_at: t.clock.now() }).execute();
    await t.db.updateTable('present_distributions').set({ status: 'running', cursor_player_id: 0 }).where('id', '=', sent.id).execute();
    await runDistribution(t.ctx, sent.id, 2);
    const { rows } = await sql<{
      player_id: number;
    }>`select player_id from present_deliveries where distribution_id = ${sent.id} order by player_id`.execute(t.db);
    expect(rows.map((r) => r.player_id)).toEqual([...activeLevel10, 1001]);

    // Editing or deleting the segment later leaves the send as it was.
    expect((await call('DELETE', `/segments/${segment.id}?version=1`)).statusCode).toBe(200);
    expect((await call('GET', `/present-distributions/${sent.id}`)).json()).toMatchObject({
      segmentId: null,
      deliveredCount: activeLevel10.length + 1,
    });
  });
});

describe('points balance (read from the points API accounts in the same database)', () => {
  // Even players have an account holding 10 × their id; odd players have none (0 points).
  const balanceOf = (id: number) => (id % 2 === 0 && id <= PLAYERS ? id * 10 : 0);
  const inRange = (id: number, c: SegmentCriteria) =>
    (c.balanceMin === null || balanceOf(id) >= c.balanceMin) && (c.balanceMax === null || balanceOf(id) <= c.balanceMax);

  test('without the points tables, a balance criterion is refused at its field (nothing else is)', async () => {
    const response = await call('POST', '/segments/count', { criteria: criteria({ balanceMin: 100 }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrorKeys).toEqual({ 'criteria.balanceMin': ['point_balances_cannot_be_read_here'] });
    expect((await call('POST', '/segments/count', { criteria: criteria({ levelMin: 3 }) })).statusCode).toBe(200);
    // One saved where balances could be read, counted here: the same 400, never a 500.
    const id = (await create('Balance saved elsewhere', { levelMin: 3 })).id;
    await sql`update segments set criteria = ${JSON.stringify(criteria({ balanceMin: 100 }))}::jsonb where id = ${id}`.execute(t.db);
    for (const url of [`/segments/${id}/count`, `/segments/${id}/member-ids`, `/segments/members/export.csv?segmentId=${id}`]) {
      const read = await call('GET', url);
      expect([url, read.statusCode, read.json().error.fieldErrorKeys]).toEqual([
        url,
        400,
        { 'criteria.balanceMin': ['point_balances_cannot_be_read_here'] },
      ]);
    }
    await call('DELETE', `/segments/${id}`, { version: 1 });
  });

  test('counts by balance, players without an account at 0; bounds crossed or below 0 are refused', async () => {
    await sql`create schema if not exists points`.execute(t.db);
    await sql`create table points.accounts (id integer primary key, balance bigint not null default 0)`.execute(t.db);
    for (let i = 2; i <= PLAYERS; i += 2) await sql`insert into points.accounts (id, balance) values (${i}, ${balanceOf(i)})`.execute(t.db);
    const cases: Partial<SegmentCriteria>[] = [
      { balanceMin: 100 },
      { balanceMax: 50 },
      { balanceMin: 0, balanceMax: 0 },
      { balanceMin: 200, balanceMax: 400 },
      { balanceMin: 0 },
      { balanceMin: 150, levelMin: 3, wallet: 'has' },
    ];
    // Players added by the tests above (later joiners of a send) have no account: 0 points, any level.
    const { rows } = await sql<{ n: string }>`select count(*) as n from players where id > ${PLAYERS}`.execute(t.db);
    const joiners = Number(rows[0]!.n);
    for (const c of cases) {
      const full = criteria(c);
      const onlyBalance = Object.keys(c).every((key) => key.startsWith('balance'));
      const joinersIn = onlyBalance && inRange(0, full) ? joiners : 0;
      const expected = model.filter((m) => matches(m, full) && inRange(m.id, full)).length + joinersIn;
      const response = await call('POST', '/segments/count', { criteria: full });
      expect({ c, status: response.statusCode, count: response.json().count }).toEqual({ c, status: 200, count: expected });
    }
    const saved = await create('Rich players', { balanceMin: 300 });
    expect((await call('GET', `/segments/${saved.id}/member-ids`)).json().ids).toEqual(
      model.filter((m) => balanceOf(m.id) >= 300).map((m) => m.id),
    );

    const crossed = await call('POST', '/segments/count', { criteria: criteria({ balanceMin: 10, balanceMax: 5 }) });
    expect(crossed.json().error.fieldErrorKeys).toEqual({ 'criteria.balanceMax': ['the_highest_balance_is_below_the_lowest'] });
    const negative = await call('POST', '/segments/count', { criteria: criteria({ balanceMin: -1 }) });
    expect(negative.json().error.fieldErrorKeys).toEqual({ 'criteria.balanceMin': ['a_balance_is_a_whole_number_from_0'] });
  });

  test('a segment saved before the balance criterion (no balance keys) still counts every player it matched', async () => {
    const old = { ...EMPTY_SEGMENT_CRITERIA } as Partial<SegmentCriteria>;
    delete old.balanceMin;
    delete old.balanceMax;
    const id = (await create('Saved earlier', { levelMin: 9 })).id;
    await sql`update segments set criteria = ${JSON.stringify({ ...old, levelMin: 9 })}::jsonb where id = ${id}`.execute(t.db);
    const now = (await call('POST', '/segments/count', { criteria: criteria({ levelMin: 9 }) })).json().count;
    expect(now).toBeGreaterThan(0);
    expect((await call('GET', `/segments/${id}/count`)).json().count).toBe(now);
  });
});
