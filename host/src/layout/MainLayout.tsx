import { memo, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from 'jotai';
import styled from 'styled-components';
import { returnToAtom } from '@phoenix/shell/src/boot';
import { tokens } from '@phoenix/ui/src/boot';
import { adminRouteFor } from '../routes/routeTable';
import { Navbar as NavbarComponent } from './Navbar';
import { Overlays } from './Overlays';
import { OverrideBanner } from './OverrideBanner';
import { Sidebar } from './Sidebar';
import { useViewport } from './useViewport';
import { useHostTranslation, useLabel } from './hostI18n';
import { afterFirstPaintComponent } from '../routes/firstPaint';

/** The tab's live stream (LiveUpdates.tsx): loaded after the first paint, like the other shell-heavy parts. */
const LiveUpdates = afterFirstPaintComponent(() => import('./LiveUpdates').then((module) => module.LiveUpdates));

/* An app shell: the document never scrolls, the sidebar and the content scroll on their own,
   so "100%" of the narrow sidebar is the whole window width. */
const Shell = styled.div`
  display: flex;
  flex-direction: column;
  height: 100vh;
  height: 100dvh;
  overflow: hidden;
`;

const Body = styled.div`
  position: relative;
  display: flex;
  flex: 1 1 auto;
  min-height: 0;
  overflow: hidden;
`;

const Main = styled.main`
  flex: 1 1 auto;
  min-width: 0;
  overflow: auto;
  box-sizing: border-box;
  padding: 1.25rem 1.5rem;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -10000px;
  top: 0;
  z-index: 100;
  padding: 0.5rem 1rem;
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  &:focus {
    left: 0.5rem;
    top: 0.5rem;
    outline: 3px solid ${tokens.colors.focus};
  }
`;

function usePageTitle(pathname: string): void {
  const { t } = useHostTranslation();
  const localized = useLabel();
  const route = adminRouteFor(pathname);
  const title = route ? localized(route.title) : t('layout.dashboardTitle');
  useEffect(() => {
    document.title = `${title} · Phoenix Admin`;
  }, [title]);
}

/** The navbar reads what it needs itself (atoms, language): a location change does not re-render it. */
const Navbar = memo(NavbarComponent);

/** Seed §2 main layout: navbar, sidebar and content area. */
export function MainLayout() {
  const store = useStore();
  const { pathname } = useLocation();
  const viewport = useViewport();
  usePageTitle(pathname);
  const { t } = useHostTranslation();

  // Signed in again after a 401: the remembered page has been reached.
  useEffect(() => {
    if (store.get(returnToAtom) !== null) store.set(returnToAtom, null);
  }, [store]);

  return (
    <Shell>
      <SkipLink href="#main-content">{t('layout.skipToContent')}</SkipLink>
      <Navbar />
      <OverrideBanner />
      <Body>
        <Sidebar viewport={viewport} />
        <Main id="main-content" tabIndex={-1}>
          <Outlet />
        </Main>
      </Body>
      <Overlays />
      <LiveUpdates />
    </Shell>
  );
}
