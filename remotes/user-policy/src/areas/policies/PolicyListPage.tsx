import { policiesResource } from '@phoenix/contract';
import { AreaLink, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { ButtonLink, formatNumber, truncate, updatedColumn } from '@phoenix/ui';

/** policies: named sets of restricted game APIs; each row links to its APIs and its members. */
export default function PolicyListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(policiesResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('policies.search')}
      deleteBody={() => t('policies.deleteBody')}
      rowActions={(p) => (
        <>
          <ButtonLink
            as={AreaLink}
            $size="sm"
            area="policyApis"
            action="show"
            record={p.id}
            aria-label={t('policies.apisLabel', { name: p.name })}
          >
            {t('policies.apis')}
          </ButtonLink>
          <ButtonLink
            as={AreaLink}
            $size="sm"
            area="policyMembers"
            action="show"
            record={p.id}
            aria-label={t('policies.membersLabel', { name: p.name })}
          >
            {t('policies.members')}
          </ButtonLink>
        </>
      )}
      columns={[
        { key: 'name', sortable: true, render: (p) => p.name },
        { key: 'description', render: (p) => truncate(p.description, 80) },
        { key: 'apiIds', render: (p) => formatNumber(p.apiIds.length) },
        { key: 'memberCount', sortable: true, render: (p) => formatNumber(p.memberCount) },
        updatedColumn(),
      ]}
    />
  );
}
