import { act, screen } from '@testing-library/react';
import { newsResource, type NewsItem } from '@phoenix/contract';
import { fakeBff, json, page } from '../testing/fakeBff';
import { renderRemotePage } from '../testing/resourcePagesContract';
import { areasOf } from './routing';
import { ResourceListPage } from './ResourceListPage';
import { useListController } from './useListController';

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

let renders = 0;
function CountedList() {
  renders++;
  const list = useListController(newsResource);
  return <ResourceListPage list={list} title="Bulletins" columns={[{ key: 'title' }]} />;
}

const pages = areasOf('listRendersTest')({
  name: 'bulletins',
  base: 'bulletins',
  shape: 'routes',
  resource: newsResource,
  labelOf: (news) => news.title,
  list: async () => ({ default: CountedList }),
});

test('a list page renders once while its rows load: its empty selection is not replaced when it mounts', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const bff = fakeBff().get('/news', async () => {
    await answered;
    return json(page([record]));
  });
  renders = 0;
  renderRemotePage(pages, { bff, url: '/admin/bulletins' });
  await screen.findByRole('heading', { level: 1, name: 'Bulletins' });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const whileLoading = renders;
  answer();
  await screen.findByRole('cell', { name: 'Server move' });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  // Mounted once while its rows load (an empty selection replaced by a new empty one was a second render).
  expect(whileLoading).toBe(1);
  expect(renders).toBeLessThanOrEqual(4);
  errors.mockRestore();
});
