import { useQuerySubView } from '@phoenix/shell';
import { WorldMessageCreateView } from './WorldMessageCreateView';
import { WorldMessageEditView } from './WorldMessageEditView';
import { WorldMessageListView } from './WorldMessageListView';

/** /admin/worldMessage: the list, or the form the query string names (?create=1, ?edit=<id>). */
export default function WorldMessagePage() {
  const subView = useQuerySubView();
  const { view } = subView;
  if (view.mode === 'create') return <WorldMessageCreateView onDone={subView.backToList} />;
  if (view.mode === 'edit') return <WorldMessageEditView id={view.id} onDone={subView.backToList} />;
  return <WorldMessageListView createSearch={subView.createSearch} editSearch={subView.editSearch} />;
}
