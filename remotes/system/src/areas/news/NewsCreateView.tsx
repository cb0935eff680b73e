import { newsCreateSchema, type NewsCreate, type NewsItem } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader } from '@phoenix/ui';
import { NewsForm, type NewsValues } from './NewsForm';
import { NEWS } from './newsLabels';

/** Starts now, no end, not pinned: the admin sets the rest. */
const emptyNews = (): NewsValues => ({
  title: '',
  body: '',
  category: '',
  publishStart: new Date().toISOString(),
  publishEnd: null,
  pinned: false,
});

export function NewsCreateView({ onDone }: { onDone: () => void }) {
  // The form shows failures itself (fields, conflict panel): no error toast.
  const { create } = useResourceMutation<NewsItem, NewsCreate>(NEWS, {
    toastErrors: false,
    messages: { created: (news) => `Created "${news.title}".` },
  });
  return (
    <PageBody>
      <PageHeader title="New information" description="In-game news players see in the client." />
      <NewsForm schema={newsCreateSchema} initialValues={emptyNews()} onSubmit={(v) => create.mutateAsync(v)} onDone={onDone} submitLabel="Create news" />
    </PageBody>
  );
}
