import { useAtom, useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { BREAKPOINTS, environmentLabel, isSidebarMinimizedAtom, runtimeConfigAtom, useAuth, useLinkTo } from '@phoenix/shell/src/boot';
import { tokens } from '@phoenix/ui/src/boot';
import { SIDEBAR_ID } from './Sidebar';
import { LanguageSwitch } from './LanguageSwitch';
import { FindAnything } from '../search/FindAnything';
import { afterFirstPaintComponent } from '../routes/firstPaint';
import { notBeforeNavigation } from '../routes/navigationActivity';
import { useHostTranslation } from './hostI18n';

/**
 * The badge reads through the shell's API client: it loads after the first paint (it shows nothing until
 * its count is in), and a page being opened goes first.
 */
const RequestsBadge = afterFirstPaintComponent(() => import('./RequestsBadge').then((module) => notBeforeNavigation(module.RequestsBadge)));

/* One row of 3.5rem where it fits; on a phone or a narrow window the controls wrap onto a second row,
   at its right, instead of running off the screen (language and logout included). */
const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  flex-shrink: 0; /* the layout's column gives the rest to the page, never the navbar's rows */
  gap: 0.5rem 0.75rem;
  min-height: 3.5rem;
  box-sizing: border-box;
  padding: 0.5rem 1rem;
  background: ${tokens.colors.accent};
  color: ${tokens.colors.accentText};
`;

/* The brand is the way home: a link to the dashboard that looks like the title it was. */
const Title = styled(Link)`
  font-size: 1.15rem;
  font-weight: 700;
  white-space: nowrap;
  color: inherit;
  text-decoration: none;
  border-radius: ${tokens.radius};
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const EnvLabel = styled.span`
  padding: 0.1rem 0.5rem;
  border: 2px solid currentColor;
  border-radius: ${tokens.radius};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.05em;
`;

const Spacer = styled.span`
  flex: 1 1 auto;
`;

/* Takes the room the other controls leave (a basis of 0, up to its own width) and ends in an ellipsis
   beyond it: a long address shrinks before any control wraps. */
const Email = styled.span`
  flex: 100 1 0; /* before the spacer */
  min-width: 3rem;
  max-width: max-content;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 0.9rem;
  opacity: 0.9;
  @media (max-width: ${BREAKPOINTS.narrow}px) {
    display: none;
  }
`;

const HeaderButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-width: 2.75rem;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${tokens.radius};
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const NavbarLink = styled(Link)`
  color: inherit;
  font-size: 0.85rem;
  margin-right: 0.75rem;
  white-space: nowrap;
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
  @media (max-width: 640px) {
    display: none;
  }
`;

function MenuIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Seed §2 navbar: title, environment label, sidebar toggle, language switch, logout. */
export function Navbar() {
  const config = useAtomValue(runtimeConfigAtom);
  const [minimized, setMinimized] = useAtom(isSidebarMinimizedAtom);
  const { account, logout } = useAuth();
  const navigate = useNavigate();
  const { t } = useHostTranslation();
  const securityPage = useLinkTo()('security');
  const toggleLabel = minimized ? t('navbar.expandSidebar') : t('navbar.minimizeSidebar');

  const onLogout = () => {
    // Local state is cleared at once (logout waits for nobody); then straight to login,
    // without remembering this page for whoever signs in next.
    void logout();
    navigate('/auth/login', { replace: true });
  };

  return (
    <Header>
      <HeaderButton
        type="button"
        aria-label={toggleLabel}
        title={toggleLabel}
        aria-expanded={!minimized}
        aria-controls={SIDEBAR_ID}
        onClick={() => setMinimized(!minimized)}
      >
        <MenuIcon />
      </HeaderButton>
      <Title to="/admin">Phoenix Admin</Title>
      {config && <EnvLabel title={t('navbar.environment')}>{environmentLabel(config.apiBase)}</EnvLabel>}
      <Spacer />
      <FindAnything />
      {account && <RequestsBadge />}
      {account && <Email title={account.email}>{account.email}</Email>}
      {account && securityPage && <NavbarLink to={securityPage}>{t('navbar.security')}</NavbarLink>}
      <NavbarLink to="/admin/about">{t('navbar.about')}</NavbarLink>
      <LanguageSwitch />
      <HeaderButton type="button" onClick={onLogout}>
        {t('navbar.logout')}
      </HeaderButton>
    </Header>
  );
}
