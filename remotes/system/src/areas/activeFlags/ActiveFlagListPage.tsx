import { activeFlagResource, type ActiveFlagToggle } from '@phoenix/contract';
import { FilterSelect, ResourceListPage, useListController, useRecordAction, useTranslation } from '@phoenix/shell';
import { Mono, Switch, truncate, updatedColumn } from '@phoenix/ui';

export default function ActiveFlagListPage() {
  const { t } = useTranslation('system');
  const list = useListController(activeFlagResource);
  // The one-click switch: confirm, PATCH with the version seen, the row shows the answer at once.
  const toggle = useRecordAction<typeof activeFlagResource, ActiveFlagToggle>(activeFlagResource, {
    action: 'enabled',
    method: 'patch',
    body: (flag) => ({ enabled: !flag.enabled, version: flag.version }),
    confirm: (flag) => ({
      title: t(flag.enabled ? 'activeFlags.turnOffTitle' : 'activeFlags.turnOnTitle', { key: flag.key }),
      body: t('activeFlags.toggleBody'),
      okText: t(flag.enabled ? 'activeFlags.turnOff' : 'activeFlags.turnOn'),
    }),
    success: (flag) => t(flag.enabled ? 'activeFlags.nowOn' : 'activeFlags.nowOff', { key: flag.key }),
    failure: (error, flag) =>
      error.isConflict
        ? t('activeFlags.toggleConflict', { key: flag.key })
        : error.status === 404
          ? t('activeFlags.toggleGone', { key: flag.key })
          : error,
  });
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('activeFlags.search')}
      deleteBody={() => t('activeFlags.deleteBody')}
      filters={
        <FilterSelect
          list={list}
          name="enabled"
          label={t('activeFlags.fields.state')}
          anyLabel={t('activeFlags.anyState')}
          options={[
            { value: 'true', label: t('activeFlags.on') },
            { value: 'false', label: t('activeFlags.off') },
          ]}
        />
      }
      columns={[
        { key: 'key', sortable: true, render: (flag) => <Mono>{flag.key}</Mono> },
        {
          key: 'enabled',
          field: 'state',
          sortable: true,
          render: (flag) => (
            <Switch
              checked={flag.enabled}
              label={flag.key}
              onChange={() => void toggle.run(flag)}
              disabled={toggle.pendingId === flag.id}
            />
          ),
        },
        { key: 'description', render: (flag) => truncate(flag.description, 100) },
        updatedColumn(),
      ]}
    />
  );
}
