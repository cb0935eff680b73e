import { termsOfServiceResource, type TermsVersion } from '@phoenix/contract';
import { at, DAY, HOUR, lastLog, logCount, useSystemApp, createdNow, refusedFieldErrors } from './support/system';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';

const { app, call, contract } = useSystemApp();

const PATH = '/terms-of-service';

function draft(overrides: Record<string, unknown> = {}) {
  return { title: 'Terms', body: '# Terms\n\n<script>alert(1)</script> **bold**', effectiveAt: at(app.t, -HOUR), ...overrides };
}

async function create(overrides: Record<string, unknown> = {}): Promise<TermsVersion> {
  const response = await call('POST', PATH, draft(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function publish(record: TermsVersion): Promise<TermsVersion> {
  const response = await call('POST', `${PATH}/${record.id}/publish`, { version: record.version });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const statusOf = async (id: number) => ((await call('GET', `${PATH}/${id}`)).json() as TermsVersion).status;
const currentIds = async () => ((await call('GET', `${PATH}?status=current`)).json().items as TermsVersion[]).map((v) => v.id);

beforeEach(async () => {
  await app.t.db.deleteFrom('terms_of_service_versions').execute();
});

describe('contract', () => {
  itKeepsTheResourceContract(contract, termsOfServiceResource, [['POST', `${PATH}/1/publish`]]);
});

describe('drafts', () => {
  test('POST → 201 draft, body stored as typed; PUT edits it; validation is per field', async () => {
    const created = await create({ effectiveAt: '2030-01-15T17:00:00+09:00' });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Terms',
      body: '# Terms\n\n<script>alert(1)</script> **bold**',
      effectiveAt: '2030-01-15T08:00:00.000Z',
      publishedAt: null,
      publishedBy: null,
      status: 'draft',
      ...createdNow(app.t),
    });
    const edited = await call('PUT', `${PATH}/${created.id}`, { ...draft({ title: 'Terms v2' }), version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Terms v2', version: 2, status: 'draft' });
    const errors = await refusedFieldErrors(app.t, call, 'POST', PATH, { title: ' ', body: '', effectiveAt: 'soon' });
    expect(errors.title).toEqual(['Title is required']);
    expect(errors.body).toEqual(['Body is required']);
    expect(errors.effectiveAt).toEqual(['Enter a date and time with a time zone']);
  });
});

describe('publishing', () => {
  test('publish: version-checked, logged with before/after; then read-only (PUT, DELETE, publish → 409 with a reason)', async () => {
    const version = await create();
    const stale = await call('POST', `${PATH}/${version.id}/publish`, { version: 9 });
    expect(stale.statusCode).toBe(409);
    expect((await call('POST', `${PATH}/${version.id}/publish`, {})).statusCode).toBe(400);

    const published = await publish(version);
    expect(published).toMatchObject({ status: 'current', version: 2, publishedAt: app.t.clock.now().toISOString() });
    expect(published.publishedBy).toContain('@test.local');
    expect(await lastLog(app.t, 'termsOfService', version.id)).toMatchObject({
      action: 'termsOfService.publish',
      before: { ...version },
      after: published,
    });

    const before = await logCount(app.t);
    const edit = await call('PUT', `${PATH}/${version.id}`, { ...draft({ title: 'Sneaky' }), version: 2 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toMatch(/published version is read-only/);
    expect(edit.json().error.current).toEqual(published);
    const remove = await call('DELETE', `${PATH}/${version.id}?version=2`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toMatch(/cannot be deleted/);
    const again = await call('POST', `${PATH}/${version.id}/publish`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This version is already published.');
    expect(await logCount(app.t)).toBe(before);
    expect((await call('GET', `${PATH}/${version.id}`)).json()).toEqual(published);
  });

  test('a draft can be deleted', async () => {
    const version = await create();
    expect((await call('DELETE', `${PATH}/${version.id}?version=1`)).statusCode).toBe(200);
    expect((await call('GET', `${PATH}/${version.id}`)).statusCode).toBe(404);
  });

  test('exactly one current: a future-dated version is scheduled, not current, until its date passes', async () => {
    const first = await publish(await create({ title: 'First', effectiveAt: at(app.t, -DAY) }));
    const future = await publish(await create({ title: 'Second', effectiveAt: at(app.t, 2 * HOUR) }));
    expect(future.status).toBe('scheduled');
    expect(await statusOf(first.id)).toBe('current');
    expect(await currentIds()).toEqual([first.id]);
    expect((await call('GET', `${PATH}?status=scheduled`)).json().items.map((v: TermsVersion) => v.id)).toEqual([future.id]);

    app.t.clock.advanceMinutes(121);
    expect(await statusOf(first.id)).toBe('superseded');
    expect(await statusOf(future.id)).toBe('current');
    expect(await currentIds()).toEqual([future.id]);
    expect((await call('GET', `${PATH}?status=superseded`)).json().items.map((v: TermsVersion) => v.id)).toEqual([first.id]);
  });

  test('publishing refuses an effective date not after the latest published one (the timeline stays ordered)', async () => {
    await publish(await create({ effectiveAt: at(app.t, DAY) }));
    const early = await create({ effectiveAt: at(app.t, HOUR) });
    const before = await logCount(app.t);
    const response = await call('POST', `${PATH}/${early.id}/publish`, { version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.effectiveAt[0]).toMatch(/^Set an effective date after/);
    expect(await logCount(app.t)).toBe(before);
    expect(await statusOf(early.id)).toBe('draft');
  });

  test('no published version: none is current', async () => {
    await create();
    expect(await currentIds()).toEqual([]);
  });
});
