import { constantVariablesResource } from '@phoenix/contract';
import { ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, Mono, truncate, updatedColumn } from '@phoenix/ui';

export default function ConstantVariableListPage() {
  const { t } = useTranslation('system');
  const list = useListController(constantVariablesResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('constantVariables.search')}
      deleteBody={() => t('constantVariables.deleteBody')}
      columns={[
        { key: 'key', sortable: true, render: (cv) => <Mono>{cv.key}</Mono> },
        { key: 'type', sortable: true, render: (cv) => <Badge $tone="info">{cv.type}</Badge> },
        {
          key: 'value',
          sortable: true,
          render: (cv) => <Mono title={cv.value.length > 60 ? cv.value : undefined}>{truncate(cv.value, 60)}</Mono>,
        },
        {
          key: 'description',
          sortable: true,
          render: (cv) => truncate(cv.description, 80),
        },
        updatedColumn(),
      ]}
    />
  );
}
