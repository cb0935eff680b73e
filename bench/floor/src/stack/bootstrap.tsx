import { createRoot } from 'react-dom/client';
import { NavLink, Outlet, RouterProvider } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { atom, createStore, Provider, useAtomValue } from 'jotai';
import { LINKS, RowsTable, floorRouter, useRows } from '../floorPage';

const en = {
  page: 'Page {{n}}',
  list: 'List',
  description: 'The rows of this list.',
  id: 'ID',
  name: 'Name',
  value: 'Value',
  updated: 'Updated',
};
const ja = {
  page: 'ページ {{n}}',
  list: '一覧',
  description: 'この一覧の行です。',
  id: 'ID',
  name: '名前',
  value: '値',
  updated: '更新日時',
};
void i18next
  .use(initReactI18next)
  .init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } }, interpolation: { escapeValue: false } });

const store = createStore();
const emailAtom = atom('admin@example.com');

const GlobalStyle = createGlobalStyle`body { margin: 0; font-family: system-ui, sans-serif; }`;
const Shell = styled.div`
  display: flex;
`;
const Nav = styled.nav`
  width: 240px;
  background: #f4f4f6;
`;
const Main = styled.main`
  flex: 1;
  padding: 1rem;
`;
const Cell = styled.td`
  padding: 0.25rem 0.5rem;
`;

function Layout() {
  const { t } = useTranslation();
  const email = useAtomValue(emailAtom);
  return (
    <Shell>
      <GlobalStyle />
      <Nav aria-label="Main">
        <p>{email}</p>
        <ul>
          {LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path}>{t('page', { n: link.n })}</NavLink>
            </li>
          ))}
        </ul>
      </Nav>
      <Main>
        <Outlet />
      </Main>
    </Shell>
  );
}

function ListPage() {
  const { t } = useTranslation();
  const rows = useRows();
  return (
    <>
      <h1>{t('list')}</h1>
      <p>{t('description')}</p>
      <RowsTable rows={rows} headers={[t('id'), t('name'), t('value'), t('updated')]} Cell={Cell} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <RouterProvider router={floorRouter(Layout, ListPage)} />
  </Provider>,
);
