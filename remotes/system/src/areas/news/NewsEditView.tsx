import { newsUpdateSchema, type NewsItem, type NewsUpdate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader } from '@phoenix/ui';
import { RecordEditor } from '../common/RecordEditor';
import { NewsForm, newsToValues } from './NewsForm';
import { NEWS } from './newsLabels';

export function NewsEditView({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { update } = useResourceMutation<NewsItem, Omit<NewsUpdate, 'version'>>(NEWS, {
    toastErrors: false,
    messages: { updated: (news) => `Saved "${news.title}".` },
  });
  return (
    <PageBody>
      <PageHeader title="Edit information" />
      <RecordEditor<NewsItem> resource={NEWS} id={id} noun="news item" listName="information" onBackToList={onDone}>
        {(news) => (
          <NewsForm
            // A different record starts a fresh form.
            key={news.id}
            schema={newsUpdateSchema}
            initialValues={newsToValues(news)}
            onSubmit={({ version, ...values }) => update.mutateAsync({ id: news.id, values: { ...values, version } })}
            onDone={onDone}
            submitLabel="Save changes"
          />
        )}
      </RecordEditor>
    </PageBody>
  );
}
