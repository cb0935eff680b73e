import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';
import { focusRing } from './focus';
import { formatNumber } from './format';
import { tokens } from './theme';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  padding: 0.5rem 0;
  font-size: 0.875rem;
  color: ${tokens.colors.muted};
`;
const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;
const SizeSelect = styled.select`
  font: inherit;
  padding: 0.25rem 0.4rem;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  background: ${tokens.colors.surface};
  ${focusRing}
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (Page.totalCapped): there are more, shown as "10,000+". */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/**
 * "Page n of m", previous/next and a page size select; the numbers come from the server's Page<T>.
 * A capped total says so ("of 10,000+", "Page 3 of 500+"): the pager never claims an exact count
 * it was not given, and goes no further than the rows the server pages through.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 20, 50, 100],
}: PaginationProps) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const more = totalCapped ? '+' : '';
  const { t } = useTranslation('ui');
  const sizes = pageSizeOptions.includes(pageSize) ? pageSizeOptions : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  return (
    <Nav aria-label={t('pagination.label')}>
      <span aria-live="polite">
        {total === 0
          ? t('pagination.none')
          : t('pagination.range', { first: formatNumber(first), last: formatNumber(last), total: `${formatNumber(total)}${more}` })}
      </span>
      <Group>
        {onPageSizeChange && (
          <>
            <label htmlFor={sizeId}>{t('pagination.rowsPerPage')}</label>
            <SizeSelect id={sizeId} value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SizeSelect>
          </>
        )}
        <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {t('pagination.previous')}
        </Button>
        <span>
          {t('pagination.page', { page: formatNumber(Math.min(page, pageCount)), pageCount: `${formatNumber(pageCount)}${more}` })}
        </span>
        <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
          {t('pagination.next')}
        </Button>
      </Group>
    </Nav>
  );
}
