import styled from 'styled-components';
import { tokens } from '@phoenix/ui';
import { useHostTranslation } from '../layout/hostI18n';

const Loading = styled.p`
  color: ${tokens.colors.muted};
`;

/** A remote page's place while its remote or its page code loads, in the console's language. */
export function RemotePageLoading() {
  const { t } = useHostTranslation();
  return <Loading role="status">{t('remote.loading')}</Loading>;
}
