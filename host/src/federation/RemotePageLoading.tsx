import styled from 'styled-components';
import { useLocation, useMatches } from 'react-router-dom';
import { showsList } from '@phoenix/shell/src/boot';
import { PageBody, PageHeader, tokens } from '@phoenix/ui/src/boot';
import { useHostTranslation, useLabel } from '../layout/hostI18n';
import type { AdminRouteHandle } from '../routes/composeRoutes';

const Loading = styled.p`
  color: ${tokens.colors.muted};
`;

/**
 * A remote page's place while its remote or its page code loads, in the console's language. A list
 * page's heading comes with its remote's routes.json, so it is painted at once, where and as the page
 * will render it (the page then replaces it with the same text): the admin reads which page is
 * opening, and the largest text of the first screen no longer waits for the remote.
 */
export function RemotePageLoading() {
  const { t } = useHostTranslation();
  const label = useLabel();
  const { search } = useLocation();
  // The page's route (the deepest match) carries its heading in its handle (routes/routeTable.ts).
  const heading = (useMatches().at(-1)?.handle as AdminRouteHandle | undefined)?.heading;
  const status = <Loading role="status">{t('remote.loading')}</Loading>;
  if (!heading || !showsList(new URLSearchParams(search))) return status;
  return (
    <PageBody>
      <PageHeader title={label(heading.title)} description={heading.description && label(heading.description)} />
      {status}
    </PageBody>
  );
}
