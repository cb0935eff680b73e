import styled from 'styled-components';
import type { NewsCategory, NewsItem } from '@phoenix/contract';
import { useResourceForm, type FormSchema } from '@phoenix/shell';
import {
  Alert,
  Button,
  Checkbox,
  ConflictNotice,
  DateTimeRangeFields,
  FormActions,
  FormStack,
  Panel,
  Select,
  TextArea,
  TextField,
  savedAt,
} from '@phoenix/ui';
import { NewsPreview } from './NewsPreview';
import { CATEGORY_OPTIONS } from './newsLabels';

/** What the form edits. Datetimes are ISO instants; the inputs show them in local time. */
export interface NewsValues {
  title: string;
  body: string;
  category: NewsCategory | '';
  /** undefined while empty: the schema then says it is required. */
  publishStart: string | undefined;
  /** null: published until deleted. */
  publishEnd: string | null;
  pinned: boolean;
  /** Only when editing: sent back so the server can detect a concurrent save. */
  version?: number;
}

export const newsToValues = (news: NewsItem): NewsValues => ({
  title: news.title,
  body: news.body,
  category: news.category,
  publishStart: news.publishStart,
  publishEnd: news.publishEnd,
  pinned: news.pinned,
  version: news.version,
});

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: 1rem;
  align-items: start;
`;

const BODY_HINT = 'Markdown: # heading, **bold**, *italic*, `code`, - lists, [link](https://…). A new line is a line break. HTML is shown as text.';

export function NewsForm<Out>({
  schema,
  initialValues,
  onSubmit,
  onDone,
  submitLabel,
}: {
  schema: FormSchema<Out>;
  initialValues: NewsValues;
  /** Sends the validated values; the mutation hook toasts success. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** Back to the list: after a save, or on Cancel (the unsaved-changes guard asks first). */
  onDone: () => void;
  submitLabel: string;
}) {
  const form = useResourceForm({
    schema,
    initialValues,
    onSubmit,
    onSuccess: onDone,
    fromRecord: (record) => newsToValues(record as NewsItem),
  });
  const theirs = form.conflict?.current as NewsItem | undefined;

  return (
    <Columns>
      <Panel>
        <form onSubmit={form.handleSubmit} noValidate aria-label={submitLabel}>
          <FormStack>
            {form.formError && <Alert>{form.formError}</Alert>}
            {form.conflict && (
              <ConflictNotice
                title="Someone else saved this news item while you were editing."
                onReloadTheirs={form.conflict.reloadTheirs}
                onKeepMine={form.conflict.keepMine}
              >
                {theirs && (
                  <p>{`Their version ${theirs.version}, ${savedAt(theirs)}: "${theirs.title}".`}</p>
                )}
              </ConflictNotice>
            )}
            <TextField label="Title" required autoComplete="off" {...form.field('title')} />
            <TextArea label="Body" required rows={12} hint={BODY_HINT} {...form.field('body')} />
            <Select label="Category" required options={CATEGORY_OPTIONS} placeholder="Pick a category" {...form.field('category')} />
            <DateTimeRangeFields
              legend="Publish window"
              start={{
                label: 'Publish start',
                required: true,
                value: form.values.publishStart,
                error: form.errors.publishStart,
                onChange: (iso) => form.setValue('publishStart', iso ?? undefined),
              }}
              end={{
                label: 'Publish end',
                value: form.values.publishEnd,
                error: form.errors.publishEnd,
                hint: 'Leave empty to keep it published until it is deleted.',
                onChange: (iso) => form.setValue('publishEnd', iso),
              }}
            />
            <Checkbox label="Pinned" hint="Pinned news is listed first in the game." {...form.checkbox('pinned')} />
            <FormActions>
              <Button onClick={onDone}>Cancel</Button>
              <Button type="submit" variant="primary" loading={form.isSubmitting}>
                {submitLabel}
              </Button>
            </FormActions>
          </FormStack>
        </form>
      </Panel>
      <NewsPreview title={form.values.title} body={form.values.body} />
    </Columns>
  );
}
