// The floor of a console page: React, react-dom and react-router only. A sidebar of 31 links and one
// list page that fetches 20 rows from an API (floorPage.tsx).
import { createRoot } from 'react-dom/client';
import { NavLink, Outlet, RouterProvider } from 'react-router-dom';
import { LINKS, RowsTable, floorRouter, useRows } from './floorPage';

function Layout() {
  return (
    <div style={{ display: 'flex' }}>
      <nav aria-label="Main" style={{ width: 240 }}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path}>Page {link.n}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
    </div>
  );
}

function ListPage() {
  const rows = useRows();
  return (
    <>
      <h1>List</h1>
      <RowsTable rows={rows} headers={['ID', 'Name', 'Value', 'Updated']} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<RouterProvider router={floorRouter(Layout, ListPage)} />);
