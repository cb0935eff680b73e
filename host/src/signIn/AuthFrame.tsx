import type { ElementType, ReactNode } from 'react';
import styled from 'styled-components';
// The theme module alone: the lean sign-in page does not load the kit.
import { tokens } from '@phoenix/ui/src/theme';
import type { Translate } from './signInServices';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 8vh 1rem 2rem;
  box-sizing: border-box;
  background: ${tokens.colors.background};
  border-top: 6px solid ${tokens.colors.accent};
`;

const Card = styled.main`
  width: 100%;
  max-width: 24rem;
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  padding: 1.5rem;
  box-sizing: border-box;
`;

const Heading = styled.h1`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0 0 1rem;
  font-size: 1.35rem;
`;

const Env = styled.span`
  font-size: 0.75rem;
  padding: 0.1rem 0.45rem;
  border-radius: ${tokens.radius};
  color: ${tokens.colors.accentText};
  background: ${tokens.colors.accent};
`;

const TabList = styled.div`
  display: flex;
  border-bottom: 1px solid ${tokens.colors.border};
  margin-bottom: 1rem;
`;

const Tab = styled.a`
  padding: 0.5rem 1rem;
  color: ${tokens.colors.text};
  text-decoration: none;
  font-weight: 600;
  border-bottom: 3px solid ${tokens.colors.accent};
  margin-bottom: -1px;
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const Tools = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: 0.5rem;
`;

export const LOGIN_PATH = '/auth/login';

export interface AuthFrameProps {
  t: Translate;
  /** The environment label (shell `environmentLabel`), once the runtime configuration is known. */
  environment: string | null;
  /** The language switch. */
  tools: ReactNode;
  /** What the login tab renders as: the router's Link in the console, a plain link otherwise. */
  tabLink?: ElementType;
  children: ReactNode;
  /** After the card (the console's overlays). */
  after?: ReactNode;
}

/** Seed §2 auth layout: a single Login tab (and the language switch, so the admin can read it). */
export function AuthFrame({ t, environment, tools, tabLink, children, after }: AuthFrameProps) {
  const target = tabLink ? { as: tabLink, to: LOGIN_PATH } : { href: LOGIN_PATH };
  return (
    <Page>
      <Card>
        <Tools>{tools}</Tools>
        <Heading>
          Phoenix Admin
          {environment && <Env>{environment}</Env>}
        </Heading>
        <TabList role="tablist" aria-label={t('auth.tabs')}>
          <Tab {...target} role="tab" id="auth-tab-login" aria-selected="true" aria-controls="auth-panel-login">
            {t('auth.loginTab')}
          </Tab>
        </TabList>
        <div role="tabpanel" id="auth-panel-login" aria-labelledby="auth-tab-login">
          {children}
        </div>
      </Card>
      {after}
    </Page>
  );
}
