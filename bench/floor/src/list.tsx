// The floor of a console page: React, react-dom and react-router only. A sidebar of 31 links (as many
// as the console's) and one list page that fetches 20 rows from an API (rows.json beside the build).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { NavLink, Navigate, Outlet, RouterProvider, createBrowserRouter } from 'react-router-dom';

interface Row {
  id: number;
  name: string;
  value: string;
  updatedAt: string;
}

const LINKS = Array.from({ length: 31 }, (_, i) => ({ path: `/admin/page-${i + 1}`, label: `Page ${i + 1}` }));

function Layout() {
  return (
    <div style={{ display: 'flex' }}>
      <nav aria-label="Main" style={{ width: 240 }}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path}>{link.label}</NavLink>
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
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    void fetch('/rows.json')
      .then((r) => r.json() as Promise<Row[]>)
      .then(setRows);
  }, []);
  return (
    <>
      <h1>List</h1>
      <table>
        <thead>
          <tr>
            <th>ID</th>
            <th>Name</th>
            <th>Value</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name}</td>
              <td>{row.value}</td>
              <td>{row.updatedAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const router = createBrowserRouter([
  { path: '/admin', element: <Layout />, children: [{ path: '*', element: <ListPage /> }] },
  { path: '*', element: <Navigate to="/admin/page-1" replace /> },
]);

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
