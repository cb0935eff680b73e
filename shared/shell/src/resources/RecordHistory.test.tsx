import { screen, within } from '@testing-library/react';
import { newsResource, type ActionLog, type NewsItem } from '@phoenix/contract';
import { formatDateTime } from '@phoenix/ui';
import { registerTranslations } from '../i18n';
import { fakeBff, json, page } from '../testing/fakeBff';
import { renderRemotePage } from '../testing/resourcePagesContract';
import { areasOf } from './routing';
import { ResourceListPage } from './ResourceListPage';
import { useListController } from './useListController';

registerTranslations('historyTest', {
  en: {
    notes: {
      title: 'Notes',
      fields: { title: 'Headline', pinned: 'Pinned', publishStart: 'Publish from', body: 'Text', category: 'Kind' },
    },
  },
  ja: { notes: { title: 'ノート', fields: { title: '見出し', pinned: '固定', publishStart: '公開開始', body: '本文', category: '種類' } } },
});

const before: NewsItem = {
  id: 4,
  title: 'Welcome pack',
  body: 'Old text',
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
const after: NewsItem & { itemIds: number[] } = {
  ...before,
  body: 'New text',
  pinned: true,
  publishStart: '2025-04-02T10:30:00.000Z',
  version: 2,
  updatedAt: '2025-03-05T09:00:00.000Z',
  updatedBy: 'admin@phoenix.local',
  itemIds: [8, 9],
};
const log: ActionLog = {
  id: 31,
  adminId: 1,
  adminEmail: 'admin@phoenix.local',
  action: 'news.update',
  targetType: 'news',
  targetId: '4',
  before,
  after,
  createdAt: '2025-03-05T09:00:00.000Z',
};

function NoteList() {
  const list = useListController(newsResource);
  return <ResourceListPage list={list} columns={[{ key: 'title' }]} />;
}

const area = areasOf('historyTest');
const bff = () =>
  fakeBff()
    .get('/news', () => json(page([after])))
    .get('/action-logs', () => json(page([log])));

async function openHistory(labelled: boolean, language: 'en' | 'ja' = 'en') {
  const pages = area({
    name: 'notes',
    base: 'notes',
    shape: 'subViews',
    resource: newsResource,
    ...(labelled ? { labelOf: (n: NewsItem) => n.title, formLabelOf: (n: NewsItem) => `"${n.title}"` } : { labelOf: () => '' }),
    list: async () => ({ default: NoteList }),
  });
  const { user } = renderRemotePage(pages, { bff: bff(), url: '/admin/notes', language });
  await user.click(await screen.findByRole('button', { name: language === 'ja' ? /履歴/ : /History/ }));
  return screen.findByRole('dialog');
}

describe('a record history', () => {
  it('names fields by their labels, says values as a reader would and leaves bookkeeping out', async () => {
    const dialog = await openHistory(true);
    expect(within(dialog).getByRole('heading', { name: 'History of "Welcome pack"' })).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: /Entry #31/ });
    // text, pinned and publishStart changed; itemIds added; version / updatedAt / updatedBy not counted.
    expect(table).toHaveAccessibleName(expect.stringMatching(/3 changed, 1 added, 0 removed/));
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(within(row('Text')).getByText('Old text')).toBeInTheDocument();
    expect(within(row('Text')).getByText('New text')).toBeInTheDocument();
    expect(within(row('Pinned')).getByText('No')).toBeInTheDocument();
    expect(within(row('Pinned')).getByText('Yes')).toBeInTheDocument();
    expect(within(row('Publish from')).getByText(formatDateTime('2025-04-02T10:30:00.000Z'))).toBeInTheDocument();
    expect(within(row('itemIds')).getByText('8, 9')).toBeInTheDocument();
    for (const hidden of ['version', 'updatedAt', 'updatedBy', 'createdAt', 'id'])
      expect(within(dialog).queryByRole('rowheader', { name: hidden })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('"New text"');
    expect(dialog).not.toHaveTextContent('2025-04-02T10:30');
  });

  it('speaks Japanese in Japanese', async () => {
    const dialog = await openHistory(true, 'ja');
    const table = await within(dialog).findByRole('table', { name: /#31/ });
    const row = within(table).getByRole('rowheader', { name: '固定' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('はい')).toBeInTheDocument();
    expect(within(row).getByText('いいえ')).toBeInTheDocument();
  });

  it('titles the dialog by the id only when the record has no label', async () => {
    const dialog = await openHistory(false);
    expect(within(dialog).getByRole('heading', { name: 'History of #4' })).toBeInTheDocument();
  });
});
