import { Link } from 'react-router-dom';
import { segmentsResource } from '@phoenix/contract';
import { ResourceListPage, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { ButtonLink, truncate, updatedColumn } from '@phoenix/ui';
import { SegmentPage } from './SegmentPage';

/** segments: saved player filters. `segments?id=` is a segment's page (its count and what it is used for). */
export default function SegmentRoute() {
  const detail = useDetailParam();
  return detail.isOpen ? <SegmentPage id={detail.id} /> : <SegmentListPage />;
}

function SegmentListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(segmentsResource);
  const detail = useDetailParam();
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('segments.search')}
      deleteBody={() => t('segments.deleteBody')}
      rowActions={(s) => (
        <ButtonLink as={Link} $size="sm" to={detail.linkTo(s.id)} aria-label={t('segments.openLabel', { name: s.name })}>
          {t('segments.open')}
        </ButtonLink>
      )}
      columns={[
        { key: 'name', sortable: true, render: (s) => <Link to={detail.linkTo(s.id)}>{s.name}</Link> },
        { key: 'description', render: (s) => truncate(s.description, 80) },
        updatedColumn(),
      ]}
    />
  );
}
