import { WORLD_MESSAGE_LIVE_LOCKED, worldMessagesResource, type WorldMessage } from '@phoenix/contract';
import { at, DAY, HOUR, lastLog, useSystemApp, createdNow, csvLines, refusedFieldErrors } from './support/system';
import { itKeepsTheResourceContract, itReturns404 } from '@phoenix/server/testing';

const { app, call, contract } = useSystemApp();

function draft(overrides: Record<string, unknown> = {}) {
  return {
    message: 'Servers restart soon',
    severity: 'warning',
    displayStart: at(app.t, HOUR),
    displayEnd: at(app.t, 2 * HOUR),
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<WorldMessage> {
  const response = await call('POST', '/world-messages', draft(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

itKeepsTheResourceContract(contract, worldMessagesResource, [
  ['POST', '/world-messages/1/cancel'],
  ['POST', '/world-messages/1/end'],
]);

describe('create and read', () => {
  test('POST → 201, state scheduled; GET /:id; logged', async () => {
    const created = await create();
    expect(created).toEqual({
      id: expect.any(Number),
      message: 'Servers restart soon',
      severity: 'warning',
      displayStart: at(app.t, HOUR),
      displayEnd: at(app.t, 2 * HOUR),
      state: 'scheduled',
      cancelledAt: null,
      cancelledBy: null,
      ...createdNow(app.t),
    });
    expect((await call('GET', `/world-messages/${created.id}`)).json()).toEqual(created);
    expect(await lastLog(app.t, 'worldMessage', created.id)).toMatchObject({ action: 'worldMessage.create', before: null, after: created });
  });

  test('a window that already started is showing at once', async () => {
    expect((await create({ displayStart: at(app.t, -HOUR) })).state).toBe('showing');
  });

  itReturns404(contract, 'GET missing → 404', [['GET', '/world-messages/999999']]);
});

describe('validation', () => {
  const fieldErrorsOf = (payload: unknown, method: 'POST' | 'PUT' = 'POST', url = '/world-messages') =>
    refusedFieldErrors(app.t, call, method, url, payload);

  test('display end before or equal to start', async () => {
    expect((await fieldErrorsOf(draft({ displayEnd: at(app.t, 30 * 60_000) }))).displayEnd).toEqual([
      'Display end must be after display start',
    ]);
    expect((await fieldErrorsOf(draft({ displayEnd: at(app.t, HOUR) }))).displayEnd).toEqual(['Display end must be after display start']);
  });

  test('display end is required and must be in the future', async () => {
    expect((await fieldErrorsOf(draft({ displayEnd: undefined }))).displayEnd).toEqual(['Required']);
    expect((await fieldErrorsOf(draft({ displayStart: at(app.t, -2 * HOUR), displayEnd: at(app.t, -HOUR) }))).displayEnd).toEqual([
      'Display end must be in the future',
    ]);
  });

  test('bad severity, message rules, datetime without offset', async () => {
    expect((await fieldErrorsOf(draft({ severity: 'fatal' }))).severity).toEqual(['Pick info, warning or critical']);
    expect((await fieldErrorsOf(draft({ message: '  ' }))).message).toEqual(['Message is required']);
    expect((await fieldErrorsOf(draft({ message: 'x'.repeat(501) }))).message).toEqual(['Message is at most 500 characters']);
    expect((await fieldErrorsOf(draft({ displayStart: '2030-01-15 10:00' }))).displayStart).toEqual([
      'Enter a date and time with a time zone',
    ]);
  });

  test('cancel and PUT need a version', async () => {
    const message = await create();
    expect((await fieldErrorsOf({}, 'POST', `/world-messages/${message.id}/cancel`)).version).toBeDefined();
    expect((await fieldErrorsOf(draft(), 'PUT', `/world-messages/${message.id}`)).version).toBeDefined();
  });
});

describe('edit and cancel (scheduled only)', () => {
  test('PUT a scheduled message: saved, version bumped, logged', async () => {
    const message = await create();
    const response = await call('PUT', `/world-messages/${message.id}`, {
      ...draft({ message: 'Edited', severity: 'critical' }),
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ message: 'Edited', severity: 'critical', version: 2, state: 'scheduled' });
    expect(await lastLog(app.t, 'worldMessage', message.id)).toMatchObject({
      action: 'worldMessage.update',
      before: message,
      after: saved,
    });
  });

  test('cancel a scheduled one → state cancelled, logged with before/after', async () => {
    const message = await create();
    const response = await call('POST', `/world-messages/${message.id}/cancel`, { version: 1 });
    expect(response.statusCode).toBe(200);
    const cancelled = response.json();
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      cancelledAt: app.t.clock.now().toISOString(),
      cancelledBy: expect.stringContaining('@test.local'),
      version: 2,
    });
    expect(await lastLog(app.t, 'worldMessage', message.id)).toMatchObject({
      action: 'worldMessage.cancel',
      before: { state: 'scheduled', version: 1 },
      after: cancelled,
    });
    // cancelled is final: no second cancel, no edit
    const again = await call('POST', `/world-messages/${message.id}/cancel`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'conflict',
      message: 'Only a scheduled message can be cancelled',
      current: cancelled,
    });
    const edit = await call('PUT', `/world-messages/${message.id}`, { ...draft(), version: 2 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('Only a scheduled or showing message can be edited');
  });

  test('a showing or ended message cannot be cancelled; an ended one cannot be edited (409 conflict)', async () => {
    const showing = await create({ displayStart: at(app.t, -HOUR) });
    const response = await call('POST', `/world-messages/${showing.id}/cancel`, { version: 1 });
    expect(response.statusCode).toBe(409);
    // The 409 reason carries its key in the contract's message catalogue (shown in Japanese by the console).
    expect(response.json().error).toEqual({
      code: 'conflict',
      message: 'Only a scheduled message can be cancelled',
      messageKey: 'only_a_scheduled_message_can_be_cancelled',
      current: showing,
    });

    const soon = await create({ displayStart: at(app.t, HOUR), displayEnd: at(app.t, 2 * HOUR) });
    app.t.clock.advanceMinutes(180); // now ended
    const ended = await call('POST', `/world-messages/${soon.id}/cancel`, { version: 1 });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.current.state).toBe('ended');
    expect((await call('GET', `/world-messages/${soon.id}`)).json()).toMatchObject({ state: 'ended', cancelledAt: null });
    const edit = await call('PUT', `/world-messages/${soon.id}`, { ...draft({ message: 'Too late' }), version: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('Only a scheduled or showing message can be edited');
  });

  test('a stale version → 409 with the default conflict message', async () => {
    const message = await create();
    const edited = (await call('PUT', `/world-messages/${message.id}`, { ...draft({ message: 'v2' }), version: 1 })).json();
    const stale = await call('POST', `/world-messages/${message.id}/cancel`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('Someone else changed this record');
    expect(stale.json().error.current).toEqual(edited);
  });

  itReturns404(contract, 'cancel / PUT of a missing message → 404', [
    ['POST', '/world-messages/999999/cancel', { version: 1 }],
    ['PUT', '/world-messages/999999', () => ({ ...draft(), version: 1 })],
  ]);
});

describe('live message: end now, edit its text', () => {
  const live = () => create({ message: 'Wrong broadcast', displayStart: at(app.t, -HOUR), displayEnd: at(app.t, 5 * HOUR) });
  const showingIds = async () =>
    ((await call('GET', '/world-messages?state=showing&pageSize=100')).json().items as WorldMessage[]).map((m) => m.id);

  test('end now: the end moves to the server clock, it stops showing at once, logged with the old end', async () => {
    const message = await live();
    expect(await showingIds()).toContain(message.id);
    const response = await call('POST', `/world-messages/${message.id}/end`, { version: 1 });
    expect(response.statusCode).toBe(200);
    const ended = response.json();
    expect(ended).toMatchObject({
      state: 'ended',
      displayStart: message.displayStart,
      displayEnd: app.t.clock.now().toISOString(),
      message: 'Wrong broadcast',
      cancelledAt: null,
      version: 2,
      updatedBy: expect.stringContaining('@test.local'),
    });
    expect(await showingIds()).not.toContain(message.id);
    expect((await call('GET', `/world-messages/${message.id}`)).json()).toEqual(ended);
    expect(await lastLog(app.t, 'worldMessage', message.id)).toMatchObject({
      action: 'worldMessage.end',
      before: { state: 'showing', displayEnd: at(app.t, 5 * HOUR), version: 1 },
      after: ended,
    });
  });

  test('a second end → 409 already ended, nothing logged; stale version → 409', async () => {
    const message = await live();
    const ended = (await call('POST', `/world-messages/${message.id}/end`, { version: 1 })).json();
    const again = await call('POST', `/world-messages/${message.id}/end`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'conflict',
      message: 'This message has already ended',
      messageKey: 'this_message_has_already_ended',
      current: ended,
    });
    expect((await lastLog(app.t, 'worldMessage', message.id))?.action).toBe('worldMessage.end');
    expect((await lastLog(app.t, 'worldMessage', message.id))?.after).toEqual(ended);

    const other = await live();
    await call('PUT', `/world-messages/${other.id}`, {
      ...draft({ message: 'Fixed' }),
      displayStart: other.displayStart,
      displayEnd: other.displayEnd,
      version: 1,
    });
    const stale = await call('POST', `/world-messages/${other.id}/end`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('Someone else changed this record');
  });

  test('end now is refused for scheduled (cancel instead) and cancelled messages; scheduled cancel still works', async () => {
    const scheduled = await create();
    const early = await call('POST', `/world-messages/${scheduled.id}/end`, { version: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('This message has not started yet: cancel it instead');
    expect((await call('POST', `/world-messages/${scheduled.id}/cancel`, { version: 1 })).statusCode).toBe(200);
    const cancelled = await call('POST', `/world-messages/${scheduled.id}/end`, { version: 2 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('This message was cancelled and never shown');
  });

  test('PUT a showing message: its text changes and is logged; start, end and severity stay', async () => {
    const message = await live();
    const response = await call('PUT', `/world-messages/${message.id}`, {
      message: 'Corrected broadcast',
      severity: message.severity,
      displayStart: message.displayStart,
      displayEnd: message.displayEnd,
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ message: 'Corrected broadcast', state: 'showing', version: 2, displayStart: message.displayStart });
    expect(await lastLog(app.t, 'worldMessage', message.id)).toMatchObject({
      action: 'worldMessage.update',
      before: { message: 'Wrong broadcast' },
      after: saved,
    });
  });

  test('PUT a showing message with another start, end or severity → 400 on those fields, nothing saved', async () => {
    const message = await live();
    const same = {
      message: 'Corrected',
      severity: message.severity,
      displayStart: message.displayStart,
      displayEnd: message.displayEnd,
      version: 1,
    };
    const url = `/world-messages/${message.id}`;
    expect((await refusedFieldErrors(app.t, call, 'PUT', url, { ...same, displayStart: at(app.t, -2 * HOUR) })).displayStart).toEqual([
      WORLD_MESSAGE_LIVE_LOCKED,
    ]);
    const errors = await refusedFieldErrors(app.t, call, 'PUT', url, { ...same, displayEnd: at(app.t, 9 * HOUR), severity: 'critical' });
    expect(errors).toEqual({ displayEnd: [WORLD_MESSAGE_LIVE_LOCKED], severity: [WORLD_MESSAGE_LIVE_LOCKED] });
    expect((await call('GET', url)).json()).toEqual(message);
  });
});

describe('list: derived state, severity, search, sort, export', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await app.t.db.deleteFrom('world_messages').execute();
    const scheduled = await create({
      message: 'Scheduled one',
      severity: 'info',
      displayStart: at(app.t, HOUR),
      displayEnd: at(app.t, DAY),
    });
    const showing = await create({
      message: 'Showing NEEDLE',
      severity: 'critical',
      displayStart: at(app.t, -HOUR),
      displayEnd: at(app.t, 2 * HOUR),
    });
    const cancelled = await create({
      message: 'Cancelled one',
      severity: 'warning',
      displayStart: at(app.t, 3 * HOUR),
      displayEnd: at(app.t, DAY),
    });
    await call('POST', `/world-messages/${cancelled.id}/cancel`, { version: 1 });
    ids = { scheduled: scheduled.id, showing: showing.id, cancelled: cancelled.id };
  });
  const messages = (body: { items: WorldMessage[] }) => body.items.map((m) => m.message);

  test('state filter follows the clock (in SQL: totals right)', async () => {
    expect(messages((await call('GET', '/world-messages?state=scheduled')).json())).toEqual(['Scheduled one']);
    expect(messages((await call('GET', '/world-messages?state=showing')).json())).toEqual(['Showing NEEDLE']);
    expect(messages((await call('GET', '/world-messages?state=cancelled')).json())).toEqual(['Cancelled one']);
    expect((await call('GET', '/world-messages?state=ended')).json().total).toBe(0);

    app.t.clock.advanceMinutes(150); // Scheduled one is now showing, Showing NEEDLE ended; cancelled stays cancelled
    const showing = (await call('GET', '/world-messages?state=showing')).json();
    expect(messages(showing)).toEqual(['Scheduled one']);
    expect(showing.items[0].state).toBe('showing');
    expect(messages((await call('GET', '/world-messages?state=ended')).json())).toEqual(['Showing NEEDLE']);
    expect(messages((await call('GET', '/world-messages?state=cancelled')).json())).toEqual(['Cancelled one']);
    expect((await call('GET', '/world-messages?state=scheduled')).json().total).toBe(0);
    expect((await call('GET', `/world-messages/${ids.showing}`)).json().state).toBe('ended');
  });

  test('severity filter, q, sorts (severity by rank), paging', async () => {
    expect(messages((await call('GET', '/world-messages?severity=critical')).json())).toEqual(['Showing NEEDLE']);
    expect(messages((await call('GET', '/world-messages?q=needle')).json())).toEqual(['Showing NEEDLE']);
    expect(messages((await call('GET', '/world-messages?sort=severity')).json())).toEqual([
      'Scheduled one',
      'Cancelled one',
      'Showing NEEDLE',
    ]);
    expect(messages((await call('GET', '/world-messages?sort=severity&order=desc')).json())[0]).toBe('Showing NEEDLE');
    expect(messages((await call('GET', '/world-messages')).json())).toEqual(['Cancelled one', 'Scheduled one', 'Showing NEEDLE']);
    expect(messages((await call('GET', '/world-messages?sort=displayStart')).json())[0]).toBe('Showing NEEDLE');
    for (const sort of ['displayEnd', 'createdAt']) expect((await call('GET', `/world-messages?sort=${sort}`)).statusCode).toBe(200);
    const page = (await call('GET', '/world-messages?sort=severity&pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(messages(page)).toEqual(['Showing NEEDLE']);
  });

  test('bad filters → 400', async () => {
    expect((await call('GET', '/world-messages?state=live')).json().error.fieldErrors.state).toBeDefined();
    expect((await call('GET', '/world-messages?severity=fatal')).json().error.fieldErrors.severity).toBeDefined();
    expect((await call('GET', '/world-messages?sort=message')).statusCode).toBe(400);
  });

  test('CSV export of the current filter', async () => {
    const lines = await csvLines(call, '/world-messages/export.csv?state=cancelled', 'world-messages.csv');
    expect(lines[0]).toBe(worldMessagesResource.csv.columns.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${ids.cancelled},Cancelled one,warning,cancelled,`);
  });
});
