import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatNumber } from './format';
import { tokens } from './theme';

const Note = styled.p`
  margin: 0.25rem 0 0;
  font-size: 0.8125rem;
  color: ${tokens.colors.muted};
`;

/** Under a picker searched on the server: "Showing 50 of 1,234: type to narrow", when not all are shown. */
export function PickerNotice({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('ui');
  if (total <= shown) return null;
  return (
    <Note role="status" data-testid="picker-notice">
      {t('picker.partial', { shown: formatNumber(shown), total: formatNumber(total) })}
    </Note>
  );
}
