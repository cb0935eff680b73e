import { useQuerySubView } from '@phoenix/shell';
import { FlagCreateView } from './FlagCreateView';
import { FlagEditView } from './FlagEditView';
import { FlagListView } from './FlagListView';

/** /admin/activeFlag: the list, or the form the query string names (?create=1, ?edit=<id>). */
export default function ActiveFlagPage() {
  const subView = useQuerySubView();
  const { view } = subView;
  if (view.mode === 'create') return <FlagCreateView onDone={subView.backToList} />;
  if (view.mode === 'edit') return <FlagEditView id={view.id} onDone={subView.backToList} />;
  return <FlagListView createSearch={subView.createSearch} editSearch={subView.editSearch} />;
}
