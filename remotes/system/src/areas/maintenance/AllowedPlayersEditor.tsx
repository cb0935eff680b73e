import { useId, useState } from 'react';
import styled from 'styled-components';
import { MAX_PLAYER_IDS } from '@phoenix/contract';
import { useAddBulkUsers, useToast, useValidatePlayerIds, useTranslation } from '@phoenix/shell';
import { Badge, Button, Pagination, FieldErrorText } from '@phoenix/ui';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  font-size: 0.875rem;
`;
const IdGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.25rem 0.75rem;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem;
    font-family: ${({ theme }) => theme.monoFont};
    font-size: 0.8125rem;
  }
`;
const Muted = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
`;
/** Unique, ascending: the order the BFF stores. */
function mergeIds(current: readonly number[], added: readonly number[]): number[] {
  return [...new Set([...current, ...added])].sort((a, b) => a - b);
}

const PAGE_SIZES = [100, 200, 500];

/**
 * The player ids let in during maintenance, edited as a draft of the form. Only one page of ids
 * is rendered at a time: the list may hold 100,000.
 */
export function AllowedPlayersEditor({
  ids,
  changed,
  savedCount,
  error,
  onChange,
}: {
  ids: readonly number[];
  changed: boolean;
  savedCount: number;
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const addBulkUsers = useAddBulkUsers();
  const validatePlayerIds = useValidatePlayerIds();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const pageCount = Math.max(1, Math.ceil(ids.length / pageSize));
  const currentPage = Math.min(page, pageCount);
  const shown = ids.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  const add = async () => {
    const picked = await addBulkUsers({
      title: t('maintenance.addTitle'),
      body: t('maintenance.addBody'),
      okText: t('maintenance.addPlayers'),
      validate: validatePlayerIds,
    });
    if (!picked) return;
    const merged = mergeIds(ids, picked.map(Number));
    if (merged.length > MAX_PLAYER_IDS) {
      toast.error(t('maintenance.tooMany', { max: MAX_PLAYER_IDS, count: merged.length }));
      return;
    }
    onChange(merged);
  };

  return (
    <Section aria-labelledby={titleId}>
      <h3 id={titleId}>{t('maintenance.allowedTitle')}</h3>
      <Row>
        <span>{t('maintenance.players', { count: ids.length })}</span>
        {changed && (
          <>
            <Badge $tone="warning">{t('maintenance.unsaved')}</Badge>
            <span>{t('maintenance.savedList', { count: savedCount })}</span>
          </>
        )}
      </Row>
      <Row>
        <Button onClick={add}>{t('maintenance.addPlayers')}</Button>
        <Button variant="ghost" onClick={() => onChange([])} disabled={ids.length === 0}>
          {t('maintenance.clearList')}
        </Button>
      </Row>
      {error && <FieldErrorText role="alert">{error}</FieldErrorText>}
      {ids.length === 0 ? (
        <Muted>{t('maintenance.noneAllowed')}</Muted>
      ) : (
        <>
          <IdGrid aria-label={t('maintenance.allowedIds')}>
            {shown.map((id) => (
              <li key={id}>
                <span>{id}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('maintenance.removeLabel', { id })}
                  onClick={() => onChange(ids.filter((x) => x !== id))}
                >
                  {t('maintenance.remove')}
                </Button>
              </li>
            ))}
          </IdGrid>
          {ids.length > PAGE_SIZES[0] && (
            <Pagination
              page={currentPage}
              pageSize={pageSize}
              total={ids.length}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              pageSizeOptions={PAGE_SIZES}
            />
          )}
        </>
      )}
    </Section>
  );
}
