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
      title: t(flag.enabled ? 'flags.turnOffTitle' : 'flags.turnOnTitle', { key: flag.key }),
      body: t('flags.toggleBody'),
      okText: t(flag.enabled ? 'flags.turnOff' : 'flags.turnOn'),
    }),
    success: (flag) => t(flag.enabled ? 'flags.nowOn' : 'flags.nowOff', { key: flag.key }),
    failure: (error, flag) =>
      error.isConflict
        ? t('flags.toggleConflict', { key: flag.key })
        : error.status === 404
          ? t('flags.toggleGone', { key: flag.key })
          : error,
  });
  return (
    <ResourceListPage
      list={list}
      title={t('flags.title')}
      description={t('flags.description')}
      searchLabel={t('flags.search')}
      labelOf={(flag) => flag.key}
      deleteBody={() => t('flags.deleteBody')}
      filters={
        <FilterSelect
          list={list}
          name="enabled"
          label={t('flags.state')}
          anyLabel={t('flags.anyState')}
          options={[
            { value: 'true', label: t('flags.on') },
            { value: 'false', label: t('flags.off') },
          ]}
        />
      }
      columns={[
        { key: 'key', sortable: true, header: t('flags.key'), render: (flag) => <Mono>{flag.key}</Mono> },
        {
          key: 'enabled',
          sortable: true,
          header: t('flags.state'),
          render: (flag) => (
            <Switch
              checked={flag.enabled}
              label={flag.key}
              onChange={() => void toggle.run(flag)}
              disabled={toggle.pendingId === flag.id}
            />
          ),
        },
        { key: 'description', header: t('flags.descriptionField'), render: (flag) => truncate(flag.description, 100) },
        updatedColumn(),
      ]}
    />
  );
}
