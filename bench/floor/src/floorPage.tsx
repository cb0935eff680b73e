// What both console-page floors share (list.tsx, and stack/ on the console's stack): a sidebar of 31 links
// (as many as the console's), a list page's 20 rows read from an API (rows.json beside the build) and their
// table, and the route tree. React and react-router only, so the plain floor stays that.
import { useEffect, useState, type ComponentType, type ElementType } from 'react';
import { Navigate, createBrowserRouter } from 'react-router-dom';

export interface Row {
  id: number;
  name: string;
  value: string;
  updatedAt: string;
}

export const LINKS = Array.from({ length: 31 }, (_, i) => ({ path: `/admin/page-${i + 1}`, n: i + 1 }));

export function useRows(): Row[] | null {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    void fetch('/rows.json')
      .then((r) => r.json() as Promise<Row[]>)
      .then(setRows);
  }, []);
  return rows;
}

/** The rows' table: `headers` in column order (id, name, value, updated), each cell a `Cell`. */
export function RowsTable({ rows, headers, Cell = 'td' }: { rows: Row[] | null; headers: string[]; Cell?: ElementType }) {
  return (
    <table>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header}>{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows?.map((row) => (
          <tr key={row.id}>
            <Cell>{row.id}</Cell>
            <Cell>{row.name}</Cell>
            <Cell>{row.value}</Cell>
            <Cell>{row.updatedAt}</Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin/* renders the list page inside the layout; anything else goes to the first page. */
export function floorRouter(Layout: ComponentType, ListPage: ComponentType) {
  return createBrowserRouter([
    { path: '/admin', element: <Layout />, children: [{ path: '*', element: <ListPage /> }] },
    { path: '*', element: <Navigate to="/admin/page-1" replace /> },
  ]);
}
