import { act, screen } from '@testing-library/react';
import { newsResource, type NewsItem } from '@phoenix/contract';
import { registerTranslations } from '../i18n';
import { fakeBff, json, page } from '../testing/fakeBff';
import { renderRemotePage } from '../testing/resourcePagesContract';
import { areasOf } from './routing';
import { ResourceListPage } from './ResourceListPage';
import { useListController } from './useListController';

// A remote's strings: `title` is labelled in both languages, `category` only in English.
registerTranslations('areaTest', {
  en: { bulletins: { title: 'Bulletins', description: 'What players read.', fields: { title: 'Headline', category: 'Kind' } } },
  ja: { bulletins: { title: 'お知らせ', fields: { title: '見出し' } } },
});

const record: NewsItem = {
  id: 7,
  title: 'Server move',
  body: 'Monday.',
  category: 'notice',
  publishStart: '2025-03-01T09:00:00.000Z',
  publishEnd: null,
  pinned: false,
  status: 'published',
  version: 1,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
  updatedBy: null,
};

/** BulletinList's renders (the renders test reads it). */
let listRenders = 0;

function BulletinList() {
  listRenders++;
  const list = useListController(newsResource);
  // No title, no header and no labelOf: they come from the area.
  return <ResourceListPage list={list} columns={[{ key: 'title', sortable: true }, { key: 'category' }]} />;
}

const area = areasOf('areaTest');
const pages = area({
  name: 'bulletins',
  base: 'bulletins',
  shape: 'subViews',
  resource: newsResource,
  labelOf: (news) => `«${news.title}»`,
  list: async () => ({ default: BulletinList }),
});
const bff = () => fakeBff().get('/news', () => json(page([record])));

describe('an area declared once', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('labels a column without a header by <area>.fields.<key>, in the console language', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/bulletins' });
    expect(await screen.findByRole('columnheader', { name: /Headline/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Kind' })).toBeInTheDocument();
  });

  it('labels it in Japanese from the Japanese locale', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/bulletins', language: 'ja' });
    expect(await screen.findByRole('columnheader', { name: /見出し/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
  });

  it('titles the list <area>.title and describes it <area>.description', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/bulletins' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulletins' })).toBeInTheDocument();
    expect(screen.getByText('What players read.')).toBeInTheDocument();
  });

  it('reports a label a language lacks: the key and the language', async () => {
    // Its own area: a missing label is reported once per page load.
    const notices = area({
      name: 'notices',
      base: 'notices',
      shape: 'routes',
      resource: newsResource,
      labelOf: (n) => n.title,
      list: async () => ({ default: BulletinList }),
    });
    registerTranslations('areaTest', {
      en: { notices: { fields: { title: 'Headline', category: 'Kind' } } },
      ja: { notices: { fields: { title: '見出し' } } },
    });
    renderRemotePage(notices, { bff: bff(), url: '/admin/notices' });
    await screen.findByRole('columnheader', { name: 'Kind' });
    const said = errors.mock.calls.map((args) => String(args[0]));
    expect(said).toContain("Missing label areaTest:notices.fields.category in ja: add it to the remote's locales/ja.json");
    expect(said.some((line) => line.includes('notices.fields.title'))).toBe(false);
  });

  it('names the records with the area label: the row buttons say it', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/bulletins' });
    expect(await screen.findByRole('button', { name: 'Delete «Server move»' })).toBeInTheDocument();
  });

  it('carries the area on its pages (tests and the contract read it there)', () => {
    expect(pages.bulletins.area).toMatchObject({ name: 'bulletins', ns: 'areaTest', base: 'bulletins', shape: 'subViews' });
  });
});

describe("a list page's renders", () => {
  // The list on a page of its own; each test holds one BFF answer until it has counted.
  const counted = areasOf('areaTest')({
    name: 'bulletins',
    base: 'bulletins',
    shape: 'routes',
    resource: newsResource,
    labelOf: (news) => news.title,
    list: async () => ({ default: BulletinList }),
  });
  /** An answer the test lets through when it calls `release`. */
  const held = () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    return { release, released };
  };
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    listRenders = 0;
  });
  afterEach(() => errors.mockRestore());

  it('renders once while its rows load: its empty selection is not replaced when it mounts', async () => {
    const rows = held();
    const slowBff = fakeBff().get('/news', async () => {
      await rows.released;
      return json(page([record]));
    });
    renderRemotePage(counted, { bff: slowBff, url: '/admin/bulletins' });
    await screen.findByRole('heading', { level: 1, name: 'Bulletins' });
    await settle();
    const whileLoading = listRenders;
    rows.release();
    await screen.findByRole('cell', { name: 'Server move' });
    // Mounted once while its rows load (an empty selection replaced by a new empty one was a second render).
    expect(whileLoading).toBe(1);
  });

  it('does not render again when the change-control settings answer (only a click reads them)', async () => {
    const settings = held();
    const slowSettings = bff().get('/change-requests/settings', async () => {
      await settings.released;
      return json({ mode: 'off', ttlHours: 24, bulkIdsAbove: 0, adjustmentPointsAbove: 0, operations: [] });
    });
    renderRemotePage(counted, { bff: slowSettings, url: '/admin/bulletins' });
    await screen.findByRole('cell', { name: 'Server move' });
    await settle();
    const withRows = listRenders;
    settings.release();
    await settle();
    expect(slowSettings.calls('GET', '/change-requests/settings').length).toBeGreaterThan(0);
    expect(listRenders).toBe(withRows);
  });
});
