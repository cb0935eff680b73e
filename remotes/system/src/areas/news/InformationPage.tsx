import { useQuerySubView } from '@phoenix/shell';
import { NewsCreateView } from './NewsCreateView';
import { NewsEditView } from './NewsEditView';
import { NewsListView } from './NewsListView';

/** /admin/information: the list, or the form the query string names (?create=1, ?edit=<id>). */
export default function InformationPage() {
  const subView = useQuerySubView();
  const { view } = subView;
  if (view.mode === 'create') return <NewsCreateView onDone={subView.backToList} />;
  if (view.mode === 'edit') return <NewsEditView id={view.id} onDone={subView.backToList} />;
  return <NewsListView createSearch={subView.createSearch} editSearch={subView.editSearch} />;
}
